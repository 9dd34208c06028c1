// <cvmarkersobj.h> - the Concurrency Visualizer markers that Visual C++
// samples use to show phases of their work (marker_series, span, flags,
// messages, alerts). Linux has no Concurrency Visualizer: the markers cost
// one test of a flag, and with AMPCC_TRACE=1 they are printed to stderr
// beside the runtime's own trace, spans with their duration.
#ifndef AMPCC_CVMARKERSOBJ_H
#define AMPCC_CVMARKERSOBJ_H

#include "ampcc/markers.h"

namespace concurrency = Concurrency;

#endif // AMPCC_CVMARKERSOBJ_H
