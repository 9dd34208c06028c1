#!/usr/bin/env bash
# Packs the conformance suite and its runner (both kept outside the
# repository) into .device/conformance-suite/suite.tar.xz for
# scripts/conformance-on-device.sh. Usage:
#   scripts/conformance-suite-pack.sh SUITE_DIR [RUNNER]
# SUITE_DIR is the suite's amp-conformance folder (docs/conformance.md says
# where it comes from); RUNNER defaults to ../shared/tools/conformance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=$(cd "${1:?usage: $0 SUITE_DIR [RUNNER]}" && pwd)
RUNNER=${2:-../shared/tools/conformance.py}
OUT=.device/conformance-suite
mkdir -p "$OUT"
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
cp -a "$SUITE" "$STAGE/amp-conformance"
cp "$RUNNER" "$STAGE/conformance.py"
tar -C "$STAGE" -cJf "$OUT/suite.tar.xz" .
du -sh "$OUT/suite.tar.xz"
