//===- KernelKeys.cpp - kernels launched without RTTI ---------------------===//
#include "KernelKeys.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace ampcc {

/// \p S as a C string literal.
static std::string cString(llvm::StringRef S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\' || C == '?') {
      Out += '\\';
      Out += char(C);
    } else if (C < 0x20 || C >= 0x7f) {
      Out += "\\" + std::to_string(C >> 6) + std::to_string((C >> 3) & 7) +
             std::to_string(C & 7);
    } else {
      Out += char(C);
    }
  }
  return Out + "\"";
}

std::string
kernelAliasTable(const std::vector<std::pair<std::string, std::string>> &Keys) {
  if (Keys.empty())
    return "";
  std::string Out = "\n// -fno-rtti launch keys (Concurrency::details::kernelKey).\n"
                    "namespace {\nconst char *const AmpccKernelAliases[][2] = {\n";
  for (const auto &K : Keys)
    Out += "  {" + cString(K.first) + ", " + cString(K.second) + "},\n";
  Out += "};\nconst bool AmpccKernelAliasesRegistered = "
         "(ampcc::rt::registerKernelAliases(AmpccKernelAliases, " +
         std::to_string(Keys.size()) + "), true);\n} // namespace\n";
  return Out;
}

bool uniqueKernelKeys(const std::string &Src,
                      const std::vector<std::pair<std::string, std::string>> &Keys) {
  std::map<std::string, std::string> Seen;
  for (const auto &K : Keys) {
    auto [It, New] = Seen.emplace(K.first, K.second);
    if (!New && It->second != K.second) {
      size_t At = K.first.find("(lambda at ");
      std::string Where = At == std::string::npos ? K.first : K.first.substr(At);
      if (!Where.empty() && Where.back() == ']')
        Where.pop_back();
      llvm::errs() << "ampcc: error: " << Src << ": with -fno-rtti, the kernel "
                   << Where << " is launched from several instantiations of "
                   << "one template, which cannot be told apart without RTTI; "
                   << "compile without -fno-rtti, or make the kernel a "
                   << "function object templated on the same parameters\n";
      return false;
    }
  }
  return true;
}

} // namespace ampcc
