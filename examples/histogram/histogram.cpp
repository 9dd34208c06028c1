// Histogram of 8-bit image data with C++ AMP. C++ AMP has no 8-bit type in
// amp code, so four pixels travel packed in each unsigned int and the kernel
// unpacks them with shifts; bins are counted with atomic_fetch_inc.
// Build: ampcc -O2 histogram.cpp -o histogram
#include <amp.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace concurrency;

int main() {
  const int Pixels = 1 << 20; // a 1024 x 1024 8-bit image
  std::vector<uint8_t> Image(Pixels);
  for (int I = 0; I < Pixels; ++I)
    Image[I] = uint8_t((I * 31 + I / 1024) % 251);
  // Four pixels per word, as they lie in memory (little-endian).
  std::vector<unsigned> Words(Pixels / 4);
  std::memcpy(Words.data(), Image.data(), Pixels);
  std::vector<unsigned> Bins(256, 0);

  auto Start = std::chrono::steady_clock::now();
  array_view<const unsigned, 1> WordsV(Pixels / 4, Words);
  array_view<unsigned, 1> BinsV(256, Bins);
  parallel_for_each(WordsV.extent, [=](index<1> I) restrict(amp) {
    unsigned W = WordsV[I];
    for (int B = 0; B < 4; ++B)
      atomic_fetch_inc(&BinsV[(W >> (8 * B)) & 0xFFu]);
  });
  BinsV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();

  std::vector<unsigned> Ref(256, 0);
  for (uint8_t P : Image)
    ++Ref[P];
  int Bad = 0;
  for (int B = 0; B < 256; ++B)
    Bad += Bins[B] != Ref[B];
  std::printf("histogram of %d 8-bit pixels: %s (%d wrong bins, bin 0 = %u), %.2f ms\n",
              Pixels, Bad ? "FAILED" : "correct", Bad, Bins[0], Ms);
  return Bad ? 1 : 0;
}
