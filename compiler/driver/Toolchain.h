//===- Toolchain.h - where ampcc finds clang, headers and runtime -*- C++ -*-===//
//
// The same binary works from the build tree and after `cmake --install`: it
// first looks for an installed layout next to itself (<prefix>/bin/ampcc,
// <prefix>/lib/ampcc/{include,libampcc_rt.a}), then falls back to the paths
// of the build tree compiled in by CMake.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_TOOLCHAIN_H
#define AMPCC_DRIVER_TOOLCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Program.h"

#include <string>
#include <vector>

namespace ampcc {

struct Toolchain {
  std::string Self;        ///< This ampcc.
  std::string ClangXX;     ///< clang++ used for host compiles and linking.
  std::string IncludeDir;  ///< Holds amp.h.
  std::string RuntimeLib;  ///< libampcc_rt.a
  std::string HostPlugin;  ///< ampcc-host-plugin.so, loaded by the host pass
  bool Verbose = false;
  bool DryRun = false; ///< -###: print each command quoted, run nothing.

  static Toolchain discover(const char *Argv0);

  /// Runs \p Args (Args[0] is the program); prints it first with -v, only
  /// prints it (quoted, as clang's -###) with DryRun.
  /// Returns the exit code, or -1 if it could not be started.
  int run(llvm::ArrayRef<std::string> Args) const;

  /// Starts \p Args without waiting, its stderr going to \p StderrFile
  /// (printed by finish(), so that output keeps the order of the steps).
  /// Pid is 0 if it could not be started (the reason is printed).
  llvm::sys::ProcessInfo start(llvm::ArrayRef<std::string> Args,
                               const std::string &StderrFile) const;
  /// Waits for a started process, copies its stderr to ours; returns its
  /// exit code (-1 if it did not start or crashed).
  /// With \p SpeakAmp, CUDA's terms in the output (the host pass parses
  /// in HIP mode: `__device__ function`) are printed in C++ AMP's
  /// (`restrict(amp) function`), as the device pass prints them.
  int finish(llvm::sys::ProcessInfo &PI, const std::string &StderrFile,
             bool SpeakAmp = false) const;
  /// Stops a started process whose work is no longer wanted.
  void cancel(llvm::sys::ProcessInfo &PI) const;
};

} // namespace ampcc

#endif // AMPCC_DRIVER_TOOLCHAIN_H
