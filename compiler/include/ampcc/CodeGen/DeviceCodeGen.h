//===- DeviceCodeGen.h - restrict(amp) C++ to OpenCL C 1.2 ------*- C++ -*-===//
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
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_DEVICECODEGEN_H
#define AMPCC_CODEGEN_DEVICECODEGEN_H

#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/kernel_abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace ampcc {

/// OpenCL address spaces a lowered pointer can point into.
enum class AddrSpace : unsigned char { Private, Global, Local };

const char *addrSpaceKeyword(AddrSpace AS);

/// How one kernel capture reaches the kernel: the runtime's description
/// (include/ampcc/kernel_abi.h, the ABI both sides share) and a name.
struct CaptureInfo : rt::CaptureDesc {
  CaptureInfo() : rt::CaptureDesc{rt::CaptureKind::Value, 0, 0, 0, rt::CF_None} {}
  std::string Name; ///< For comments and messages.
};

/// What the host stub needs to know about an emitted kernel.
struct EmittedKernel {
  std::string TypeName;   ///< typeid(Closure).name()
  std::string KernelName; ///< __kernel function name
  std::vector<CaptureInfo> Captures;
  unsigned ClosureSize = 0;
  unsigned Rank = 0;
  unsigned Tile[3] = {0, 0, 0};
  std::string Location;   ///< file:line:col of the kernel
  /// The kernel's image form (textures on OpenCL images), or "".
  std::string ImageKernelName;
};

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

/// What the runtime needs to run a program built in checked mode.
struct ProgramChecks {
  bool Enabled = false;
  std::vector<std::string> Sites; ///< "file:line:col" per site number.
  unsigned ScratchBytes = 0;      ///< Global scratch after the fault record.
  /// Robust buffer access (DeviceOptions::RobustAccess): the size of each
  /// of the two regions of the sink buffer, the largest element accessed;
  /// 0 when the program is not robust.
  unsigned RobustSinkBytes = 0;
};

class FunctionEmitter;
class KernelEmitter;
class CloneEmitter;

/// Options of the generated code that come from the command line.
struct DeviceOptions {
  /// Let the OpenCL compiler fuse a*b+c into one rounding (OpenCL's and
  /// Clang's default for C++; HLSL, which Visual C++'s C++ AMP used, fuses
  /// freely). -ffp-contract=off gives results identical to unfused host code.
  bool FPContract = true;
  /// -fsanitize=bounds: every element access of an array, array_view or
  /// C array (tile_static ones included) checks its index; a bad access is
  /// skipped and recorded for the runtime (docs/architecture.md, "Checked
  /// mode").
  bool CheckBounds = false;
  /// -frobust-buffer-access: Direct3D's robust buffer access. An element
  /// access of an array or array_view outside its buffer reads 0 and its
  /// write is dropped (docs/architecture.md, "Robust buffer access").
  /// Checked mode, which checks against the view's extent, supersedes it.
  bool RobustAccess = false;
};

/// One clone of a function: the function and the address spaces of its
/// pointer-lowered parameters (and of `this`, for non-const members).
struct CloneKey {
  const clang::FunctionDecl *FD;
  std::vector<AddrSpace> ParamSpaces; ///< One per parameter; Private if n/a.
  /// For reference-to-pointer parameters, where the referenced pointer
  /// points; Private for every other parameter.
  std::vector<AddrSpace> InnerSpaces;
  /// For array_view parameters (by value or by reference), where the view's
  /// elements live; Global for every other parameter.
  std::vector<AddrSpace> ViewSpaces;
  /// For `T *&&` parameters bound to a temporary pointer: nothing but the
  /// callee can see that temporary, so the parameter is the pointer itself,
  /// passed by value (its ParamSpaces entry is where it points), and the
  /// callee may version it like a local pointer. False for every other
  /// parameter.
  std::vector<bool> TempPointers;
  AddrSpace ThisSpace = AddrSpace::Private;
  /// For members of array_view and of classes holding views: where the
  /// object's views' elements live.
  AddrSpace ThisViewSpace = AddrSpace::Global;
  /// A non-const member called on a temporary: `this` is a by-value copy.
  bool ThisByValue = false;
  /// Reached from the image form of kernel number ImageKernel (0: not):
  /// the clone takes that kernel's images (ImageSlot).
  unsigned ImageKernel = 0;
  bool operator<(const CloneKey &O) const {
    return std::tie(FD, ThisByValue, ThisSpace, ThisViewSpace, ParamSpaces,
                    InnerSpaces, ViewSpaces, TempPointers, ImageKernel) <
           std::tie(O.FD, O.ThisByValue, O.ThisSpace, O.ThisViewSpace,
                    O.ParamSpaces, O.InnerSpaces, O.ViewSpaces, O.TempPointers,
                    O.ImageKernel);
  }
};

struct FunctionPlan;
class ClonePlanner;

/// A printed clone: its C name and the plan it was printed from.
struct CloneInfo {
  std::string Name;
  const FunctionPlan *Plan = nullptr;
};

class DeviceCodeGen {
public:
  DeviceCodeGen(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
                const DeviceOptions &Opts);
  ~DeviceCodeGen();

  /// Emits the kernel entry point and everything it reaches.
  void emitKernel(const KernelSite &K);

  /// The whole OpenCL C program. Call after all emitKernel calls.
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
  /// \p K for a function of image kernel \p K that can reach an image
  /// intrinsic, else 0: the others need no images and stay shared with the
  /// buffer forms.
  unsigned imageKernelFor(const clang::FunctionDecl *FD, unsigned K);

  // --- Checked mode (DeviceOptions::CheckBounds) --------------------------
  bool checksBounds() const { return Opts.CheckBounds; }
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
  /// Registers an element of \p Bytes accessed robustly: the sink's two
  /// regions (writes, then zeros for reads) are as large as the largest.
  void noteRobustElement(uint64_t Bytes) {
    SinkWords = std::max<unsigned>(SinkWords, unsigned((Bytes + 7) / 8));
  }

  /// "file:line:col" of \p Loc (where its macro expands), or "".
  std::string locationText(clang::SourceLocation Loc) const;
  /// `#line N "file"` for \p Loc, or "" when \p Loc is invalid.
  std::string lineDirective(clang::SourceLocation Loc);

  /// The variable a lambda closure's field captures, or null.
  static const clang::ValueDecl *capturedVar(const clang::FieldDecl *F);
  /// The C name of a field (captured variables' names for lambdas).
  static std::string fieldName(const clang::FieldDecl *F);

  /// True when destroying an object of type \p T (or an array of them) runs
  /// code on the device: a destructor with a body, of the class or of a
  /// member or base. The C++ AMP library's destructors do nothing there.
  bool needsDestruction(clang::QualType T);

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

  llvm::StringSet<> UsedNames;
  /// Per class and the space its views view (classes without views: global).
  std::map<std::pair<const clang::CXXRecordDecl *, AddrSpace>, std::string> RecordNames;
  /// (location, type) pairs already reported as unsupported.
  std::set<std::pair<unsigned, void *>> ReportedTypes;
  std::map<std::pair<const clang::Type *, AddrSpace>, std::string> ArrayViewNames;
  std::unique_ptr<ClonePlanner> Planner;
  std::map<CloneKey, CloneInfo> Clones;
  llvm::StringSet<> HelperKeys;
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> DestructionNeeded;

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
  /// Memo of imageKernelFor: whether a function reaches an image intrinsic.
  llvm::DenseMap<const clang::FunctionDecl *, bool> ReachesImages;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_DEVICECODEGEN_H
