"""Summarises a Chrome trace-event file written by AMPCC_TRACE_FILE for
FileCheck: that it parses as JSON, how many complete events of each
category it has, the kernel event names with their counts, the bytes per
transfer direction, and the Concurrency Visualizer markers (a span says
whether it encloses every kernel of the run). Fails (non-zero) on anything that is not a valid trace."""
import collections
import json
import sys

with open(sys.argv[1]) as f:
    trace = json.load(f)
events = trace["traceEvents"]
print("valid JSON")
complete = [e for e in events if e["ph"] == "X"]
for e in complete:
    for key in ("name", "cat", "ts", "dur", "pid", "tid"):
        assert key in e, "event without %s: %r" % (key, e)
    assert e["dur"] >= 0, e
by_cat = collections.Counter(e["cat"] for e in complete)
print("kernel", by_cat["kernel"])
names = collections.Counter(e["name"] for e in complete if e["cat"] == "kernel")
print("kernel names " + ", ".join(
    "%s x%d" % (n.rsplit("/", 1)[-1], c) for n, c in sorted(names.items(), key=lambda x: -x[1])))
for cat in ("host to device", "device to host"):
    print("%s bytes %d" % (cat, sum(e["args"]["bytes"] for e in complete if e["cat"] == cat)))
print("program build", by_cat["program build"])
# Every track is named, as Perfetto shows it.
tracks = {e["tid"]: e["args"]["name"] for e in events
          if e["ph"] == "M" and e["name"] == "thread_name"}
assert all(e["tid"] in tracks for e in events if e["ph"] != "M"), "unnamed track"
kernels = [e for e in complete if e["cat"] == "kernel"]
for e in events:
    if e.get("cat") != "marker":
        continue
    line = "marker %s on '%s': %s (%s, category %d)" % (
        "span" if e["ph"] == "X" else "instant", tracks[e["tid"]], e["name"],
        e["args"]["kind"], e["args"]["category"])
    if e["ph"] == "X":
        inside = all(e["ts"] <= k["ts"] and k["ts"] + k["dur"] <= e["ts"] + e["dur"]
                     for k in kernels)
        line += ", encloses the kernels" if inside else ", misses a kernel"
    else:
        assert e["ph"] == "i" and "ts" in e, e
    print(line)
