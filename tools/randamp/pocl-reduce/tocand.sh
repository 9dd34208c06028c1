#!/bin/bash
# tocand.sh K.cl OUT.c: kernel-scope __local declarations become static in section lclmem.
sed -E 's/^([[:space:]]*)__local ([A-Za-z_][A-Za-z_0-9 ]*[A-Za-z_][A-Za-z_0-9]*(\[[0-9]+\])?;)/\1static __attribute__((section("lclmem"))) \2/' "$1" > "$2"
