//===- PrecompiledKeywords.cpp - keywords a PCH made identifiers ---------===//
#include "ampcc/Sema/PrecompiledKeywords.h"

#include "clang/Lex/ExternalPreprocessorSource.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace ampcc {

void restoreKeywordsFromPrecompiledHeader(Preprocessor &PP) {
  ExternalPreprocessorSource *Header = PP.getExternalSource();
  if (!Header)
    return;
  // After loading a header Clang marks the identifiers it already knew
  // (every keyword) out of date; reading one back applies what the header
  // recorded of it, its reversion to an identifier included.
  for (auto &Entry : PP.getIdentifierTable()) {
    IdentifierInfo *II = Entry.getValue();
    if (II->getTokenID() != tok::identifier && II->isOutOfDate())
      Header->updateOutOfDateIdentifier(*II);
  }
}

} // namespace ampcc
