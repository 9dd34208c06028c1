#!/bin/bash
# ctest.sh X.cpp: ampcc -O3's OpenCL C of X.cpp, then test.sh on it (in a temp dir).
T=$(cd "$(dirname "$0")" && pwd); f=$(readlink -f "$1"); d=$(mktemp -d); trap 'rm -rf $d' EXIT
cd $d && ${AMPCC:-ampcc} -O3 -w -emit-opencl "$f" -o raw.cl > log 2>&1 || { echo "emit failed"; exit 2; }
grep -v '^#line' raw.cl > k.cl
POCL_REDUCE_DIR=$T "$T/test.sh"
