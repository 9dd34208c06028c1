// <conio.h>: _kbhit polls for a key, _getch reads one. When standard input
// is not a terminal, _kbhit says whether bytes are waiting and _getch reads
// the next one (EOF at the end). -fno-ms-headers: no <conio.h>.
// RUN: %ampcc %s -o %t
// RUN: printf 'q' | %t | %FileCheck %s
// RUN: %t < /dev/null | %FileCheck --check-prefix=NONE %s
// RUN: %not %ampcc -fno-ms-headers -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OFF %s
// CHECK: key waiting 1, read 'q', then EOF 1
// NONE: key waiting 0
// OFF: fatal error: 'conio.h' file not found
#include <conio.h>
#include <cstdio>
#include <ctime>

int main() {
  // A pipe's writer may not have written yet: poll for up to a second.
  int Waiting = 0;
  for (int I = 0; I < 100 && !(Waiting = _kbhit()); ++I) {
    struct timespec T = {0, 10000000};
    nanosleep(&T, nullptr);
  }
  if (!Waiting) {
    std::printf("key waiting 0\n");
    return 0;
  }
  int Key = _getch();
  std::printf("key waiting 1, read '%c', then EOF %d\n", Key, _getch() == EOF);
  return 0;
}
