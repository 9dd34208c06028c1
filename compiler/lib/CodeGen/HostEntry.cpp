//===- HostEntry.cpp - kernels' entries on the host CPU -------------------===//
//
// The runtime passes a host kernel's arguments as OpenCL passes them: one
// pointer per parameter to its value (host_kernel_abi.h). The entry copies
// each into a local first, so that no store of the kernel through a view
// can be taken for one that changes an argument, and the loop over
// work-items keeps them in registers.
//
//===----------------------------------------------------------------------===//
#include "HostEntry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace ampcc {

/// "__global float *a_data" -> the type "__global float *"; kernel
/// parameters are never arrays, so the name is the last identifier.
static std::string parameterType(llvm::StringRef Param) {
  size_t End = Param.size();
  while (End && (llvm::isAlnum(Param[End - 1]) || Param[End - 1] == '_'))
    --End;
  return Param.take_front(End).rtrim().str();
}

std::string hostEntry(const std::string &Kernel,
                      const std::vector<std::string> &Params, bool Tiled,
                      bool TileLoops, bool LanesShareLocals) {
  std::string Unpack, Args;
  for (size_t I = 0; I < Params.size(); ++I) {
    std::string Ty = parameterType(Params[I]), N = "ampcc_a" + std::to_string(I);
    Unpack += "  " + Ty + " " + N + " = *(" + Ty + " *)ampcc_args[" + std::to_string(I) +
              "];\n";
    Args += ", " + N;
  }
  if (Tiled)
    return "static void " + Kernel +
           "__item(void *const *ampcc_args, const ampcc_item *ampcc_it) {\n" + Unpack +
           "  " + Kernel + "(*ampcc_it" + Args + ");\n}\n\n" +
           (TileLoops ? "static void " + Kernel +
                            "__tile(void *const *ampcc_args, const ampcc_item *ampcc_t) {\n" +
                            Unpack + "  " + Kernel + "__loops(*ampcc_t" + Args + ");\n}\n\n"
                      : std::string());
  // Work-items of an untiled launch are unordered: a kernel whose result
  // depended on their order would race, so the innermost loop carries no
  // dependence the vectoriser must respect, but through locals kept in
  // memory, which every iteration shares (LaneLocals.h).
  return "static void " + Kernel +
         "__range(void *const *ampcc_args, const ampcc_host_launch *ampcc_l) {\n" +
         Unpack +
         "  for (size_t z = ampcc_l->lo[2]; z < ampcc_l->hi[2]; ++z)\n"
         "    for (size_t y = ampcc_l->lo[1]; y < ampcc_l->hi[1]; ++y) {\n"
         "      const size_t x0 = ampcc_l->lo[0], x1 = ampcc_l->hi[0];\n"
         "#pragma clang loop vectorize(" + (LanesShareLocals ? "enable" : "assume_safety") +
         ")\n"
         "      for (size_t x = x0; x < x1; ++x) {\n"
         "        ampcc_item it = {{x, y, z}, {0, 0, 0}, {0, 0, 0}, ampcc_l->owned};\n"
         "        " + Kernel + "(it" + Args + ");\n"
         "      }\n"
         "    }\n}\n\n";
}

} // namespace ampcc
