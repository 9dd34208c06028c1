"""Prints the backends whose devices a run listed, in order: the details of
the "device discovery" host steps of a trace written by AMPCC_TRACE_FILE."""
import json
import sys

with open(sys.argv[1]) as f:
    events = json.load(f)["traceEvents"]
steps = sorted((e for e in events if e.get("ph") == "X" and e["name"] == "device discovery"),
               key=lambda e: e["ts"])
print("listed: " + " ".join(e["args"]["detail"] for e in steps))
