// Host memory with guard values around the data a view is made over: a
// robust kernel's writes past the view's buffer must leave them as they
// were (robust-access-*.cpp).
#ifndef GUARDED_MEMORY_H
#define GUARDED_MEMORY_H
#include <vector>

static const float Guard = -7.0f;

struct Guarded {
  std::vector<float> Mem;
  int Begin, Size;
  Guarded(int Size) : Mem(Size + 64, Guard), Begin(32), Size(Size) {}
  float *data() { return Mem.data() + Begin; }
  bool intact() const {
    for (int I = 0; I < int(Mem.size()); ++I)
      if ((I < Begin || I >= Begin + Size) && Mem[I] != Guard)
        return false;
    return true;
  }
};
#endif
