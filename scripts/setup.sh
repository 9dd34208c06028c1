#!/usr/bin/env bash
# Installs the Debian packages ampcc needs, and only those that are missing.
# Idempotent and non-interactive: quiet and fast (well under a second) when all
# packages are present; runs `apt-get update` only when something must be installed.
set -euo pipefail

PACKAGES=(
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  cmake ninja-build make python3 python3-psutil clangd-19
  ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo
  libgtest-dev libtbb-dev ccache libomp-19-dev libclang-rt-19-dev
  libpng-dev  # examples/image-filter reads and writes PNG
  libclc-19   # NVPTX built-ins for the ahead-of-time PTX (issue 46)
)
# BENCH=1: also what the benchmark charts need (bench/plot.py); CI leaves it
# off.
if [ "${BENCH:-}" = 1 ]; then
  PACKAGES+=(python3-matplotlib)
fi

# MPI=1: also Open MPI, for examples/mpi (the test suite builds and runs
# it; scripts/test.sh sets this).
if [ "${MPI:-}" = 1 ]; then
  PACKAGES+=(openmpi-bin libopenmpi-dev)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  # dpkg-query reports "install ok installed" only for fully installed packages.
  if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "ampcc setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "ampcc setup: done"
