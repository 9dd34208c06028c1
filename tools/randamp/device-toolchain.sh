# Sourced on the GPU machine, from the repository's root: unpacks the
# compiler that device-pack.sh packed (.device/randamp-tc, carried) into
# .device/randamp-root, once per pack while the machine stays, and points
# ampcc at it (the clang++ of its host compiles, libclc, a writable
# precompiled-header directory). Sets R to the root; returns 3 without a
# pack. Used by device-run.sh and scripts/conformance-on-device.sh.
TC=.device/randamp-tc/toolchain.tar.xz
R=$PWD/.device/randamp-root
if [ -f "$TC" ] && ! cmp -s <(stat -c %s "$TC") "$R/.packed" 2>/dev/null; then
  t_unpack=$(date +%s)
  rm -rf "$R" && mkdir -p "$R"
  xz -d -T0 < "$TC" | tar -C "$R" -xf - && stat -c %s "$TC" > "$R/.packed"
  echo "toolchain unpacked in $(( $(date +%s) - t_unpack )) s"
fi
[ -x "$R/ampcc/bin/ampcc" ] || { echo "no toolchain: carry $TC"; return 3; }
echo "ampcc of $(cat "$R/ampcc/COMMIT" 2>/dev/null)"
export LD_LIBRARY_PATH="$R/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LIBRARY_PATH=$R/usr/lib/x86_64-linux-gnu
export AMPCC_CLANGXX=$R/usr/lib/llvm-19/bin/clang++
export AMPCC_LIBCLC_PATH=$R/usr/lib/clc/nvptx64--nvidiacl.bc
export AMPCC_PCH_DIR=$R/pch
