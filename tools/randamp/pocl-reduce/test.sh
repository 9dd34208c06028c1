#!/bin/bash
# C-Reduce's test for seed 35199 (in C-Reduce's directory, on k.cl): 0 when PoCL's optimised build
# of t3_device_kernel is "unreachable" and crashes while the kernel is defined: it runs as C on
# the host (host.c) under ASan+UBSan with __local memory in two patterns, TSan and MSan (unwritten
# __local memory poisoned), and PoCL's -cl-opt-disable build gives the host's output.
T=${POCL_REDUCE_DIR:?set POCL_REDUCE_DIR to this folder, with drv built in it}
ulimit -t 60
grep -q 't3_device_kernel' k.cl || exit 1
P=$(python3 $T/args.py k.cl) || exit 1
CALL=$(echo $P | sed 's/ /, /g')
C=$(mktemp -d)
trap 'rm -rf $C' EXIT
# First the crash and its signature (cheap), then the checks that the candidate is defined.
POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1 POCL_CACHE_DIR=$C/o timeout 30 $T/drv k.cl '' $P > /dev/null 2>&1
[ $? -eq 139 ] || exit 1
p=$(ls $C/o/*/*/t3_device_kernel/3-1-1*/parallel.bc 2>/dev/null | head -1)
[ -n "$p" ] || exit 1
llvm-dis-19 "$p" -o - 2>/dev/null | grep -A2 '^define void @_pocl_kernel_t3_device_kernel(' | sed -n 3p | grep -q '^  unreachable$' || exit 1
# The host run: ampcc's discarded one-byte volatile reads left out (a read
# racing with another work-item's write of the same slot, value unused).
grep -v '^ *(void)\*(volatile __local uchar \*)&[A-Za-z_0-9]*;$' k.cl > k.host.cl
$T/tocand.sh k.host.cl cand.c
W="-Werror=uninitialized -Werror=sometimes-uninitialized -Werror=return-type -Werror=implicit-function-declaration -Werror=int-conversion -Werror=incompatible-pointer-types -Werror=implicit-int -Werror=int-to-pointer-cast -Werror=pointer-to-int-cast -Werror=division-by-zero -Werror=shift-count-overflow -Werror=shift-count-negative -Werror=array-bounds -Werror=tautological-compare"
for s in address,undefined thread memory; do
  timeout 30 clang-19 -w $W -g -O0 -fsanitize=$s -fno-sanitize-recover=all -DCAND="\"$PWD/cand.c\"" -DCALL="$CALL" $T/host.c -o h-$s -lm -lpthread > /dev/null 2>&1 || exit 1
done
export TSAN_OPTIONS=halt_on_error=1:exitcode=66 ASAN_OPTIONS=detect_leaks=0
a=$(timeout 10 ./h-address,undefined 0 2>/dev/null) || exit 1
b=$(timeout 10 ./h-address,undefined 165 2>/dev/null) || exit 1
[ "$a" = "$b" ] || exit 1
timeout 10 ./h-thread 0 > /dev/null 2>&1 || exit 1
timeout 10 ./h-memory 90 > /dev/null 2>&1 || exit 1
n=$(POCL_CACHE_DIR=$C/n timeout 30 $T/drv k.cl -cl-opt-disable $P 2>/dev/null) || exit 1
[ "$n" = "$a" ] || exit 1
