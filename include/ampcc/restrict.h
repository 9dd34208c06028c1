// ampcc/restrict.h - how C++ AMP's restriction specifiers reach Clang.
//
// ampcc parses user code with Clang in HIP mode, whose CUDA target attributes
// have exactly the semantics of C++ AMP restriction specifiers: functions
// overload on them and calls across them are checked. So restrict(amp) is
// __attribute__((device)), restrict(cpu) is __attribute__((host)), and
// restrict(cpu,amp) (in any order) is both. `restrict` is not a C++ keyword,
// so a function-like macro is safe in C++; it never reaches the OpenCL C that
// ampcc emits, where `restrict` is a keyword.
#ifndef AMPCC_RESTRICT_H
#define AMPCC_RESTRICT_H

#if !defined(__HIP__)
#error "<amp.h> must be compiled with ampcc"
#endif

// A list may repeat a specifier (restrict(amp, amp) is restrict(amp), with a
// warning from ampcc): up to eight entries.
#define restrict(...)                                                          \
  AMPCC_RESTRICT_SELECT_(__VA_ARGS__, AMPCC_RESTRICT_8_, AMPCC_RESTRICT_7_,    \
                         AMPCC_RESTRICT_6_, AMPCC_RESTRICT_5_, AMPCC_RESTRICT_4_, \
                         AMPCC_RESTRICT_3_, AMPCC_RESTRICT_2_, AMPCC_RESTRICT_1_, ) \
  (__VA_ARGS__)
#define AMPCC_RESTRICT_SELECT_(A, B, C, D, E, F, G, H, M, ...) M
#define AMPCC_RESTRICT_1_(A) AMPCC_RESTRICTION_##A
#define AMPCC_RESTRICT_2_(A, B) AMPCC_RESTRICTION_##A AMPCC_RESTRICTION_##B
#define AMPCC_RESTRICT_3_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_2_(__VA_ARGS__)
#define AMPCC_RESTRICT_4_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_3_(__VA_ARGS__)
#define AMPCC_RESTRICT_5_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_4_(__VA_ARGS__)
#define AMPCC_RESTRICT_6_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_5_(__VA_ARGS__)
#define AMPCC_RESTRICT_7_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_6_(__VA_ARGS__)
#define AMPCC_RESTRICT_8_(A, ...) AMPCC_RESTRICTION_##A AMPCC_RESTRICT_7_(__VA_ARGS__)
#define AMPCC_RESTRICTION_amp __attribute__((device))
#define AMPCC_RESTRICTION_cpu __attribute__((host))
// The Visual Studio 11 Developer Preview's name for amp (ampcc warns).
#define AMPCC_RESTRICTION_direct3d __attribute__((device))

// tile_static variables live in OpenCL __local memory: CUDA's shared-memory
// attribute gives Clang's own checks (only in device code, no initializer).
// The host pass never emits amp code, and the device pass has already
// checked every tile_static in the file (compiler/lib/Sema/
// TileStaticRules.cpp), so there the attribute is not used: Clang's
// host-side check would reject tile_static objects whose default
// constructor does work on the host only (the short vectors, see
// ampcc/norm.h). It becomes `static` instead, which, like tile_static,
// gives the variable a storage a local class of the kernel may name.
// Visual C++ neither constructs nor destroys a tile_static object, so a class
// without a default constructor, or with one that does work, may be declared
// tile_static: ampcc_tile_static (an attribute ampcc registers with Clang,
// compiler/lib/Sema/TileStaticStorage.cpp) keeps Clang from default-
// initialising the variable in both passes.
#ifdef __HIP_DEVICE_COMPILE__
#define tile_static __attribute__((shared, ampcc_tile_static))
#else
#define tile_static static __attribute__((ampcc_tile_static))
#endif

// Visual C++ binds a temporary of class type to a non-const reference
// parameter (its C4239 extension); ampcc passes such an argument through
// this function (compiler/lib/Frontend/VisualCppRepairs.cpp), which gives
// the callee the temporary itself, alive until the end of the
// full-expression. Here, not in <amp.h>: programs that include no C++ AMP
// header rely on the extension too.
#ifdef __cplusplus
namespace Concurrency {
namespace details {
template <typename T> T &bindTemporary(T &&Temporary) { return Temporary; }
} // namespace details
} // namespace Concurrency
#endif

#endif // AMPCC_RESTRICT_H
