//===- NamedIdentifiers.cpp - names a preprocessor has met ----------------===//
//
// See NamedIdentifiers.h. The list is plain text: a header's is about 50,000
// names, read once by a compile that has macros to check.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Lex/NamedIdentifiers.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ampcc {

bool writeNamedIdentifiers(const clang::Preprocessor &PP, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return false;
  for (const auto &Entry : PP.getIdentifierTable())
    OS << Entry.getKey() << '\n';
  OS.close();
  return !OS.has_error();
}

std::optional<std::vector<std::string>> namedAmong(StringRef Path,
                                                   ArrayRef<std::string> Names) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  StringSet<> Met;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    Met.insert(Line);
  std::vector<std::string> Named;
  for (const std::string &Name : Names)
    if (Met.contains(Name))
      Named.push_back(Name);
  return Named;
}

} // namespace ampcc
