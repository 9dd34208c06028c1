//===- CodeGenModule.h - one program's OpenCL C, being printed --*- C++ -*-===//
//
// The device code generator prints OpenCL C 1.2 source from the Clang AST of
// the kernels of one translation unit and everything they reach.
//
// Design overview (docs/architecture.md has the long form):
//  * Two steps. A planner (ClonePlanner.h) decides, for each function and
//    kernel, where every lowered reference and pointer points and which
//    clone each call calls; the printer (FunctionEmitter.h) reads that plan
//    and prints. Printing is demand driven: a kernel asks for the types and
//    functions it uses, each printed once, callees first, so no prototypes
//    are needed. The program is assembled as: header, type definitions,
//    function bodies, kernels.
//  * C++ classes become C structs; member functions become functions taking
//    the object explicitly (non-const members by pointer, const members by
//    value); constructors become functions returning the new object.
//  * References and pointers become C pointers qualified with an OpenCL
//    address space. The space is inferred from what is bound to them, and a
//    function is cloned for each combination of spaces it is called with, so
//    one C++ function can work on __global, __local and __private data.
//  * `const T&` parameters become by-value parameters: cheaper on GPUs and it
//    frees the callers from address-space bookkeeping.
//  * The C++ AMP library types are written in translatable C++ (<amp.h>),
//    except array_view/array element access and the few device intrinsics,
//    which AmpLibrary lowers itself.
//
//
// CodeGenModule is private to CodeGen (as Clang's CodeGenModule.h is): it
// holds the program being assembled and the services the emitters share.
// The frontend sees only ampcc/CodeGen/DeviceCodeGen.h.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_CODEGENMODULE_H
#define AMPCC_CODEGEN_CODEGENMODULE_H

#include "CloneKey.h"
#include "BarrierQueries.h"
#include "MutationQueries.h"
#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/CodeGen/DeviceCodeGen.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ampcc {

/// One OpenCL image of a kernel's image form: a texture capture the kernel
/// only reads or only writes. Every function the image form reaches takes
/// the kernel's images as trailing parameters `ampcc_img<slot>`, and a
/// texture struct names its image by `shape.off = -1 - slot`
/// (docs/graphics.md, "Images").
struct ImageSlot {
  unsigned Rank = 0;
  bool Write = false;
  char Kind = 'f'; ///< 'f' float/norm/unorm, 'i' int, 'u' uint.
  unsigned Channels = 1;
};

/// The name by which checked code reaches its checking state (the fault
/// record and the scratch the skipped accesses use): a hidden trailing
/// parameter of every function in checked mode.
inline constexpr const char *CheckStateName = "ampcc_chk";

class FunctionEmitter;
class KernelEmitter;
class CloneEmitter;
struct FunctionPlan;
class ClonePlanner;

/// A printed clone: its C name and the plan it was printed from.
struct CloneInfo {
  std::string Name;
  const FunctionPlan *Plan = nullptr;
};

/// The program being printed (types, helpers, clones and kernels, each
/// printed once, callees first) and the services the emitters share.
class CodeGenModule {
public:
  /// \p Mutations: answers shared with another module over the same AST
  /// (a new set when null).
  CodeGenModule(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
                const DeviceOptions &Opts,
                std::shared_ptr<MutationQueries> Mutations = nullptr);
  ~CodeGenModule();

  // What DeviceCodeGen (DeviceCodeGen.h) hands on.
  void emitKernel(const KernelSite &K); // KernelEmitter.cpp
  std::string finish();
  const std::vector<EmittedKernel> &kernels() const { return Kernels; }
  bool usesDouble() const { return UsesDouble; }
  bool hadError() const;

  // --- Services for FunctionEmitter -------------------------------------
  clang::ASTContext &getContext() { return Ctx; }
  clang::DiagnosticsEngine &getDiags() { return Diags; }
  /// CodeGen's first step: the address spaces and clones of every function
  /// (ClonePlanner.h).
  ClonePlanner &planner() { return *Planner; }

  /// The OpenCL C spelling of \p T as a value type (no references). An
  /// array_view (or an array of them) is the view struct whose data pointer
  /// points into \p ViewData: views over private or tile_static memory are
  /// other C types than views over global memory.
  std::string lowerType(clang::QualType T, clang::SourceLocation Loc,
                        AddrSpace ViewData = AddrSpace::Global);
  /// Declares "Type Name" in C (handles array declarators).
  std::string declare(clang::QualType T, llvm::StringRef Name,
                      clang::SourceLocation Loc,
                      AddrSpace ViewData = AddrSpace::Global);
  /// "__local int *Name" (or "__local int (*Name)[4]") for a reference to an
  /// array: a pointer to its first element.
  std::string pointerToArrayElements(clang::QualType Array, AddrSpace AS,
                                     llvm::StringRef Name,
                                     clang::SourceLocation Loc,
                                     AddrSpace ViewData = AddrSpace::Global);
  /// Pointer type spelling: "__global float *". A pointee that is itself a
  /// pointer (a C++ reference to a pointer, lowered to a pointer to it)
  /// points into \p Inner: "__global float *__private *".
  std::string pointerTo(clang::QualType Pointee, AddrSpace AS,
                        clang::SourceLocation Loc,
                        AddrSpace Inner = AddrSpace::Private,
                        AddrSpace ViewData = AddrSpace::Global);

  /// Requests a function clone, returns its lowered description; prints
  /// its body (callees first) on the first request.
  const CloneInfo &requestFunction(const CloneKey &Key,
                                   clang::SourceLocation CallLoc);

  /// A fresh identifier not clashing with OpenCL keywords or built-ins.
  std::string uniqueGlobalName(llvm::StringRef Base);
  /// A safe spelling of a local identifier (renames OpenCL keywords).
  static std::string safeLocalName(llvm::StringRef Name);
  /// The member of \p Derived's lowered struct that holds its direct base
  /// \p Base (bases are the leading members `_base0`, `_base1`, ...).
  static std::string baseFieldName(const clang::CXXRecordDecl *Derived,
                                   const clang::CXXRecordDecl *Base);

  /// Adds a type definition once per \p Key (after those emitted so far).
  void addTypeDef(llvm::StringRef Key, const std::string &Code);
  /// Adds a helper function once per \p Key, before the function being
  /// emitted (functions are emitted callees first, so no prototypes needed).
  void addHelper(llvm::StringRef Key, const std::string &Code);
  void noteUsesDouble() { UsesDouble = true; }

  /// The images of image kernel \p K (CloneKey::ImageKernel).
  const std::vector<ImageSlot> &imageSlots(unsigned K) const {
    return ImageKernels.at(K);
  }
  /// ", __read_only image2d_t ampcc_img0, ..." and ", ampcc_img0, ...":
  /// what a function of image kernel \p K declares and passes; "" for 0.
  std::string imageParams(unsigned K) const;
  std::string imageArgs(unsigned K) const;

  // --- Checked mode (DeviceOptions::CheckBounds) --------------------------
  bool checksBounds() const { return Opts.CheckBounds; }
  /// DeviceOptions::HostKernels.
  bool hostKernels() const { return Opts.HostKernels; }
  /// How kernel-scope tile_static storage is declared: `__local`, or with
  /// host kernels a macro that is `__local` in OpenCL and per thread (one
  /// thread runs a tile) on the host.
  const char *tileStaticStorageClass() const {
    return Opts.HostKernels ? "AMPCC_TILE_STATIC" : "__local";
  }
  /// Registers an access checked at \p Loc whose element takes \p Bytes;
  /// returns its site number (the runtime names the site by it).
  unsigned checkSite(clang::SourceLocation Loc, uint64_t Bytes);
  /// The checked accesses and the scratch they need (after finish()).
  ProgramChecks checks() {
    return {usesFaultRecord(), CheckSites, ScratchWords * 8,
            robustAccess() ? SinkWords * 8 : 0};
  }
  /// True when kernels take the fault buffer and every function the
  /// checking state: in checked mode, and in a program that calls
  /// direct3d_errorf or direct3d_abort, which record there why the kernel
  /// ended (KernelDiagnostics.cpp).
  bool usesFaultRecord() { return Opts.CheckBounds || programAborts(); }
  /// True when the program calls direct3d_errorf or direct3d_abort.
  bool programAborts();
  /// True when running \p S may call direct3d_errorf or direct3d_abort,
  /// directly or through the functions it calls: the statement is followed
  /// by a return when the thread has aborted.
  bool mayAbort(const clang::Stmt *S);
  /// Registers a direct3d_errorf or direct3d_abort at \p Loc; \p Payload is
  /// what the runtime needs to word the exception (appended to the site's
  /// "file:line:col" after a \x1f). Returns its site number.
  unsigned diagnosticSite(clang::SourceLocation Loc, const std::string &Payload);
  /// The helper that records a bad access (defined once per program).
  std::string faultReporter();
  /// "global", "local" or "private".
  static const char *spaceName(AddrSpace AS);
  /// The scratch of space \p AS a skipped access uses, cast to \p Ptr
  /// (inside a checked helper, whose checking state is `chk`).
  static std::string scratch(AddrSpace AS, const std::string &Ptr) {
    return "(" + Ptr + ")chk->" + spaceName(AS) + "_scratch";
  }

  // --- Robust buffer access (DeviceOptions::RobustAccess) ---------------
  bool robustAccess() const { return Opts.RobustAccess && !Opts.CheckBounds; }
  /// What the kernels' bodies change (MutationQueries.h).
  MutationQueries &mutations() { return *Mutations; }
  std::shared_ptr<MutationQueries> sharedMutations() const { return Mutations; }
  /// Where the kernels wait at barriers (BarrierQueries.h).
  BarrierQueries &barriers() { return Barriers; }
  /// Registers an element of \p Bytes accessed robustly: the sink's two
  /// regions (writes, then zeros for reads) are as large as the largest.
  void noteRobustElement(uint64_t Bytes) {
    SinkWords = std::max<unsigned>(SinkWords, unsigned((Bytes + 7) / 8));
  }

  /// "file:line:col" of \p Loc (where its macro expands), or "".
  std::string locationText(clang::SourceLocation Loc) const;
  /// `#line N "file"` for \p Loc, or "" when \p Loc is invalid.
  std::string lineDirective(clang::SourceLocation Loc);

  /// The C name of a field (captured variables' names for lambdas).
  static std::string fieldName(const clang::FieldDecl *F);

private:
  friend class KernelEmitter;
  friend class CloneEmitter;
  std::string lowerRecord(const clang::CXXRecordDecl *RD,
                          clang::SourceLocation Loc,
                          AddrSpace ViewData = AddrSpace::Global);
  std::string lowerArrayView(const clang::CXXRecordDecl *RD,
                             clang::SourceLocation Loc, AddrSpace ViewData);
  /// The device struct of a view's shape (defined on first use):
  /// ampcc_shapeN { off, ext[N], stride[N] }, and for the texture classes
  /// ampcc_tshapeN with the mipmap level count `levels` and the
  /// bits_per_scalar_element `bits` after them.
  std::string shapeType(const ViewShape &Shape);

  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &Diags;
  DeviceOptions Opts;
  std::shared_ptr<MutationQueries> Mutations;
  BarrierQueries Barriers;

  llvm::StringSet<> UsedNames;
  /// Per class and the space its views view (classes without views: global).
  std::map<std::pair<const clang::CXXRecordDecl *, AddrSpace>, std::string> RecordNames;
  /// (location, type) pairs already reported as unsupported.
  std::set<std::pair<unsigned, void *>> ReportedTypes;
  std::map<std::pair<const clang::Type *, AddrSpace>, std::string> ArrayViewNames;
  std::unique_ptr<ClonePlanner> Planner;
  std::map<CloneKey, CloneInfo> Clones;
  llvm::StringSet<> HelperKeys;

  std::vector<std::string> CheckSites;
  unsigned ScratchWords = 1;
  unsigned SinkWords = 1;
  /// programAborts(), once known; mayAbort's answer per function.
  std::optional<bool> Aborts;
  llvm::DenseMap<const clang::FunctionDecl *, bool> AbortingFunctions;
  bool functionMayAbort(const clang::FunctionDecl *FD);

  std::string TypeDefs, Bodies, KernelText;
  std::vector<EmittedKernel> Kernels;
  bool UsesDouble = false;
  /// Image kernel number (from 1) to its images.
  std::map<unsigned, std::vector<ImageSlot>> ImageKernels;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_CODEGENMODULE_H
