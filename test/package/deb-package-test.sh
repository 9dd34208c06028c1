#!/usr/bin/env bash
# Usage: deb-package-test.sh <build dir> <scratch dir> <source dir> <version>
# Builds the Debian package with cpack, unpacks it into <scratch dir>/root
# and uses the unpacked ampcc as an installed one. Fails with a message on
# the first problem.
set -euo pipefail
build=$1 scratch=$2 src=$3 version=$4
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$scratch" "$build/package"
mkdir -p "$scratch/root"
(cd "$build" && cpack -G DEB >/dev/null) || fail "cpack -G DEB failed"
deb="$build/package/ampcc_${version}_amd64.deb"
[ -f "$deb" ] || fail "no $deb (found: $(ls "$build/package"))"

# Declared dependencies.
depends=$(dpkg-deb -f "$deb" Depends)
for dep in clang-19 libllvm19 libclang-cpp19 ocl-icd-libopencl1; do
  case ", $depends," in *", $dep,"*) ;; *) fail "Depends lacks $dep: $depends" ;; esac
done
dpkg-deb -f "$deb" Depends | grep -q pocl-opencl-icd || fail "pocl-opencl-icd (the software accelerators' device) is not a dependency"
[ "$(dpkg-deb -f "$deb" Architecture)" = amd64 ] || fail "architecture is not amd64"

# Contents.
dpkg -x "$deb" "$scratch/root"
root=$scratch/root/usr
for f in bin/ampcc bin/ampcc-ls lib/ampcc/include/amp.h lib/ampcc/include/ms/xutility \
         lib/ampcc/include/ms/windows.h lib/ampcc/libampcc_rt.a \
         lib/cmake/AMPCC/AMPCCConfig.cmake lib/cmake/AMPCC/ampcc-launcher \
         share/man/man1/ampcc.1.gz share/doc/ampcc/user-guide.md; do
  [ -e "$root/$f" ] || fail "the package lacks /usr/$f"
done
zcat "$root/share/man/man1/ampcc.1.gz" | grep -q '^\.TH AMPCC 1' || fail "ampcc.1.gz is not a man page"

# postinst precompiles <amp.h> with the installed ampcc (dpkg -x does not
# run it: run it as dpkg would, on the unpacked tree), and compiles load it.
dpkg-deb -e "$deb" "$scratch/control"
[ -x "$scratch/control/postinst" ] && [ -x "$scratch/control/prerm" ] || fail "no postinst/prerm"
AMPCC_PREFIX=$root sh "$scratch/control/postinst" configure || fail "postinst failed"
ls "$root"/lib/ampcc/pch/host-*.pch "$root"/lib/ampcc/pch/device-*.pch >/dev/null ||
  fail "postinst built no precompiled <amp.h>: $(ls "$root/lib/ampcc/pch")"

# The unpacked driver uses its own headers and runtime, and the program runs.
cd "$scratch"
"$root/bin/ampcc" --version | grep -q "ampcc version $version" || fail "--version"
"$root/bin/ampcc" -v -O2 "$src/examples/saxpy/saxpy.cpp" -o saxpy 2> cmds || fail "compile with the unpacked ampcc"
grep -q -- "-isystem $root/lib/ampcc/include" cmds || fail "the unpacked ampcc did not use its own headers: $(cat cmds)"
grep -q -- "$root/lib/ampcc/libampcc_rt.a" cmds || fail "the unpacked ampcc did not link its own runtime"
grep -q "precompiled <amp.h>: $root/lib/ampcc/pch/host-[0-9a-f]*.pch$" cmds ||
  fail "the compile did not load postinst's precompiled <amp.h>: $(grep precompiled cmds)"
AMPCC_PREFIX=$root sh "$scratch/control/prerm" remove && [ ! -e "$root/lib/ampcc/pch" ] || fail "prerm left the headers"
./saxpy | grep -q "correct (0 errors)" || fail "saxpy built by the unpacked ampcc gave wrong results: $(./saxpy)"
# The default: PoCL's device, or the host backend's where it runs every
# registered program (ampcc-ls has none; without a GPU it comes first).
"$root/bin/ampcc-ls" | grep -q '^\* \(opencl\|host\):' || fail "the unpacked ampcc-ls lists no default device"
echo "PASS: $deb installs and runs saxpy from $scratch/root"
