//===- DeviceForkServer.h - device passes forked from a ready one -*- C++ -*-===//
//
// The fuzzer's way to compile one file after another at a useful rate
// (compiler/fuzz): a server process sets the device pass up once, as far as
// the start of the main file (Clang's command line, the precompiled <amp.h>
// read, Sema made, and the header's declarations that files use most read
// back), and forks there for each file. Each child gives the main file its
// text and carries on as compileDevice would; what the set-up cost (a
// fifth of a small file's time) and what the header's reader loads (a
// quarter) is then paid once.
//
// What the fork point holds depends on the main file's size alone: the
// server's main file is a template as long as the longest file to come,
// and each child gives it the text of the file to compile, padded with
// spaces to that length. A file that is longer, or that the token pass
// would change (specifiers to move, macros that stand for them: other
// text or other options for the parse), is compiled from the start in its
// child, as compileDevice does.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_DEVICEFORKSERVER_H
#define AMPCC_FRONTEND_DEVICEFORKSERVER_H

#include "ampcc/Frontend/DeviceCompiler.h"

#include <functional>

namespace ampcc {

struct DeviceForkServer {
  /// Where each file to compile is.
  std::string Input;
  /// In the server: waits until the next file is at Input; false ends
  /// the server.
  std::function<bool()> NextFile;
  /// In the server: a child ended, with its status as waitpid gives it.
  std::function<void(int Status)> ChildEnded;
  /// In each child, first thing after the fork.
  std::function<void()> ChildStarted;
  /// In each child: its file's result; the child then exits with status 0.
  std::function<void(const DeviceCompileResult &)> Report;
};

/// Serves compileDevice(Server.Input, ...) for each file that
/// Server.NextFile announces, from a pass set up over \p Template, as
/// above; returns only in the server (never in a child), once NextFile
/// said no more: false if the set-up failed before the fork point
/// (NextFile was never asked).
bool serveDeviceCompiles(const std::string &Template, const std::vector<std::string> &FrontendArgs,
                         const std::string &ClangPath, const DeviceOptions &Opts,
                         PrecompiledAmpCache *Prefixes, const DeviceForkServer &Server);

} // namespace ampcc

#endif // AMPCC_FRONTEND_DEVICEFORKSERVER_H
