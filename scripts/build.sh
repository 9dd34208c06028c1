#!/usr/bin/env bash
# Installs missing packages (scripts/setup.sh), then configures and builds
# ampcc in ./build with Ninja. Incremental: a second run only rebuilds what
# changed. BUILD_DIR and BUILD_TYPE override the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

BUILD_DIR=${BUILD_DIR:-build}
BUILD_TYPE=${BUILD_TYPE:-Release}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
        -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
fi
# Two cores on the project's machines; the LLVM headers make each
# translation unit heavy, so more jobs only thrash.
cmake --build "$BUILD_DIR" -- -j"${JOBS:-2}"
