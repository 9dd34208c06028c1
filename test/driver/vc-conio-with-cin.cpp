// A console program that reads a menu choice with std::cin and then keys
// with _kbhit/_getch (the ant colony sample's file browser), its input a
// pipe: stdio has read the keys ahead for cin, and _kbhit and _getch see
// them there, in order; the next cin read continues after them.
// RUN: %ampcc %s -o %t
// RUN: printf '12\nsw\r7\n' | %t | %FileCheck %s
// CHECK: choice 12; keys s w enter; then 7
#include <conio.h>
#include <cstdio>
#include <ctime>
#include <iostream>

static int key() {
  for (int I = 0; I < 200; ++I) {
    if (_kbhit())
      return _getch();
    struct timespec T = {0, 10000000};
    nanosleep(&T, nullptr);
  }
  return EOF;
}

int main() {
  int Choice = 0, Next = 0;
  std::cin >> Choice;
  std::cin.get(); // the line's end
  std::cout << "choice " << Choice << "; keys";
  for (int K; (K = key()) != EOF;) {
    if (K == '\r') {
      std::cout << " enter";
      break;
    }
    std::cout << " " << char(K);
  }
  std::cin >> Next;
  std::cout << "; then " << Next << "\n";
  return 0;
}
