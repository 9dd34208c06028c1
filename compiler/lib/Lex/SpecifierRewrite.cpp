//===- SpecifierRewrite.cpp - moving, blanking and renaming specifiers ----===//
//
// The edits of the token pass: specifiers put in Clang's order after a
// parameter list, blanked before or after a trailing return type (with the
// declaration's `auto` turned into a macro), `restrict` renamed where it is
// an identifier, and malformed lists blanked. Every edit keeps the text's
// newlines, so lines never move.
//
//===----------------------------------------------------------------------===//
#include "Reorderer.h"

#include <algorithm>

using namespace clang;

namespace ampcc {
namespace reorder {

std::string Reorderer::text(size_t B, size_t E) const {
  return Src.substr(Code[B].Off, Code[E].Off + Code[E].Len - Code[B].Off).str();
}

bool Reorderer::edit(unsigned Off, unsigned Len, std::string Text) {
  for (const auto &[O, LT] : Edits)
    if (Off < O + LT.first && O < Off + Len)
      return false; // overlapping: leave the first edit
  Edits[Off] = {Len, std::move(Text)};
  return true;
}

void Reorderer::rewrite(const std::vector<Unit> &Old, const std::vector<Unit> &New) {
  unsigned B = Code[Old.front().B].Off;
  unsigned E = Code[Old.back().E].Off + Code[Old.back().E].Len;
  std::string Joined;
  for (const Unit &U : New)
    Joined += (Joined.empty() ? "" : " ") + text(U.B, U.E);
  StringRef Orig = Src.substr(B, E - B);
  size_t Newlines = Orig.count('\n');
  if (Newlines) {
    size_t Tail = Orig.size() - Orig.rfind('\n') - 1;
    Joined += std::string(Newlines, '\n') + std::string(Tail, ' ');
  } else if (Joined.size() < Orig.size()) {
    Joined += std::string(Orig.size() - Joined.size(), ' ');
  }
  if (Joined == Orig || !edit(B, E - B, Joined))
    return;
  unsigned Pos = B;
  for (const Unit &U : New) {
    unsigned Len = Code[U.E].Off + Code[U.E].Len - Code[U.B].Off;
    if (Pos != Code[U.B].Off)
      PendingMoves.push_back({B, ReorderResult::Move{Pos, Code[U.B].Off, Len}});
    Pos += Len + 1;
  }
}

void Reorderer::renameContextual() {
  for (size_t I = 0; I < Code.size(); ++I) {
    if (!is(I, "restrict") || (kind(I + 1, tok::l_paren) &&
                               (isSpecifierPosition(I) || listsOnlySpecifiers(I))))
      continue;
    edit(Code[I].Off, Code[I].Len, ContextualRestrictName);
    Code[I].Text = ContextualRestrictName;
  }
}

void Reorderer::blankMalformed() {
  for (size_t I = 0; I + 1 < Code.size(); ++I) {
    if (!is(I, "restrict") || !kind(I + 1, tok::l_paren) || Match[I + 1] < 0)
      continue;
    size_t Close = static_cast<size_t>(Match[I + 1]);
    unsigned Items = 1, InItem = 0;
    bool Ok = true;
    for (size_t K = I + 2; K < Close && Ok; ++K) {
      if (kind(K, tok::comma)) {
        Ok = InItem == 1;
        ++Items;
        InItem = 0;
      } else {
        Ok = Code[K].Kind == tok::raw_identifier && ++InItem == 1;
      }
    }
    Ok = Ok && InItem == 1 && Items <= 8; // repeats: see restrict.h
    unsigned B = Code[I + 1].Off + 1, E = Code[Close].Off;
    if (Ok || E == B)
      continue;
    fill(B, E, '_');
  }
}

bool Reorderer::autoTrick(size_t NameEnd, int Mask) {
  if (Mask < 0)
    return false;
  for (size_t I = NameEnd + 1, N = 0; I-- > 0 && N < 64; ++N) {
    if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
      return false;
    if ((is(I, "auto") && Code[I].Len == 4) || knownAs(I, SpecifierMacro::Auto)) {
      // A macro for `auto` (-DTYPE_SPECIFIER=auto) is replaced the same
      // way, padded to its width.
      edit(Code[I].Off, Code[I].Len,
           std::string(autoMacro(Mask)) + std::string(Code[I].Len - 4, ' '));
      Macros.insert(Mask);
      return true;
    }
  }
  return false;
}

void Reorderer::fill(unsigned Off, unsigned End, char Ch) {
  std::string S = Src.substr(Off, End - Off).str();
  for (char &C : S)
    if (C != '\n')
      C = Ch;
  edit(Off, End - Off, S);
}

void Reorderer::handle(size_t GB, size_t GE) {
  // Units before the group, back to the parameter list's ')'.
  std::vector<Unit> Before;
  size_t K = GB;
  while (K > 0) {
    long S = unitBackward(K - 1);
    if (S < 0)
      break;
    size_t End;
    Before.insert(Before.begin(), Unit{static_cast<size_t>(S), K - 1,
                                       isGroup(static_cast<size_t>(S), End)});
    K = static_cast<size_t>(S);
  }
  if (K == 0 || !kind(K - 1, tok::r_paren) || Match[K - 1] < 0)
    return afterTrailingReturn(GB, GE);
  size_t PC = K - 1, PO = static_cast<size_t>(Match[PC]);
  bool Lambda = isLambdaParams(PO);

  std::vector<Unit> All = Before;
  All.push_back(Unit{GB, GE, true});
  size_t T = GE + 1;
  while (T < Code.size()) {
    long E = unitForward(T);
    if (E < 0)
      break;
    size_t End;
    All.push_back(Unit{T, static_cast<size_t>(E), isGroup(T, End)});
    T = static_cast<size_t>(E) + 1;
  }
  for (const Unit &U : All) {
    if (U.Group)
      Done.insert(U.B);
    Lambda |= unitKind(U) == UMutable; // only lambdas are `mutable`
  }

  // The spec's orders (§2.1): functions `cv ref restrict(...) noexcept`,
  // lambdas `mutable restrict(...) noexcept`. Anything else is reported,
  // then put in Clang's order all the same so that parsing goes on.
  bool SawGroup = false, SawException = false;
  for (const Unit &U : All) {
    UnitKind K = unitKind(U);
    int Bad = -1;
    if (K == UGroup && SawException)
      Bad = 1;
    else if (K == UMutable && SawGroup && Lambda)
      Bad = 0;
    else if (K == UCvRef && SawGroup && !Lambda)
      Bad = 2;
    if (Bad >= 0) {
      const Unit &G = K == UGroup ? U : *std::find_if(All.begin(), All.end(),
                                                      [](const Unit &X) { return X.Group; });
      Misplacements.push_back({Code[G.B].Off, Bad});
      break;
    }
    SawGroup |= K == UGroup;
    SawException |= K == UException;
  }

  std::vector<Unit> Groups, Rest;
  for (const Unit &U : All)
    (U.Group ? Groups : Rest).push_back(U);
  bool Arrow = kind(T, tok::arrow);
  if (!Lambda && Arrow) {
    int Mask = 0;
    for (const Unit &U : Groups) {
      int M = groupMask(U.B, U.E);
      Mask = M < 0 || Mask < 0 ? -1 : Mask | M;
    }
    if (PO > 0 && autoTrick(PO - 1, Mask)) {
      if (Rest.empty())
        for (const Unit &U : Groups)
          blank(U.B, U.E);
      else
        rewrite(All, Rest); // drops the groups, padding with spaces
      return;
    }
  }
  std::vector<Unit> Want;
  if (Lambda) {
    Want = Groups;
    Want.insert(Want.end(), Rest.begin(), Rest.end());
  } else {
    Want = Rest;
    Want.insert(Want.end(), Groups.begin(), Groups.end());
  }
  bool Same = std::equal(All.begin(), All.end(), Want.begin(),
                         [](const Unit &A, const Unit &B) { return A.B == B.B; });
  if (!Same)
    rewrite(All, Want);
}

void Reorderer::afterTrailingReturn(size_t GB, size_t GE) {
  size_t End;
  if (GE + 1 < Code.size() && !kind(GE + 1, tok::l_brace) && !kind(GE + 1, tok::semi) &&
      !kind(GE + 1, tok::equal) && !is(GE + 1, "override") && !is(GE + 1, "final") &&
      !isGroup(GE + 1, End))
    return;
  int Depth = 0;
  for (size_t I = GB, N = 0; I-- > 0 && N < 64; ++N) {
    tok::TokenKind K = Code[I].Kind;
    if (K == tok::r_paren || K == tok::r_square)
      ++Depth;
    else if (K == tok::l_paren || K == tok::l_square) {
      if (--Depth < 0)
        return;
    } else if (Depth == 0 &&
               (K == tok::semi || K == tok::l_brace || K == tok::r_brace || K == tok::comma))
      return;
    else if (Depth == 0 && K == tok::arrow) {
      size_t P = qualifiersStart(I);
      if (P == 0 || !kind(P - 1, tok::r_paren) || Match[P - 1] < 0)
        return;
      size_t PO = static_cast<size_t>(Match[P - 1]);
      if (isLambdaParams(PO)) {
        // Visual C++ rejects a lambda's specifier after its trailing
        // return type (spec §2.1.2): reported, then moved before it so
        // that parsing goes on.
        Misplacements.push_back({Code[GB].Off, 3});
        rewrite({Unit{I, GB - 1, false}, Unit{GB, GE, true}},
                {Unit{GB, GE, true}, Unit{I, GB - 1, false}});
      } else if (PO > 0 && autoTrick(PO - 1, groupMask(GB, GE))) {
        blank(GB, GE);
      }
      return;
    }
  }
}

} // namespace reorder
} // namespace ampcc
