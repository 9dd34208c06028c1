#!/usr/bin/env bash
# Builds ampcc (scripts/build.sh) and its Debian package with CPack:
# build/package/ampcc_<version>_amd64.deb. Prints the package's path.
# Install it with `sudo apt install ./build/package/ampcc_*_amd64.deb`
# (apt installs the dependencies it declares).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
BUILD_DIR=${BUILD_DIR:-build}
(cd "$BUILD_DIR" && cpack -G DEB >/dev/null)
ls "$BUILD_DIR"/package/ampcc_*_amd64.deb
