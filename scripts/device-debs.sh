#!/usr/bin/env bash
# Puts the .deb of each named Debian package into DEST, for a bundle that
# the GPU machine unpacks into a private root (bench/device-env.sh): apt's
# cache when it holds the package (setup.sh installed it), else a download.
# Usage: scripts/device-debs.sh DEST PACKAGE...
set -euo pipefail
DEST=${1:?usage: $0 DEST PACKAGE...}
shift
mkdir -p "$DEST"
for p in "$@"; do
  cp /var/cache/apt/archives/"${p}"_*.deb "$DEST/" 2>/dev/null ||
    (cd "$DEST" && apt-get download "$p")
done
