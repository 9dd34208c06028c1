//===- SpecifierPositions.cpp - where specifiers and qualifiers stand -----===//
//
// Read-only questions about the token stream: which tokens form a
// restriction group or a qualifier unit, whether a parameter list is a
// lambda's or a function type's, and whether `restrict(` stands where a
// specifier may.
//
//===----------------------------------------------------------------------===//
#include "Reorderer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ampcc {
namespace reorder {

bool Reorderer::isGroup(size_t I, size_t &End) const {
  if (is(I, "restrict") && kind(I + 1, tok::l_paren) && Match[I + 1] > 0) {
    End = static_cast<size_t>(Match[I + 1]);
    return true;
  }
  if (Code[I].Kind == tok::raw_identifier && Aliases.count(Code[I].Text)) {
    End = I;
    return true;
  }
  return false;
}

int Reorderer::groupMask(size_t B, size_t E) const {
  if (B == E)
    return Aliases.lookup(Code[B].Text);
  std::vector<std::string> Names;
  for (size_t I = B + 2; I < E; ++I)
    if (Code[I].Kind == tok::raw_identifier)
      Names.push_back(Code[I].Text);
  return parseList(Names);
}

bool Reorderer::knownAs(size_t I, SpecifierMacro::KindTy K) const {
  if (!Known || I >= Code.size() || Code[I].Kind != tok::raw_identifier)
    return false;
  auto It = Known->find(Code[I].Text);
  return It != Known->end() && It->second.Kind == K;
}

const SpecifierMacro *Reorderer::qualifierMacro(size_t I) const {
  if (!Known || I >= Code.size() || Code[I].Kind != tok::raw_identifier)
    return nullptr;
  auto It = Known->find(Code[I].Text);
  if (It == Known->end() || It->second.Kind == SpecifierMacro::Restriction ||
      It->second.Kind == SpecifierMacro::LambdaIntro || It->second.Kind == SpecifierMacro::Auto)
    return nullptr;
  if (kind(I + 1, tok::l_paren))
    return nullptr; // an object-like macro followed by a parenthesis: a call
  return &It->second;
}

Reorderer::UnitKind Reorderer::unitKind(const Unit &U) const {
  if (U.Group)
    return UGroup;
  if (const SpecifierMacro *M = qualifierMacro(U.B)) {
    switch (M->Kind) {
    case SpecifierMacro::ExceptionSpec:
      return UException;
    case SpecifierMacro::Mutable:
      return UMutable;
    case SpecifierMacro::CvRef:
      return UCvRef;
    default:
      return UOther;
    }
  }
  if (is(U.B, "const") || is(U.B, "volatile") || kind(U.B, tok::amp) || kind(U.B, tok::ampamp))
    return UCvRef;
  if (is(U.B, "mutable"))
    return UMutable;
  if (is(U.B, "noexcept") || is(U.B, "throw"))
    return UException;
  return UOther;
}

void Reorderer::findUnknownQualifiers() {
  if (Known)
    return;
  static const llvm::StringSet<> Keywords = {"override", "final", "try", "requires",
                                             "const", "volatile", "mutable", "noexcept",
                                             "throw", "restrict", "__attribute__",
                                             "__declspec", "alignas", "decltype"};
  for (size_t I = 0; I + 1 < Code.size() && !NeedsMacros; ++I) {
    if (!kind(I, tok::r_paren) || Match[I] <= 0)
      continue;
    size_t O = static_cast<size_t>(Match[I]);
    // After a name, a lambda introducer, a template-id, or the declarator
    // of a pointer to function (`int (*fp)() __CPU_ONLY EXC_SPEC`); a
    // false match costs only the preprocessor run.
    if (Code[O - 1].Kind != tok::raw_identifier && !kind(O - 1, tok::r_square) &&
        !kind(O - 1, tok::greater) && !kind(O - 1, tok::r_paren))
      continue;
    unsigned Units = 0, Unknown = 0;
    size_t T = I + 1;
    while (T < Code.size()) {
      long E = unitForward(T);
      if (E >= 0) {
        ++Units;
        T = static_cast<size_t>(E) + 1;
        continue;
      }
      if (Code[T].Kind == tok::raw_identifier && !Keywords.contains(Code[T].Text) &&
          !kind(T + 1, tok::l_paren)) {
        ++Units;
        ++Unknown;
        ++T;
        continue;
      }
      if (kind(T, tok::arrow))
        ++Units;
      break;
    }
    NeedsMacros = Unknown > 0 && Units > 1;
  }
}

long Reorderer::unitForward(size_t I) const {
  size_t End;
  if (isGroup(I, End))
    return static_cast<long>(End);
  if (is(I, "const") || is(I, "volatile") || is(I, "mutable") || kind(I, tok::amp) ||
      kind(I, tok::ampamp) || qualifierMacro(I))
    return static_cast<long>(I);
  if (is(I, "noexcept"))
    return kind(I + 1, tok::l_paren) ? Match[I + 1] : static_cast<long>(I);
  if ((is(I, "throw") || is(I, "__attribute__")) && kind(I + 1, tok::l_paren))
    return Match[I + 1];
  if (kind(I, tok::l_square) && kind(I + 1, tok::l_square) && Match[I] > 0)
    return Match[I];
  return -1;
}

long Reorderer::unitBackward(size_t J) const {
  if (kind(J, tok::r_paren) && Match[J] > 0) {
    size_t O = static_cast<size_t>(Match[J]);
    if (O == 0)
      return -1;
    if (is(O - 1, "noexcept") || is(O - 1, "throw") || is(O - 1, "restrict") ||
        is(O - 1, "__attribute__"))
      return static_cast<long>(O - 1);
    return -1;
  }
  if (kind(J, tok::r_square) && Match[J] > 0 && kind(static_cast<size_t>(Match[J]) + 1,
                                                      tok::l_square))
    return Match[J];
  long F = unitForward(J);
  return F == static_cast<long>(J) ? static_cast<long>(J) : -1;
}

bool Reorderer::isAbstractDeclaratorEnd(size_t P) const {
  return kind(P, tok::ampamp) || kind(P, tok::amp) || kind(P, tok::star);
}

size_t Reorderer::templateNameStart(size_t P) const {
  int Depth = 0;
  size_t I = P + 1;
  while (I-- > 0) {
    if (kind(I, tok::greater))
      ++Depth;
    else if (kind(I, tok::greatergreater))
      Depth += 2;
    else if (kind(I, tok::less) && --Depth == 0)
      break;
    else if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
      return Code.size();
  }
  if (I == 0 || I > P || Code[I - 1].Kind != tok::raw_identifier)
    return Code.size();
  size_t N = I - 1;
  while (N >= 2 && kind(N - 1, tok::coloncolon) &&
         Code[N - 2].Kind == tok::raw_identifier)
    N -= 2;
  return N;
}

bool Reorderer::startsTypeId(size_t N) const {
  return N > 0 && N < Code.size() &&
         (kind(N - 1, tok::less) || kind(N - 1, tok::comma) ||
          kind(N - 1, tok::l_paren));
}

bool Reorderer::isBuiltinTypeName(size_t P) const {
  return Code[P].Kind == tok::raw_identifier &&
         llvm::is_contained({"void", "bool", "char", "short", "int", "long",
                             "float", "double", "signed", "unsigned",
                             "wchar_t", "char16_t", "char32_t"},
                            Code[P].Text);
}

bool Reorderer::isFunctionTypeGroup(size_t I) const {
  size_t K = qualifiersStart(I);
  if (K == 0 || !kind(K - 1, tok::r_paren) || Match[K - 1] <= 0)
    return false;
  size_t O = static_cast<size_t>(Match[K - 1]);
  size_t P = O - 1;
  if (P > 0 && is(P - 1, "operator"))
    return false; // `operator*(...)`, `operator&&(...)`: a function
  if (isAbstractDeclaratorEnd(P) || isBuiltinTypeName(P))
    return true; // `bool() restrict(cpu)`: no name, so a type
  if (kind(P, tok::greater) && startsTypeId(templateNameStart(P)))
    return true; // `is_same<F, obj<char>() restrict(cpu)>`
  if (!kind(P, tok::r_paren) || Match[P] < 0)
    return false;
  // `(*fp)`, also after identifiers such as a calling convention or a
  // macro that expands to nothing: `(__cdecl *fp)`, `(MODIFIER *fp)`.
  size_t Inner = static_cast<size_t>(Match[P]) + 1;
  while (Inner < P && Code[Inner].Kind == tok::raw_identifier)
    ++Inner;
  return kind(Inner, tok::star) || kind(Inner, tok::amp) ||
         kind(Inner, tok::ampamp) || kind(Inner, tok::caret);
}

size_t Reorderer::qualifiersStart(size_t I) const {
  size_t K = I;
  while (K > 0) {
    long S = unitBackward(K - 1);
    if (S < 0)
      break;
    K = static_cast<size_t>(S);
  }
  return K;
}

bool Reorderer::isSubscriptOperatorName(size_t RS) const {
  if (RS < 2 || !kind(RS - 1, tok::l_square))
    return false;
  if (is(RS - 2, "operator"))
    return true;
  return RS >= 3 && (is(RS - 2, "new") || is(RS - 2, "delete")) && is(RS - 3, "operator");
}

bool Reorderer::isLambdaParams(size_t PO) const {
  if (PO == 0)
    return false;
  if (kind(PO - 1, tok::r_square) && isSubscriptOperatorName(PO - 1))
    return false; // `operator[](...)`, `operator new[](...)`: a function
  if (kind(PO - 1, tok::r_square) || knownAs(PO - 1, SpecifierMacro::LambdaIntro))
    return true;
  if (!kind(PO - 1, tok::greater))
    return false;
  int Depth = 0;
  for (size_t I = PO; I-- > 0;) {
    if (kind(I, tok::greater))
      ++Depth;
    else if (kind(I, tok::less) && --Depth == 0)
      return I > 0 && kind(I - 1, tok::r_square);
    else if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
      return false;
  }
  return false;
}

bool Reorderer::isExpressionKeyword(StringRef S) {
  return llvm::is_contained({"if", "while", "for", "switch", "return", "sizeof", "alignof",
                             "decltype", "case", "else", "do", "new", "delete", "typeid",
                             "static_assert", "co_return", "co_await", "co_yield", "and",
                             "or", "not", "__alignof", "_Alignof"},
                            S);
}

bool Reorderer::isSpecifierPosition(size_t I) const {
  size_t K = qualifiersStart(I);
  if (K == 0)
    return false;
  size_t P = K - 1;
  if (kind(P, tok::r_square) && Match[P] >= 0)
    return true; // `[captures] restrict(amp)`
  if (kind(P, tok::r_paren) && Match[P] > 0) {
    size_t O = static_cast<size_t>(Match[P]);
    // `(` after a name, `operator@`, `>` (template-id), `]` (lambda) or `)`
    // (a declarator such as `(*fp)(int)`) opens a parameter list; after a
    // statement keyword, an operator or punctuation it is a cast or a
    // parenthesised expression.
    if (O >= 2 && (is(O - 2, "operator") || is(O - 1, "operator")))
      return true;
    if (Code[O - 1].Kind == tok::raw_identifier)
      return !isExpressionKeyword(Code[O - 1].Text);
    return kind(O - 1, tok::greater) || kind(O - 1, tok::r_square) ||
           kind(O - 1, tok::r_paren) || isAbstractDeclaratorEnd(O - 1);
  }
  // After a trailing return type: `-> T restrict(amp)`.
  int Depth = 0;
  for (size_t J = I, N = 0; J-- > 0 && N < 64; ++N) {
    tok::TokenKind TK = Code[J].Kind;
    if (TK == tok::r_paren || TK == tok::r_square)
      ++Depth;
    else if (TK == tok::l_paren || TK == tok::l_square) {
      if (--Depth < 0)
        return false;
    } else if (Depth == 0 && (TK == tok::semi || TK == tok::l_brace ||
                              TK == tok::r_brace || TK == tok::comma || TK == tok::equal))
      return false;
    else if (Depth == 0 && TK == tok::arrow)
      return true;
  }
  return false;
}

bool Reorderer::listsOnlySpecifiers(size_t I) const {
  if (Match[I + 1] < 0)
    return false;
  size_t Close = static_cast<size_t>(Match[I + 1]);
  for (size_t K = I + 2; K < Close; ++K)
    if (!kind(K, tok::comma) && !is(K, "cpu") && !is(K, "amp"))
      return false;
  return Close > I + 2;
}

} // namespace reorder
} // namespace ampcc
