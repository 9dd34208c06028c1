//===- PtxLowering.cpp - OpenCL kernels' IR made ready for CUDA ----------===//
#include "PtxLowering.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

namespace ampcc {

bool isOpenCLKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::SPIR_KERNEL && !F.isDeclaration();
}

void dropKernels(Module &M, ArrayRef<std::string> Names) {
  std::set<const Function *> Gone;
  for (const std::string &Name : Names)
    if (Function *F = M.getFunction(Name))
      Gone.insert(F);
  if (Gone.empty())
    return;
  // nvvm.annotations names each kernel; its entries for the dropped ones
  // would point at nothing.
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations")) {
    std::vector<MDNode *> Kept;
    for (MDNode *Entry : Annotations->operands()) {
      auto *GV = Entry->getNumOperands()
                     ? mdconst::dyn_extract_or_null<GlobalValue>(Entry->getOperand(0))
                     : nullptr;
      if (!GV || !Gone.count(dyn_cast<Function>(GV)))
        Kept.push_back(Entry);
    }
    Annotations->clearOperands();
    for (MDNode *Entry : Kept)
      Annotations->addOperand(Entry);
  }
  for (const Function *F : Gone)
    const_cast<Function *>(F)->eraseFromParent();
}

/// \p Old with three i64 parameters more, its body moved over; Old is gone.
static Function *withOffsetParams(Function *Old) {
  FunctionType *OldTy = Old->getFunctionType();
  std::vector<Type *> Params(OldTy->param_begin(), OldTy->param_end());
  Type *I64 = Type::getInt64Ty(Old->getContext());
  Params.insert(Params.end(), 3, I64);
  FunctionType *NewTy = FunctionType::get(OldTy->getReturnType(), Params, false);
  Function *New = Function::Create(NewTy, Old->getLinkage(), Old->getAddressSpace(),
                                   "", Old->getParent());
  New->copyAttributesFrom(Old);
  New->copyMetadata(Old, 0);
  New->splice(New->begin(), Old);
  for (auto [From, To] : zip_first(Old->args(), New->args())) {
    From.replaceAllUsesWith(&To);
    To.takeName(&From);
  }
  static const char *const Names[] = {"ampcc_offset0", "ampcc_offset1", "ampcc_offset2"};
  for (unsigned D = 0; D < 3; ++D)
    New->getArg(OldTy->getNumParams() + D)->setName(Names[D]);
  New->takeName(Old);
  // Metadata (nvvm.annotations) follows the function; nothing calls a kernel.
  Old->replaceAllUsesWith(New);
  Old->eraseFromParent();
  return New;
}

/// get_global_id(D) + offset D, get_group_id(D) + offset D / the
/// work-group size D (a launch in parts starts at whole work-groups), and
/// get_global_offset(D) as offset D.
static void applyOffsets(Function &Kernel, unsigned FirstOffset) {
  std::vector<CallInst *> Calls;
  for (Instruction &I : instructions(Kernel))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Function *Callee = Call->getCalledFunction())
        if (Callee->getName() == "_Z13get_global_idj" ||
            Callee->getName() == "_Z12get_group_idj" ||
            Callee->getName() == "_Z17get_global_offsetj")
          Calls.push_back(Call);
  Module &M = *Kernel.getParent();
  for (CallInst *Call : Calls) {
    IRBuilder<> B(Call->getNextNode());
    Value *Dim = Call->getArgOperand(0);
    // The dimension is a constant in everything ampcc generates; select
    // over the three otherwise.
    Value *Offset = Kernel.getArg(FirstOffset + 2);
    for (int D = 1; D >= 0; --D)
      Offset = B.CreateSelect(B.CreateICmpEQ(Dim, B.getInt32(D)),
                              Kernel.getArg(FirstOffset + D), Offset);
    if (Call->getCalledFunction()->getName() == "_Z17get_global_offsetj") {
      Call->replaceAllUsesWith(Offset);
      Call->eraseFromParent();
      continue;
    }
    if (Call->getCalledFunction()->getName() == "_Z12get_group_idj") {
      // In 32 bits: C++ AMP's extents are ints, so offsets are below 2^31,
      // and a 64-bit division would cost the kernel registers (occupancy)
      // for a subroutine that never runs.
      FunctionCallee LocalSize = M.getOrInsertFunction(
          "_Z14get_local_sizej", Call->getType(), Dim->getType());
      Value *Size = B.CreateTrunc(B.CreateCall(LocalSize, {Dim}), B.getInt32Ty());
      Offset = B.CreateZExt(B.CreateUDiv(B.CreateTrunc(Offset, B.getInt32Ty()), Size),
                            Call->getType());
    }
    Value *Sum = B.CreateAdd(Call, Offset, "with_offset");
    Call->replaceUsesWithIf(Sum, [Sum](Use &U) { return U.getUser() != Sum; });
  }
}

void addGlobalOffsetArguments(Module &M) {
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (isOpenCLKernel(F))
      Kernels.push_back(&F);
  for (Function *Old : Kernels) {
    unsigned First = Old->getFunctionType()->getNumParams();
    applyOffsets(*withOffsetParams(Old), First);
  }
}

void lowerPrintf(Module &M) {
  Function *Printf = M.getFunction("printf");
  if (!Printf)
    return;
  LLVMContext &Ctx = M.getContext();
  PointerType *Generic = PointerType::get(Ctx, 0);
  FunctionCallee VPrintf = M.getOrInsertFunction(
      "vprintf", FunctionType::get(Type::getInt32Ty(Ctx), {Generic}, true));
  std::vector<CallInst *> Calls;
  for (User *U : Printf->users())
    if (auto *Call = dyn_cast<CallInst>(U))
      Calls.push_back(Call);
  for (CallInst *Call : Calls) {
    IRBuilder<> B(Call);
    std::vector<Value *> Args(Call->arg_begin(), Call->arg_end());
    // OpenCL's format and %s strings are __constant (or another space); the
    // driver's vprintf reads generic addresses.
    for (Value *&Arg : Args)
      if (auto *Ptr = dyn_cast<PointerType>(Arg->getType()); Ptr && Ptr->getAddressSpace())
        Arg = B.CreateAddrSpaceCast(Arg, Generic);
    CallInst *New = B.CreateCall(VPrintf, Args);
    Call->replaceAllUsesWith(New);
    Call->eraseFromParent();
  }
  if (Printf->use_empty())
    Printf->eraseFromParent();
}

void annotateBlockSizes(Module &M) {
  NamedMDNode *Annotations = M.getOrInsertNamedMetadata("nvvm.annotations");
  LLVMContext &Ctx = M.getContext();
  for (Function &F : M) {
    MDNode *Size = isOpenCLKernel(F) ? F.getMetadata("reqd_work_group_size") : nullptr;
    if (!Size || Size->getNumOperands() != 3)
      continue;
    static const char *const Keys[] = {"reqntidx", "reqntidy", "reqntidz"};
    for (unsigned D = 0; D < 3; ++D)
      Annotations->addOperand(MDNode::get(
          Ctx, {ValueAsMetadata::get(&F), MDString::get(Ctx, Keys[D]),
                Size->getOperand(D)}));
  }
}

void lowerRsqrt(Module &M) {
  Function *Rsqrt = M.getFunction("_Z5rsqrtf");
  if (!Rsqrt)
    return;
  Function *Approx = Intrinsic::getDeclaration(&M, Intrinsic::nvvm_rsqrt_approx_f);
  Rsqrt->replaceAllUsesWith(Approx);
  Rsqrt->eraseFromParent();
}

void alignTileStatic(Module &M) {
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getAddressSpace() != 3 || !GV.getValueType()->isArrayTy())
      continue;
    uint64_t Bytes = M.getDataLayout().getTypeAllocSize(GV.getValueType());
    if (Bytes % 16 == 0 && GV.getAlign().valueOrOne() < Align(16))
      GV.setAlignment(Align(16));
  }
}

/// The kernels whose call graph reaches \p F.
static std::vector<std::string> kernelsReaching(Function &F) {
  SetVector<Function *> Callers;
  std::vector<std::string> Kernels;
  Callers.insert(&F);
  for (size_t I = 0; I < Callers.size(); ++I) {
    Function *Callee = Callers[I];
    if (isOpenCLKernel(*Callee))
      Kernels.push_back(Callee->getName().str());
    for (User *U : Callee->users())
      if (auto *Call = dyn_cast<CallBase>(U))
        Callers.insert(Call->getFunction());
  }
  return Kernels;
}

std::map<std::string, std::vector<std::string>> unresolvedFunctions(Module &M) {
  std::map<std::string, std::vector<std::string>> Missing;
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        F.getName() == "vprintf")
      continue;
    Missing[F.getName().str()] = kernelsReaching(F);
  }
  return Missing;
}

} // namespace ampcc
