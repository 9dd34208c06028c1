#!/usr/bin/env bash
# Builds examples/mpi against the build tree's CMake package and runs it
# with 1 and 2 MPI ranks on PoCL; see CMakeLists.txt here.
# Usage: mpi-example-test.sh <work dir>. Exit 77: Open MPI is not installed
# (and AMPCC_REQUIRE_MPI is not 1).
set -euo pipefail
work=${1:?usage: mpi-example-test.sh <work dir>}
: "${AMPCC_SOURCE_DIR:?}" "${AMPCC_BUILD_DIR:?}"
CMAKE=${CMAKE_COMMAND:-cmake}

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if ! command -v mpirun >/dev/null || ! command -v mpicxx >/dev/null; then
  if [ "${AMPCC_REQUIRE_MPI:-}" = 1 ]; then
    fail "Open MPI is not installed (MPI=1 bash scripts/setup.sh installs it)"
  fi
  echo "skipped: Open MPI is not installed (MPI=1 bash scripts/setup.sh installs it)"
  exit 77
fi

rm -rf "$work"
mkdir -p "$work"
if ! "$CMAKE" -S "$AMPCC_SOURCE_DIR/examples/mpi" -B "$work/build" -G Ninja \
    -DCMAKE_MAKE_PROGRAM="${AMPCC_TEST_NINJA:-ninja}" \
    -DCMAKE_CXX_COMPILER="${AMPCC_TEST_CXX:-c++}" \
    -DCMAKE_PREFIX_PATH="$AMPCC_BUILD_DIR" >"$work/configure.log" 2>&1; then
  cat "$work/configure.log" >&2
  fail "configuring examples/mpi failed"
fi
if ! "$CMAKE" --build "$work/build" >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  fail "building examples/mpi failed"
fi

# Open MPI refuses to run as root without these (CI containers run as root);
# --oversubscribe lets two ranks share a machine with fewer cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export POCL_DEVICES="pthread pthread" POCL_MAX_PTHREAD_COUNT=1
unset CPPAMP_DEFAULT_ACCELERATOR
args=(--rows 192 --cols 160 --steps 50)

checksum() { sed -n 's/.*checksum \([^ ]*\).*/\1/p' "$1"; }
for np in 1 2; do
  log=$work/np$np.log
  if ! timeout 120 mpirun --oversubscribe -np $np "$work/build/heat" "${args[@]}" \
      >"$log" 2>&1; then
    cat "$log" >&2
    fail "mpirun -np $np failed"
  fi
  cat "$log"
  grep -q "on $np rank" "$log" || fail "-np $np: no result line"
  grep -q "heat check against a single-rank run: correct" "$log" ||
    fail "-np $np: the result differs from the single-rank run"
  if [ $np = 2 ]; then
    # The two ranks took different accelerators (their local ranks): the
    # host backend's and PoCL's first (OpenCL's two alone for a build
    # without host kernels).
    paths=$(sed -n 's/^rank [01] of 2: .* on \([^ ]*\) .*/\1/p' "$log" | sort -u)
    [ "$(echo "$paths" | grep -c .)" = 2 ] ||
      fail "-np 2: the ranks did not take one accelerator each"
  fi
done
[ "$(checksum "$work/np1.log")" = "$(checksum "$work/np2.log")" ] ||
  fail "checksums differ between 1 and 2 ranks"
echo "mpi-example: 1 and 2 ranks agree (checksum $(checksum "$work/np1.log"))"
