//===- BuildLog.h - Point build errors at the user's source -----*- C++ -*-===//
//
// ampcc's generated OpenCL C carries #line directives, so that a compiler
// error names the user's file and line. PoCL honours them; NVIDIA's OpenCL
// compiler does not, and reports "<kernel>:<physical line>:<column>". The
// runtime rewrites such locations itself, from the same directives.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_BUILDLOG_H
#define AMPCC_RUNTIME_BUILDLOG_H

#include <string>

namespace ampcc {
namespace rt {

/// Rewrites each "<kernel>:L:" in Log to "file:M:", where (file, M) is what
/// the #line directives of Source make of physical line L. Locations before
/// the first directive, and logs without such locations, are left alone.
std::string remapBuildLog(const std::string &Log, const char *Source);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_BUILDLOG_H
