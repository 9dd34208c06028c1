// The driver's temporary files go away when it is killed by a signal
// (Ctrl-C, SIGTERM from a build tool), and it dies of that signal. The
// "clang++" it runs for the host compile is a script that sends the driver
// SIGTERM, while the driver's temporary directory exists; it sits where
// clang's resource directory is found relative to it.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/tmp %t.dir/bin %t.dir/lib/clang
// RUN: ln -s /usr/lib/llvm-19/lib/clang/19 %t.dir/lib/clang/19
// RUN: printf '#!/bin/sh\nkill -TERM $PPID\nsleep 1\n' > %t.dir/bin/clang++ && chmod +x %t.dir/bin/clang++
// RUN: env TMPDIR=%t.dir/tmp AMPCC_CLANGXX=%t.dir/bin/clang++ %not --crash %ampcc -c %s -o %t.dir/out.o
// RUN: ls -A %t.dir/tmp | wc -l | %FileCheck --check-prefix=EMPTY %s
// RUN: test ! -e %t.dir/out.o
// The same run without the signal leaves nothing behind either.
// RUN: env TMPDIR=%t.dir/tmp %ampcc -c %s -o %t.dir/out.o
// RUN: ls -A %t.dir/tmp | wc -l | %FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^0$}}
int answer() { return 42; }
