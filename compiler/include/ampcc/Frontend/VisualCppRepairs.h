//===- VisualCppRepairs.h - Visual C++ code that Clang rejects --*- C++ -*-===//
//
// Visual C++ accepts code that Clang rejects, and C++ AMP programs written
// for it rely on that: a member template called without `template`, a
// dependent type without `typename`, `void main()`, a temporary handle bound
// to a non-const reference, a rank parameter declared `unsigned` and deduced
// from `array_view<T, N>` (whose N is an int), and names that clash only with
// glibc and libstdc++. Clang recovers from each error; this class recognises
// them as they are reported and turns them into edits of the user's files.
// The device pass then parses the edited text again, and the host pass
// compiles the same text, so both see one program.
//
// Some repairs need the AST (which argument of a failed call, which template
// parameter): their errors are recorded while Clang reports them and
// resolved at the end of the translation unit, where ampcc reports its own
// warning instead of Clang's error.
//
// Only files that are not system headers are edited: the main file and the
// user's own headers.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_VISUALCPPREPAIRS_H
#define AMPCC_FRONTEND_VISUALCPPREPAIRS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/AST/Type.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class ClassTemplateDecl;
} // namespace clang

namespace ampcc {

class TranslationUnitRoots;

/// Replace Length bytes at Offset of File (an absolute path) by Text.
struct SourceEdit {
  std::string File;
  unsigned Offset;
  unsigned Length;
  std::string Text;
  bool operator<(const SourceEdit &O) const {
    return File != O.File ? File < O.File : Offset < O.Offset;
  }
};

/// The edit at \p Loc (a file location) of the file that holds it.
SourceEdit editAt(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  unsigned Length, std::string Text);

/// The declarations and failed calls the repairs that need the AST look at,
/// found in one walk of the translation unit (RepairSites.h).
class RepairSites;

class VisualCppRepairs {
public:
  enum class Verdict {
    NotRepaired, ///< a real error
    Warning,     ///< repaired; show Clang's text as a warning
    Silent,      ///< repaired; ampcc reports its own warning later
  };

  /// Looks at an error as Clang reports it.
  Verdict onError(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  /// Notes follow their error: a candidate's note says why it was not viable.
  void onNote(const clang::Diagnostic &Info);
  /// Whether the Visual C++ machine's headers are on (-fms-headers): then
  /// `std::exception("message")` is repaired (ampcc/ms_prelude.h).
  void setMsHeaders(bool On) { MsHeaders = On; }
  /// Repairs nothing from now on: every error is a real one.
  void disable() { Disabled = true; }
  /// Resolves the repairs that need the AST and reports their warnings.
  /// \p Roots: where the walk for the repairs that need the AST starts
  /// (the file's own declarations when <amp.h> came precompiled: the
  /// repairs edit the file, never the header).
  void finishTranslationUnit(clang::ASTContext &Ctx, const TranslationUnitRoots &Roots);
  /// Whether the diagnostics now reported are those warnings (a later
  /// parse prints them, though it prints no other warning).
  bool reporting() const { return Reporting; }

  /// Every edit found so far, in the order found (duplicates included:
  /// templates report once per instantiation).
  const std::vector<SourceEdit> &edits() const { return Edits; }
  bool empty() const { return Edits.empty(); }

private:
  bool editable(const clang::SourceManager &SM, clang::SourceLocation Loc) const;
  void addEdit(const clang::SourceManager &SM, clang::SourceLocation Loc,
               unsigned Length, std::string Text) {
    Edits.push_back(editAt(SM, Loc, Length, std::move(Text)));
  }
  /// Templates report an error once per instantiation: true the first
  /// time a warning is due at \p L.
  bool firstTime(clang::SourceLocation L) { return Warned.insert(L.getRawEncoding()).second; }
  /// Warnings of the repairs made as their errors were reported.
  void reportRepairedAsFound(clang::ASTContext &Ctx);
  bool recordClangFixIts(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  bool recordAmpName(const clang::Diagnostic &Info);
  // Temporaries bound to non-const references (VisualCppTemporaryRepairs.cpp).
  Verdict recordTemporaryHandle(const clang::Diagnostic &Info,
                                const clang::LangOptions &LO);
  /// Arguments of failed calls that are temporaries of a `T &` parameter.
  void finishTemporaryArguments(clang::ASTContext &Ctx, const RepairSites &Sites);
  /// `unsigned` rank parameters deduced from an int (VisualCppRankRepairs.cpp).
  void finishRankParameters(clang::ASTContext &Ctx, const RepairSites &Sites);
  /// What hands a function a temporary as an lvalue (ampcc/restrict.h).
  static constexpr const char *TemporaryBinder = "::Concurrency::details::bindTemporary";
  /// Passes the expression at \p R (a token range) through \p Binder
  /// (bindTemporary, or a specialization of it that converts).
  void wrapTemporary(const clang::SourceManager &SM, clang::SourceRange R,
                     const clang::LangOptions &LO, llvm::StringRef Binder = TemporaryBinder);
  /// The same for the characters of \p R, already checked editable.
  void wrapTemporaryText(const clang::SourceManager &SM, clang::CharSourceRange R,
                         llvm::StringRef Binder = TemporaryBinder);
  /// The same, converting to \p T (`bindTemporary<T>(...)`).
  void wrapTemporaryAs(const clang::SourceManager &SM, clang::SourceRange R, clang::QualType T,
                       const clang::ASTContext &Ctx);
  /// Replaces the text of a type as written (typeText in the .cpp) by
  /// \p Text; false (nothing done) where it cannot be edited.
  bool replaceType(const clang::SourceManager &SM, clang::CharSourceRange Spelled,
                   std::string Text);
  // std::exception("message") (VisualCppExceptionRepairs.cpp).
  Verdict recordExceptionMessage(const clang::Diagnostic &Info, bool Cast);
  bool renameShadowingParameter(const clang::Diagnostic &Info,
                                const clang::LangOptions &LO);
  bool dropDefaultArgument(const clang::Diagnostic &Info);
  /// `p <= 0`: the zero becomes a null pointer of p's type
  /// (VisualCppExpressionRepairs.cpp).
  bool compareZeroAsNullPointer(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  /// `cin == false`: the stream becomes `static_cast<bool>(cin)`.
  bool compareStreamAsBool(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  /// `a == T()` where operator== takes a `T &`: the operands, kept until
  /// the candidates' notes say which one is a temporary.
  void recordOperands(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  /// A candidate's note "expects an lvalue for 1st argument" after that.
  void recordTemporaryOperand(const clang::Diagnostic &Info);
  void finishTemporaryOperands(clang::ASTContext &Ctx, const RepairSites &Sites);
  clang::CharSourceRange LastOperands[2];
  struct OperandRequest {
    clang::CharSourceRange Operands[2];
    clang::SourceLocation Candidate;
    unsigned Ordinal; ///< of the argument the note names, from 1
  };
  std::vector<OperandRequest> OperandRequests;
  // Dependent bases (VisualCppLookupRepairs.cpp).
  /// `typename Base::Name` at \p Loc when a dependent base of the class
  /// template around it declares the type \p Name; false otherwise.
  bool qualifyDependentBaseType(clang::ASTContext &Ctx, const RepairSites &Sites,
                                clang::SourceLocation Loc, llvm::StringRef Name);
  void finishDependentBaseTypes(clang::ASTContext &Ctx, const RepairSites &Sites);
  // Names used before their declaration (VisualCppDeclarationOrder.cpp).
  void finishDeclaredLater(clang::ASTContext &Ctx, const RepairSites &Sites);
  static std::string lineMarked(const clang::SourceManager &SM, llvm::StringRef Text,
                                clang::SourceLocation From);
  void insertBefore(const clang::SourceManager &SM, const clang::Decl *Before,
                    llvm::StringRef Open, llvm::StringRef Close, llvm::StringRef Text);
  bool qualifyDependentBaseMember(clang::ASTContext &Ctx, const RepairSites &Sites,
                                  clang::SourceLocation Loc, llvm::StringRef Name);
  /// Undeclared names in templates: maybe declared later in the file.
  struct LaterName {
    clang::SourceLocation Loc;
    std::string Name;
    /// The namespace a qualified name was looked up in (`detail::name`);
    /// null for an unqualified name, looked up where the template is.
    const clang::DeclContext *Scope = nullptr;
  };
  std::vector<LaterName> DeclaredLater;
  /// A friend function defined in a class, called where only Visual C++
  /// finds it: declared before the class.
  struct FriendDeclarations {
    llvm::DenseSet<const clang::Decl *> Functions;
    llvm::MapVector<const clang::Decl *, std::string> Text;
  };
  bool declareFriends(clang::ASTContext &Ctx, const RepairSites &Sites, const LaterName &Use,
                      const clang::Decl *User, FriendDeclarations &Declared);
  /// "unknown type name": maybe a type of a dependent base.
  std::vector<std::pair<clang::SourceLocation, std::string>> DependentBaseTypes;
  /// A class template found by unqualified lookup where a dependent base
  /// declares a type of that name (Visual C++ looks in the base first).
  std::vector<std::pair<clang::SourceLocation, std::string>> ShadowedBaseTypes;
  /// The same for a variable whose type names the template (the
  /// variable's location and the name).
  std::vector<std::pair<clang::SourceLocation, std::string>> ShadowedVarTypes;
  void finishExceptionMessages(clang::ASTContext &Ctx, const RepairSites &Sites);

  // Names Visual C++ 2012 finds where C++17 does not
  // (VisualCppLookupRepairs.cpp).
  /// A note: a reference parameter in a constant expression (`d.member`).
  void recordStaticMemberThroughReference(const clang::Diagnostic &Info);
  /// A range-for with no begin or end: maybe only namespace std has them.
  bool recordRangeForStdLookup(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  /// An ambiguous name: maybe a class never defined beside `using std::X`.
  bool recordAmbiguousName(const clang::Diagnostic &Info);
  /// An undeclared name: maybe a scoped enumeration's enumerator.
  bool qualifyScopedEnumerator(clang::ASTContext &Ctx, const RepairSites &Sites,
                               clang::SourceLocation Loc, llvm::StringRef Name);
  void finishLookupRepairs(clang::ASTContext &Ctx);
  struct NameUse {
    clang::SourceLocation Loc;
    std::string Name;
    std::string Text;
    clang::QualType Type;
  };
  /// Static members named through a reference, repaired (the member, and
  /// the parameter as Text).
  std::vector<NameUse> ReferenceMembers;
  std::vector<NameUse> AmbiguousNames;
  /// Range-for ranges (Text as written, Type the range's).
  std::vector<NameUse> StdRanges;

  bool MsHeaders = false;
  bool Disabled = false;
  bool Reporting = false;
  /// std::exception constructed with a message: where Clang reported it
  /// (the name of a variable or a mem-initializer whose type must change),
  /// and mem-initializers, whose class's base must change too.
  std::vector<clang::SourceLocation> ExceptionVariables;
  std::vector<clang::SourceLocation> ExceptionBaseInits;
  std::vector<clang::SourceLocation> ExceptionWarnings;

  std::vector<SourceEdit> Edits;

  /// ampcc's warning for a temporary handle bound to a non-const
  /// reference, reported once the AST is complete.
  struct HandleWarning {
    clang::SourceLocation Loc;
    clang::QualType Type;
    unsigned Kind; ///< 0 argument, 1 handle variable, 2 other variable.
  };
  std::vector<HandleWarning> HandleWarnings;
  /// `It::value_type` where It is a pointer (a Microsoft STL iterator is a
  /// class): where the qualifier was rewritten, and the pointer type.
  std::vector<std::pair<clang::SourceLocation, std::string>> PointerTraits;
  /// Streams compared with a bool (1) or an integer (0), repaired.
  std::vector<std::pair<clang::SourceLocation, bool>> StreamComparisons;
  Verdict qualifyPointerTraits(const clang::Diagnostic &Info, const clang::LangOptions &LO);

  /// The last error: a call's "no viable function" error is followed by one
  /// note per candidate.
  unsigned LastErrorID = 0;
  clang::SourceLocation LastErrorLoc;

  /// `obj + 1` ambiguous among built-in candidates where obj's class
  /// converts to one arithmetic type (and through a template to others):
  /// Visual C++ forms the candidates from the types the conversion
  /// functions name (VisualCppExpressionRepairs.cpp). Recorded with the
  /// error, kept while its notes list built-in candidates only, resolved
  /// at the end.
  void recordBuiltinOperands(const clang::Diagnostic &Info, const clang::LangOptions &LO);
  void noteBuiltinOperands(const clang::Diagnostic &Info);
  void finishBuiltinOperands(clang::ASTContext &Ctx);
  struct BuiltinOperandRequest {
    clang::SourceLocation Operator;
    clang::CharSourceRange Operands[2];
    clang::QualType Types[2];
    bool Kept = true;
    /// After "because of ambiguity in conversion": conversion functions'
    /// notes follow.
    bool InConversion = false;
  };
  std::vector<BuiltinOperandRequest> BuiltinOperandRequests;
  /// std::max or std::min of a 32-bit and a 64-bit integer: one type
  /// where Visual C++ targets 32-bit Windows (VisualCppExpressionRepairs.cpp).
  void recordMixedWidthMinMax(const clang::Diagnostic &Info);
  void finishMixedWidthMinMax(clang::ASTContext &Ctx, const RepairSites &Sites);
  struct MinMaxRequest {
    clang::SourceLocation Callee;
    clang::SourceLocation Candidate;
    clang::QualType Types[2];
  };
  std::vector<MinMaxRequest> MinMaxRequests;
  /// A candidate not viable because an argument is a temporary: the call
  /// (its callee's location) and the parameter (its first location).
  struct CallRequest {
    clang::SourceLocation Callee;
    clang::SourceLocation Candidate;
    clang::SourceLocation Param;
  };
  std::vector<CallRequest> CallRequests;
  /// Function templates whose deduction failed by substitution (the
  /// template's location): maybe an `unsigned` rank deduced from an `int`.
  std::vector<clang::SourceLocation> RankRequests;
  /// Class templates whose partial specializations were ambiguous: maybe
  /// an `unsigned` rank in them, deduced from an `int`.
  llvm::SmallSetVector<const clang::ClassTemplateDecl *, 2> PartialSpecRequests;
  /// Where a warning was reported (raw locations).
  llvm::DenseSet<unsigned> Warned;
};

} // namespace ampcc

#endif // AMPCC_FRONTEND_VISUALCPPREPAIRS_H
