#!/usr/bin/env bash
# The first README command: set up, build, compile an example with ampcc and
# run it on the default OpenCL device (PoCL on a CPU-only machine).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh
BUILD_DIR=${BUILD_DIR:-build}
"$BUILD_DIR/bin/ampcc" -O2 examples/saxpy/saxpy.cpp -o "$BUILD_DIR/saxpy"
"$BUILD_DIR/saxpy"
