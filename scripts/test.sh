#!/usr/bin/env bash
# The second README command (and what CI runs): set up, build, and run the
# whole test suite through ctest (the lit suite and the runtime unit tests).
set -euo pipefail
cd "$(dirname "$0")/.."

# The suite also builds and runs examples/mpi: Open MPI is required.
export MPI=1 AMPCC_REQUIRE_MPI=1
bash scripts/build.sh
BUILD_DIR=${BUILD_DIR:-build}
cd "$BUILD_DIR"
ctest --output-on-failure
