//===- LinkDiagnostics.cpp - link errors in a Visual C++ user's terms ----===//

#include "LinkDiagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

namespace ampcc {

/// The names GNU ld and lld report as defined more than once, demangled as
/// they print them: ld "multiple definition of `p'", lld "duplicate
/// symbol: p".
static std::vector<std::string> duplicateNames(llvm::StringRef Text) {
  std::vector<std::string> Names;
  llvm::StringSet<> Seen;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Name;
    if (size_t At = Line.find("multiple definition of `"); At != llvm::StringRef::npos)
      Name = Line.substr(At + 24).split('\'').first;
    else if (size_t At = Line.find("duplicate symbol: "); At != llvm::StringRef::npos)
      Name = Line.substr(At + 18).trim();
    if (!Name.empty() && Seen.insert(Name).second)
      Names.push_back(Name.str());
  }
  return Names;
}

void explainDuplicateSymbols(
    llvm::StringRef LinkerErrors,
    const std::vector<DeviceCompileResult::GlobalVariable> &Defined,
    llvm::raw_ostream &OS) {
  for (const std::string &Name : duplicateNames(LinkerErrors)) {
    std::vector<const DeviceCompileResult::GlobalVariable *> Defs;
    for (const auto &G : Defined)
      if (G.Name == Name)
        Defs.push_back(&G);
    const auto *Other = Defs.empty() ? nullptr : Defs.front();
    for (const auto *D : Defs)
      if (D->Declaration != Defs.front()->Declaration)
        Other = D;
    if (Defs.size() >= 2 && Other != Defs.front()) {
      const auto &A = *Defs.front(), &B = *Other;
      OS << "ampcc: note: '" << A.Declaration << "' (" << A.Location << ") and '"
         << B.Declaration << "' (" << B.Location
         << ") are one symbol on Linux: Visual C++ decorates a variable's linker name "
            "with its type and keeps them apart; give each file its own with 'static' "
            "or an unnamed namespace, or put them in different namespaces\n";
    } else if (Defs.size() < 2) {
      // Defined in objects compiled earlier: the types are not known here.
      OS << "ampcc: note: if '" << Name << "'"
         << (Defs.empty() ? ""
                          : " ('" + Defs.front()->Declaration + "' at " +
                                Defs.front()->Location + ")")
         << " is a namespace-scope variable that two files define with different "
            "types, Visual C++ kept them apart (it decorates a variable's linker name "
            "with its type) and Linux does not; make each 'static' or put it in a "
            "namespace\n";
    }
  }
}

} // namespace ampcc
