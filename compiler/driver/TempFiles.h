//===- TempFiles.h - temporary files that go away on SIGINT/SIGTERM -*- C++ -*-===//
//
// The driver's temporary files, and writing and moving them. They live in
// one directory that the Driver
// removes when it finishes. A signal (Ctrl-C, SIGTERM from a build tool,
// SIGHUP) would skip that: registered paths are unlinked by the signal
// handler, which then lets the signal kill the process as before (its exit
// status stays the signal's).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_TEMPFILES_H
#define AMPCC_DRIVER_TEMPFILES_H

#include <string>

namespace ampcc {

/// Removes \p Path (a file, or an empty directory registered before the
/// files in it) if a terminating signal arrives. Registered files are
/// removed in reverse order of registration, so a directory goes last.
void removeOnSignal(const std::string &Path);

/// Writes \p Text to \p Path; false after printing why it could not.
bool writeFile(const std::string &Path, const std::string &Text);

/// Moves \p From to \p To, copying across file systems (the temporary
/// directory is often another one); false after printing why it could not.
bool moveFile(const std::string &From, const std::string &To);

} // namespace ampcc

#endif // AMPCC_DRIVER_TEMPFILES_H
