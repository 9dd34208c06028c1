#!/usr/bin/env bash
# Tests of ampcc's CMake package with examples/cmake-project; see
# CMakeLists.txt here. Usage: cmake-package-test.sh install|rebuild <work dir>
# Environment (set by ctest): AMPCC_SOURCE_DIR, AMPCC_BUILD_DIR, CMAKE_COMMAND,
# AMPCC_TEST_CXX, AMPCC_TEST_NINJA, AMPCC_TEST_MAKE, AMPCC_TEST_CLANGD (may be
# empty), POCL_CACHE_DIR.
set -euo pipefail

mode=${1:?usage: cmake-package-test.sh install|rebuild <work dir>}
work=${2:?usage: cmake-package-test.sh install|rebuild <work dir>}
: "${AMPCC_SOURCE_DIR:?}" "${AMPCC_BUILD_DIR:?}"
CMAKE=${CMAKE_COMMAND:-cmake}
CXX=${AMPCC_TEST_CXX:-c++}
JOBS=${JOBS:-2}

fail() {
  echo "FAIL ($mode): $*" >&2
  exit 1
}
step() { echo "== $*"; }
elapsed() { # <start in ns>: the seconds since, e.g. "4.21 s"
  local ms=$((($(date +%s%N) - $1) / 1000000))
  printf '%d.%02d s' $((ms / 1000)) $((ms % 1000 / 10))
}
# Runs a command with its output in $work/<log>; shows the output on failure.
logged() {
  local log=$work/$1
  shift
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    fail "command failed: $* (output above, and in $log)"
  fi
}

[ -x "$AMPCC_BUILD_DIR/bin/ampcc" ] || fail "$AMPCC_BUILD_DIR/bin/ampcc not built"
[ -n "${AMPCC_TEST_NINJA:-}" ] || fail "ninja not found (scripts/setup.sh installs ninja-build)"
[ -n "${AMPCC_TEST_MAKE:-}" ] ||
  fail "make not found: the Unix Makefiles generator needs it (apt-get install make)"

rm -rf "$work"
mkdir -p "$work"
# A copy of the example: the rebuild test touches its files.
cp -r "$AMPCC_SOURCE_DIR/examples/cmake-project" "$work/src"
src=$work/src

# configure <build dir> <generator> <package dir> [cmake args...]
configure() {
  local dir=$1 gen=$2 pkg=$3
  shift 3
  local make_program=$AMPCC_TEST_NINJA
  [ "$gen" = "Ninja" ] || make_program=$AMPCC_TEST_MAKE
  logged "$(basename "$dir").configure.log" \
    "$CMAKE" -S "$src" -B "$dir" -G "$gen" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_MAKE_PROGRAM="$make_program" "$@"
  local found
  found=$(sed -n 's/^AMPCC_DIR:[A-Z]*=//p' "$dir/CMakeCache.txt")
  [ "$found" = "$pkg" ] || fail "find_package(AMPCC) found '$found', expected '$pkg'"
}

# build <build dir> <log name>: builds; the log lists what was compiled.
build() {
  logged "$2" "$CMAKE" --build "$1" -j "$JOBS"
}

# run_example <build dir>: runs the program and checks its report.
run_example() {
  local out=$work/$(basename "$1").run.log
  if ! "$1/ampex" >"$out" 2>&1; then
    cat "$out" >&2
    fail "$1/ampex failed"
  fi
  for line in "affine: 100003 elements, match the CPU reference (0 errors)" \
              "matches the CPU reference" \
              "affine\*y: 100003 elements, match the CPU reference (0 errors)" \
              "^all results match the CPU reference$"; do
    grep -q -- "$line" "$out" || { cat "$out" >&2; fail "no '$line' in the output of $1/ampex"; }
  done
  echo "   $(tail -n 1 "$out")"
}

# compiled <log>: the object files a build compiled, sorted, one a line.
compiled() {
  sed -n 's/.*Building CXX object \(.*\.o\)$/\1/p' "$work/$1" | sed 's|.*/||' | sort | tr '\n' ' '
}

# expect_compiled <log> <objects...>: exactly these objects were compiled.
expect_compiled() {
  local log=$1
  shift
  local want="" got
  [ $# -eq 0 ] || want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  got=$(compiled "$log")
  [ "$got" = "$want" ] || { cat "$work/$log" >&2; fail "$log: compiled '$got', expected '$want'"; }
}

case $mode in
install)
  prefix=$work/prefix
  step "cmake --install $AMPCC_BUILD_DIR --prefix $prefix"
  logged install.log "$CMAKE" --install "$AMPCC_BUILD_DIR" --prefix "$prefix"
  for f in bin/ampcc lib/ampcc/libampcc_rt.a lib/ampcc/include/amp.h \
           lib/cmake/AMPCC/AMPCCConfig.cmake lib/cmake/AMPCC/AMPCCConfigVersion.cmake \
           lib/cmake/AMPCC/AMPCCHelpers.cmake lib/cmake/AMPCC/ampcc-launcher; do
    [ -f "$prefix/$f" ] || fail "not installed: $prefix/$f"
  done
  [ -x "$prefix/lib/cmake/AMPCC/ampcc-launcher" ] || fail "ampcc-launcher is not executable"
  # The installed package must not point back into the build or source tree.
  if grep -q -e "$AMPCC_BUILD_DIR" -e "$AMPCC_SOURCE_DIR" "$prefix"/lib/cmake/AMPCC/*.cmake; then
    fail "the installed package refers to the build or source tree"
  fi

  for gen in Ninja "Unix Makefiles"; do
    dir=$work/build-$(echo "$gen" | tr -d ' ' | tr 'A-Z' 'a-z')
    step "example with -G '$gen' against $prefix"
    start=$(date +%s%N)
    configure "$dir" "$gen" "$prefix/lib/cmake/AMPCC" -DCMAKE_PREFIX_PATH="$prefix"
    build "$dir" "$(basename "$dir").build.log"
    echo "   configure + build: $(elapsed "$start")"
    expect_compiled "$(basename "$dir").build.log" \
      affine_amp.cpp.o dot_amp.cpp.o reference.cpp.o main.cpp.o report.cpp.o
    run_example "$dir"
  done

  step "compile_commands.json (Ninja build)"
  python3 - "$work/build-ninja/compile_commands.json" <<'PY'
import json, sys
cmds = {e["file"].rsplit("/", 2)[-2] + "/" + e["file"].rsplit("/", 1)[-1]: e["command"]
        for e in json.load(open(sys.argv[1]))}
amp = ["lib/affine_amp.cpp", "lib/dot_amp.cpp", "app/main.cpp", "app/report.cpp"]
for f in amp + ["lib/reference.cpp"]:
    if f not in cmds:
        sys.exit("FAIL: %s is not in compile_commands.json" % f)
for f in amp:
    for flag in ["-xhip", "-fdeclspec", "-D__AMPCC__=1", "-isystem"]:
        if flag not in cmds[f].split():
            sys.exit("FAIL: compile_commands.json: %s lacks %s: %s" % (f, flag, cmds[f]))
    if "ampcc-launcher" in cmds[f]:
        sys.exit("FAIL: compile_commands.json names the launcher: " + cmds[f])
if "-xhip" in cmds["lib/reference.cpp"].split():
    sys.exit("FAIL: reference.cpp (not an ampcc source) has the ampcc flags")
PY
  if [ -n "${AMPCC_TEST_CLANGD:-}" ]; then
    for f in lib/affine_amp.cpp app/main.cpp lib/reference.cpp; do
      logged clangd.log "$AMPCC_TEST_CLANGD" --compile-commands-dir="$work/build-ninja" \
        --check="$src/$f"
      grep -q "All checks completed, 0 errors" "$work/clangd.log" ||
        { cat "$work/clangd.log" >&2; fail "clangd reports errors in $f"; }
    done
    echo "   clangd-19 parses the sources without errors"
  else
    echo "   (clangd-19 not installed: clangd check not run)"
  fi
  ;;

rebuild)
  # Against the build-tree package this time.
  pkg=$AMPCC_BUILD_DIR/lib/cmake/AMPCC
  for gen in Ninja "Unix Makefiles"; do
    dir=$work/build-$(echo "$gen" | tr -d ' ' | tr 'A-Z' 'a-z')
    name=$(basename "$dir")
    step "example with -G '$gen' against the build tree $AMPCC_BUILD_DIR"
    configure "$dir" "$gen" "$pkg" -DAMPCC_DIR="$pkg"
    build "$dir" "$name.build.log"
    run_example "$dir"
    kobj=$dir/CMakeFiles/ampex_kernels.dir/lib/affine_amp.cpp.o
    stamp=$work/stamp
    touch "$stamp"

    step "$gen: touch include/ampex/affine.h (shared by kernels, host code and plain C++)"
    touch "$src/include/ampex/affine.h"
    start=$(date +%s%N)
    build "$dir" "$name.header.log"
    echo "   incremental build: $(elapsed "$start")"
    expect_compiled "$name.header.log" affine_amp.cpp.o reference.cpp.o main.cpp.o
    [ "$kobj" -nt "$stamp" ] || fail "the kernel object $kobj was not rewritten"
    [ "$dir/CMakeFiles/ampex_kernels.dir/lib/dot_amp.cpp.o" -nt "$stamp" ] &&
      fail "dot_amp.cpp.o (does not include the header) was rebuilt"

    step "$gen: touch app/report.cpp (unrelated to the kernels)"
    touch "$stamp"
    touch "$src/app/report.cpp"
    build "$dir" "$name.unrelated.log"
    expect_compiled "$name.unrelated.log" report.cpp.o
    [ "$kobj" -nt "$stamp" ] && fail "the kernel object was rebuilt for an unrelated source"

    step "$gen: nothing changed"
    build "$dir" "$name.noop.log"
    expect_compiled "$name.noop.log"
    run_example "$dir"
  done
  ;;
*)
  fail "unknown mode '$mode'"
  ;;
esac
echo "PASS ($mode)"
