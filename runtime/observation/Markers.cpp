//===- Markers.cpp - Concurrency Visualizer markers ---------------------===//
//
// <cvmarkersobj.h>'s marker_series and span end here: printed to stderr
// with AMPCC_TRACE (beside the runtime's own trace lines) and recorded in
// the AMPCC_TRACE_FILE trace, where spans are ranges and flags, messages and
// alerts instants on one track per series (Profile.cpp).
//
//===----------------------------------------------------------------------===//
#include "observation/Profile.h"
#include "support/Env.h"

#include "ampcc/runtime_api.h"

#include <cstdio>
#include <string>

namespace ampcc {
namespace rt {

static const char *kindName(MarkerKind K) {
  switch (K) {
  case MarkerKind::Flag: return "flag";
  case MarkerKind::Message: return "message";
  case MarkerKind::Alert: return "alert";
  case MarkerKind::SpanBegin: return "span begin";
  case MarkerKind::SpanEnd: return "span";
  }
  return "?";
}

bool markersEnabled() { return env().Trace || !env().TraceFile.empty(); }

uint64_t markerClockNs() { return profileHostNowNs(); }

void recordMarker(const char *Series, MarkerKind Kind, int Category,
                  const char *Text, uint64_t StartNs, uint64_t EndNs) {
  std::string Name = Series && *Series ? Series : "default";
  if (env().Trace) {
    if (Kind == MarkerKind::SpanEnd)
      std::fprintf(stderr, "ampcc: marker [%s] span end (category %d): %s (%.3f ms)\n",
                   Name.c_str(), Category, Text, (EndNs - StartNs) / 1e6);
    else
      std::fprintf(stderr, "ampcc: marker [%s] %s (category %d): %s\n", Name.c_str(),
                   kindName(Kind), Category, Text);
  }
  // A span is one range in the trace, written when it ends.
  if (Kind != MarkerKind::SpanBegin)
    profileMarker(Name, kindName(Kind), Category, Text, StartNs,
                  Kind == MarkerKind::SpanEnd ? EndNs : StartNs);
}

} // namespace rt
} // namespace ampcc
