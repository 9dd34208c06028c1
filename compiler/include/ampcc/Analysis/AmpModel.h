//===- AmpModel.h - what the compiler knows about the AMP library -*- C++ -*-===//
//
// The C++ AMP library (<amp.h>, include/ampcc/) is ordinary translatable C++,
// and almost nothing in it is special to the compiler. What is special lives
// here, once, for the checker (Sema), the code generator and the host stub:
//  - which declarations are the library's (namespace Concurrency);
//  - the classes the compiler lowers itself: array and array_view (a pointer
//    and a shape on the device), their rank and element type;
//  - the index types, whose coordinates are the array member `_M_base`
//    (include/ampcc/index.h) that kernels' prologues fill in;
//  - the compute domains of parallel_for_each: extent<N> and tiled_extent;
//  - the restriction of a function, one type for every layer.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_ANALYSIS_AMPMODEL_H
#define AMPCC_ANALYSIS_AMPMODEL_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cassert>
#include <optional>

namespace ampcc {

/// The restriction of a function, as C++ AMP names it: the set of sides
/// (restrict(cpu), restrict(amp)) it may run on, so that the restrictions
/// several declarations offer can be joined (|) and intersected (&).
/// Diagnostics take it as-is, as the index of `%select{amp|cpu|cpu, amp}`.
enum class Side : unsigned { None = 0, Cpu = 1, Amp = 2, Both = Cpu | Amp };

constexpr Side operator|(Side A, Side B) {
  return static_cast<Side>(static_cast<unsigned>(A) | static_cast<unsigned>(B));
}
constexpr Side operator&(Side A, Side B) {
  return static_cast<Side>(static_cast<unsigned>(A) & static_cast<unsigned>(B));
}
/// The sides of \p A that \p B lacks.
constexpr Side operator-(Side A, Side B) {
  return static_cast<Side>(static_cast<unsigned>(A) & ~static_cast<unsigned>(B));
}
inline Side &operator|=(Side &A, Side B) { return A = A | B; }
inline Side &operator&=(Side &A, Side B) { return A = A & B; }
/// Whether the set \p S includes the side \p One.
constexpr bool includes(Side S, Side One) { return (S & One) == One; }

/// The `%select{amp|cpu|cpu, amp}` index of a non-empty \p S.
constexpr unsigned selectIndex(Side S) {
  return S == Side::Amp ? 0 : S == Side::Cpu ? 1 : 2;
}

inline const clang::StreamingDiagnostic &operator<<(const clang::StreamingDiagnostic &D,
                                                    Side S) {
  assert(S != Side::None && "no restriction to name");
  D.AddTaggedVal(selectIndex(S), clang::DiagnosticsEngine::ak_uint);
  return D;
}

/// True for declarations in ampcc's own headers' namespace (Concurrency,
/// also reached as concurrency), at any depth.
bool isInAmpNamespace(const clang::Decl *D);

/// A function of Concurrency::fast_math or Concurrency::precise_math: a
/// value of its arguments alone.
bool isAmpMathFunction(const clang::FunctionDecl *FD);

/// Concurrency::direct3d_printf and direct3d_errorf, whose arguments may
/// be string literals (OpenCL C's printf takes them), and direct3d_abort.
/// \p Name is the function's name without the namespace.
bool isKernelDiagnostic(const clang::FunctionDecl *FD, llvm::StringRef Name = "");

/// True when \p RD is the class (or class template specialization)
/// Concurrency::\p Name, in any nested namespace of the library.
bool isAmpClass(const clang::CXXRecordDecl *RD, llvm::StringRef Name);

/// graphics::texture, texture_view and writeonly_texture_view.
bool isTextureClass(const clang::CXXRecordDecl *RD);

/// array_view<T,N> and array<T,N>, and the texture classes (stored as an
/// array of texels): on the device each is a __global pointer and a shape,
/// and their element access is lowered by CodeGen.
bool isViewClass(const clang::CXXRecordDecl *RD);

/// The element type and rank of an array or array_view specialization.
struct ViewShape {
  clang::QualType Element; ///< As written: `const T` for read-only views.
  unsigned Rank = 0;
  bool IsArray = false; ///< concurrency::array or texture: captured by reference.
  /// A texture class: its shape also has a mipmap level count and bits per
  /// scalar element (the runtime's CF_Texture, the device's `levels`, `bits`).
  bool IsTexture = false;
};
/// The shape of \p RD, or nothing when it is not a complete view class
/// specialization (a dependent type, a forward declaration).
std::optional<ViewShape> viewShape(const clang::CXXRecordDecl *RD);
inline std::optional<ViewShape> viewShape(clang::QualType T) {
  return viewShape(T.getNonReferenceType()->getAsCXXRecordDecl());
}

/// Is \p T a concurrency::array or array_view, or a class or array holding
/// one in its fields, bases or elements, at any depth?
bool holdsAmpContainer(clang::QualType T);

/// concurrency::array and graphics::texture: the only objects amp code may
/// hold by reference in captures and members (spec 2.4.1.2); the texture
/// views are captured by value, like array_view.
bool isArrayOrTexture(clang::QualType T);

/// index<N>, extent<N> and tiled_index's members keep their coordinates in
/// this int array member (include/ampcc/index.h); kernel prologues write
/// the work-item ids into it.
constexpr llvm::StringLiteral IndexStorageField = "_M_base";

/// The rank of index<N> or extent<N> (\p Name), or 0 when \p T is not that
/// class template's specialization.
unsigned indexRank(clang::QualType T, llvm::StringRef Name);

/// The tile dimensions of tiled_index<D0, D1, D2> or tiled_extent<D0, D1,
/// D2> (\p Name): trailing zeros for lower ranks. Nothing when \p T is not
/// that class template's specialization.
std::optional<std::array<unsigned, 3>> tileDims(clang::QualType T,
                                                llvm::StringRef Name);

/// \p E without parentheses, implicit casts, temporaries, copies and the
/// wrappers of pseudo-objects and opaque values: the same value.
const clang::Expr *throughCopies(const clang::Expr *E);

/// `t.<Member>[d]` with d a constant (a tiled_index's `local`, `global`,
/// `tile` or `tile_origin`, read through copies and temporaries): the
/// variable t, the member and d.
struct IndexMemberCoordinate {
  const clang::ValueDecl *Var;
  const clang::MemberExpr *Member;
  int64_t Dim;
};
std::optional<IndexMemberCoordinate>
indexMemberCoordinate(const clang::Expr *E, llvm::StringRef Member, const clang::ASTContext &Ctx);

} // namespace ampcc

#endif // AMPCC_ANALYSIS_AMPMODEL_H
