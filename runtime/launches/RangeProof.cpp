//===- RangeProof.cpp - a kernel's launch-time range conditions ----------===//
//
// The word layout is kernel_abi.h's (KernelDesc::RangeProof). Reading stops
// at the end of the words whatever the counts say.
//
//===----------------------------------------------------------------------===//

#include "launches/RangeProof.h"

#include "ampcc/kernel_abi.h"

namespace ampcc {
namespace rt {

namespace {

class ProofReader {
public:
  ProofReader(const int64_t *Words, uint32_t NumWords,
              const std::function<std::optional<int64_t>(uint32_t)> &Value)
      : Words(Words), End(Words + NumWords), Value(Value) {}

  bool holds() {
    std::optional<int64_t> Clauses = next();
    if (!Clauses || *Clauses < 0)
      return false;
    bool All = true;
    for (int64_t I = 0; I < *Clauses; ++I)
      All &= clause() && !Bad; // Read every clause to check the layout.
    return All && !Bad && Words == End;
  }

private:
  std::optional<int64_t> next() {
    if (Words == End) {
      Bad = true;
      return std::nullopt;
    }
    return *Words++;
  }

  bool clause() {
    std::optional<int64_t> Alts = next();
    if (!Alts || *Alts < 1)
      return Bad = true, false;
    bool Any = false;
    for (int64_t I = 0; I < *Alts && !Bad; ++I)
      Any |= alternative();
    return Any;
  }

  bool alternative() {
    std::optional<int64_t> Facts = next();
    if (!Facts || *Facts < 0)
      return Bad = true, false;
    bool All = true;
    for (int64_t I = 0; I < *Facts && !Bad; ++I)
      All &= fact();
    return All;
  }

  /// C + sum(coefficient * value) >= 0, in 64 bits without overflow.
  bool fact() {
    std::optional<int64_t> Head = next(), C = next();
    if (!Head || !C || *Head < 0)
      return Bad = true, false;
    int64_t Terms = *Head & ((int64_t(1) << RangeFactModulusShift) - 1),
            Modulus = *Head >> RangeFactModulusShift;
    int64_t Sum = *C;
    bool Known = true;
    for (int64_t I = 0; I < Terms; ++I) {
      std::optional<int64_t> Sym = next(), Coef = next();
      if (!Sym || !Coef || *Sym < 0 || *Sym > UINT32_MAX)
        return Bad = true, false;
      std::optional<int64_t> V = Value(uint32_t(*Sym));
      int64_t Term;
      if (!V || __builtin_mul_overflow(*Coef, *V, &Term) ||
          __builtin_add_overflow(Sum, Term, &Sum))
        Known = false;
    }
    return Known && (Modulus ? Sum % Modulus == 0 : Sum >= 0);
  }

  const int64_t *Words, *End;
  const std::function<std::optional<int64_t>(uint32_t)> &Value;
  bool Bad = false;
};

} // namespace

bool rangeProofHolds(const int64_t *Words, uint32_t NumWords,
                     const std::function<std::optional<int64_t>(uint32_t)> &Value) {
  if (!Words || !NumWords)
    return true;
  return ProofReader(Words, NumWords, Value).holds();
}

} // namespace rt
} // namespace ampcc
