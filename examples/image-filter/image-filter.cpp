// image-filter: a 5x5 Gaussian blur and a Sobel edge filter on an RGBA image,
// once with textures (texture<unorm_4,2> filled from the PNG's 8-bit bytes,
// read through texture_view<const unorm_4,2> with a clamping point sampler,
// written through writeonly_texture_view) and once with array_views of
// packed pixels (clamping by hand); both are checked against a CPU
// reference and timed.
//
//   image-filter [in.png | --size N [blur.png [edges.png]]]
//
// Without an input it makes a test picture, 256x256 or N x N (and writes it
// as input.png), so the example needs no file to run.
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <png.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

struct Image {
  int W = 0, H = 0;
  std::vector<unsigned char> Rgba; // 4 bytes per pixel, row-major
};

static bool readPng(const char *Path, Image &Img) {
  png_image P{};
  P.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&P, Path))
    return false;
  P.format = PNG_FORMAT_RGBA;
  Img.W = (int)P.width;
  Img.H = (int)P.height;
  Img.Rgba.resize(PNG_IMAGE_SIZE(P));
  return png_image_finish_read(&P, nullptr, Img.Rgba.data(), 0, nullptr) != 0;
}

static bool writePng(const char *Path, const Image &Img) {
  png_image P{};
  P.version = PNG_IMAGE_VERSION;
  P.width = (png_uint_32)Img.W;
  P.height = (png_uint_32)Img.H;
  P.format = PNG_FORMAT_RGBA;
  return png_image_write_to_file(&P, Path, 0, Img.Rgba.data(), 0, nullptr) != 0;
}

/// A procedural picture: soft colour gradients, discs and a checkerboard
/// patch, with edges in every direction for the Sobel filter.
static Image makeTestImage(int W, int H) {
  Image Img;
  Img.W = W;
  Img.H = H;
  Img.Rgba.resize((size_t)W * H * 4);
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      float U = X / (float)W, V = Y / (float)H;
      float R = 0.2f + 0.6f * U, G = 0.3f + 0.5f * V, B = 0.5f + 0.4f * std::sin(6.0f * U);
      float D1 = std::hypot(U - 0.3f, V - 0.35f), D2 = std::hypot(U - 0.7f, V - 0.65f);
      if (D1 < 0.18f)
        R = 0.95f, G = 0.85f, B = 0.2f;
      if (D2 < 0.22f && D2 > 0.12f)
        R = 0.1f, G = 0.2f, B = 0.7f;
      if (U > 0.62f && U < 0.92f && V > 0.08f && V < 0.38f && ((X / 12 + Y / 12) & 1))
        R = G = B = 0.05f;
      unsigned char *Px = &Img.Rgba[((size_t)Y * W + X) * 4];
      Px[0] = (unsigned char)(R * 255 + 0.5f);
      Px[1] = (unsigned char)(G * 255 + 0.5f);
      Px[2] = (unsigned char)(B * 255 + 0.5f);
      Px[3] = 255;
    }
  return Img;
}

// 5x5 Gaussian, sigma 1: the binomial taps 1 4 6 4 1 / 16 in each direction
// (a function: amp code may not read namespace-scope arrays).
static float tap(int D) restrict(cpu, amp) {
  D = D < 0 ? -D : D;
  return D == 0 ? 6 / 16.0f : D == 1 ? 4 / 16.0f : 1 / 16.0f;
}

static int clampi(int V, int Lo, int Hi) restrict(cpu, amp) {
  return V < Lo ? Lo : V > Hi ? Hi : V;
}
static float luma(const float_4 &P) restrict(cpu, amp) {
  return 0.299f * P.x + 0.587f * P.y + 0.114f * P.z;
}
/// Packs a colour in [0,1] as RGBA8 in one uint (R in the low byte).
static unsigned pack(const float_4 &P) restrict(cpu, amp) {
  float_4 C = P * 255.0f + 0.5f;
  unsigned R = (unsigned)clampi((int)C.x, 0, 255), G = (unsigned)clampi((int)C.y, 0, 255);
  unsigned B = (unsigned)clampi((int)C.z, 0, 255), A = (unsigned)clampi((int)C.w, 0, 255);
  return R | (G << 8) | (B << 16) | (A << 24);
}
static float_4 unpack(unsigned V) restrict(cpu, amp) {
  return float_4((float)(V & 255), (float)((V >> 8) & 255), (float)((V >> 16) & 255),
                 (float)(V >> 24)) / 255.0f;
}

using Clock = std::chrono::steady_clock;
static double msSince(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

/// Texture version: returns the blurred and edge images as RGBA8 bytes.
static void filterTextures(const Image &In, Image &Blur, Image &Edges, double &Ms) {
  const int W = In.W, H = In.H;
  texture<unorm_4, 2> Src(H, W, In.Rgba.data(), (unsigned)In.Rgba.size(), 8u);
  texture<unorm_4, 2> Blurred(H, W, 8u), Edge(H, W, 8u);
  accelerator_view Av = accelerator().default_view;
  Av.wait();
  auto T0 = Clock::now();
  texture_view<const unorm_4, 2> S(Src);
  writeonly_texture_view<unorm_4, 2> B(Blurred);
  const float Tx = 1.0f / W, Ty = 1.0f / H;
  parallel_for_each(Blurred.extent, [=](index<2> I) restrict(amp) {
    // Texel centres; the clamping sampler handles the image border.
    float U0 = (I[1] + 0.5f) * Tx, V0 = (I[0] + 0.5f) * Ty;
    float_4 Sum(0.0f);
    for (int Dy = -2; Dy <= 2; ++Dy)
      for (int Dx = -2; Dx <= 2; ++Dx)
        Sum += float_4(S.sample<filter_point, address_clamp>(
                   float_2(U0 + Dx * Tx, V0 + Dy * Ty))) *
               (tap(Dy) * tap(Dx));
    B.set(I, unorm_4(Sum));
  });
  texture_view<const unorm_4, 2> BS(Blurred);
  writeonly_texture_view<unorm_4, 2> E(Edge);
  parallel_for_each(Edge.extent, [=](index<2> I) restrict(amp) {
    float U0 = (I[1] + 0.5f) * Tx, V0 = (I[0] + 0.5f) * Ty;
    float L[3][3];
    for (int Dy = -1; Dy <= 1; ++Dy)
      for (int Dx = -1; Dx <= 1; ++Dx)
        L[Dy + 1][Dx + 1] = luma(float_4(BS.sample<filter_point, address_clamp>(
            float_2(U0 + Dx * Tx, V0 + Dy * Ty))));
    float Gx = (L[0][2] + 2 * L[1][2] + L[2][2]) - (L[0][0] + 2 * L[1][0] + L[2][0]);
    float Gy = (L[2][0] + 2 * L[2][1] + L[2][2]) - (L[0][0] + 2 * L[0][1] + L[0][2]);
    float M = precise_math::sqrtf(Gx * Gx + Gy * Gy);
    E.set(I, unorm_4(M, M, M, 1.0f));
  });
  Blur = Edges = In;
  copy(Blurred, Blur.Rgba.data(), (unsigned)Blur.Rgba.size());
  copy(Edge, Edges.Rgba.data(), (unsigned)Edges.Rgba.size());
  Ms = msSince(T0);
}

/// array_view version over packed RGBA8 pixels.
static void filterArrays(const Image &In, Image &Blur, Image &Edges, double &Ms) {
  const int W = In.W, H = In.H;
  std::vector<unsigned> Src((size_t)W * H), Bl((size_t)W * H), Ed((size_t)W * H);
  std::memcpy(Src.data(), In.Rgba.data(), In.Rgba.size());
  auto T0 = Clock::now();
  array_view<const unsigned, 2> S(H, W, Src);
  array_view<unsigned, 2> B(H, W, Bl), E(H, W, Ed);
  B.discard_data();
  E.discard_data();
  parallel_for_each(B.extent, [=](index<2> I) restrict(amp) {
    float_4 Sum(0.0f);
    for (int Dy = -2; Dy <= 2; ++Dy)
      for (int Dx = -2; Dx <= 2; ++Dx)
        Sum += unpack(S(clampi(I[0] + Dy, 0, H - 1), clampi(I[1] + Dx, 0, W - 1))) *
               (tap(Dy) * tap(Dx));
    B[I] = pack(Sum);
  });
  array_view<const unsigned, 2> BS(B);
  parallel_for_each(E.extent, [=](index<2> I) restrict(amp) {
    float L[3][3];
    for (int Dy = -1; Dy <= 1; ++Dy)
      for (int Dx = -1; Dx <= 1; ++Dx)
        L[Dy + 1][Dx + 1] =
            luma(unpack(BS(clampi(I[0] + Dy, 0, H - 1), clampi(I[1] + Dx, 0, W - 1))));
    float Gx = (L[0][2] + 2 * L[1][2] + L[2][2]) - (L[0][0] + 2 * L[1][0] + L[2][0]);
    float Gy = (L[2][0] + 2 * L[2][1] + L[2][2]) - (L[0][0] + 2 * L[0][1] + L[0][2]);
    float M = precise_math::sqrtf(Gx * Gx + Gy * Gy);
    E[I] = pack(float_4(M, M, M, 1.0f));
  });
  E.synchronize();
  B.synchronize();
  Ms = msSince(T0);
  Blur = Edges = In;
  std::memcpy(Blur.Rgba.data(), Bl.data(), Blur.Rgba.size());
  std::memcpy(Edges.Rgba.data(), Ed.data(), Edges.Rgba.size());
}

/// CPU reference, on 8-bit pixels like the device versions.
static void filterCpu(const Image &In, Image &Blur, Image &Edges) {
  const int W = In.W, H = In.H;
  std::vector<unsigned> Src((size_t)W * H), Bl((size_t)W * H);
  std::memcpy(Src.data(), In.Rgba.data(), In.Rgba.size());
  Blur = Edges = In;
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      float_4 Sum(0.0f);
      for (int Dy = -2; Dy <= 2; ++Dy)
        for (int Dx = -2; Dx <= 2; ++Dx)
          Sum += unpack(Src[clampi(Y + Dy, 0, H - 1) * W + clampi(X + Dx, 0, W - 1)]) *
                 (tap(Dy) * tap(Dx));
      Bl[Y * W + X] = pack(Sum);
    }
  std::memcpy(Blur.Rgba.data(), Bl.data(), Blur.Rgba.size());
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      float L[3][3];
      for (int Dy = -1; Dy <= 1; ++Dy)
        for (int Dx = -1; Dx <= 1; ++Dx)
          L[Dy + 1][Dx + 1] = luma(unpack(Bl[clampi(Y + Dy, 0, H - 1) * W + clampi(X + Dx, 0, W - 1)]));
      float Gx = (L[0][2] + 2 * L[1][2] + L[2][2]) - (L[0][0] + 2 * L[1][0] + L[2][0]);
      float Gy = (L[2][0] + 2 * L[2][1] + L[2][2]) - (L[0][0] + 2 * L[0][1] + L[0][2]);
      float M = std::sqrt(Gx * Gx + Gy * Gy);
      unsigned V = pack(float_4(M, M, M, 1.0f));
      std::memcpy(&Edges.Rgba[((size_t)Y * W + X) * 4], &V, 4);
    }
}

/// Pixels differing by more than Tol in any channel (rounding of 8-bit
/// intermediates and fused multiply-adds differ by one step at most).
static int countWrong(const Image &A, const Image &B, int Tol) {
  int Wrong = 0;
  for (size_t I = 0; I < A.Rgba.size(); I += 4)
    for (int C = 0; C < 4; ++C)
      if (std::abs(A.Rgba[I + C] - B.Rgba[I + C]) > Tol) {
        ++Wrong;
        break;
      }
  return Wrong;
}

int main(int Argc, char **Argv) {
  Image In;
  if (Argc > 2 && !std::strcmp(Argv[1], "--size")) {
    int Size = std::atoi(Argv[2]);
    if (Size < 8 || Size > 16384) {
      std::fprintf(stderr, "image-filter: --size takes 8 to 16384, not %s\n", Argv[2]);
      return 2;
    }
    In = makeTestImage(Size, Size);
    writePng("input.png", In);
    ++Argv; // N takes the input's place: the output names follow it
    --Argc;
  } else if (Argc > 1) {
    if (!readPng(Argv[1], In)) {
      std::fprintf(stderr, "image-filter: cannot read %s\n", Argv[1]);
      return 2;
    }
  } else {
    In = makeTestImage(256, 256);
    writePng("input.png", In);
  }
  const char *BlurPath = Argc > 2 ? Argv[2] : "blur.png";
  const char *EdgePath = Argc > 3 ? Argv[3] : "edges.png";
  Image RefB, RefE, TexB, TexE, ArrB, ArrE;
  filterCpu(In, RefB, RefE);
  double TexMs = 0, ArrMs = 0;
  filterTextures(In, TexB, TexE, TexMs); // warm-up: builds the program
  filterArrays(In, ArrB, ArrE, ArrMs);
  filterTextures(In, TexB, TexE, TexMs);
  filterArrays(In, ArrB, ArrE, ArrMs);
  // Blur: every version rounds its float sums to 8 bits once (the texture
  // stores 8-bit texels); one 8-bit step of difference is rounding. Edges
  // come from the rounded blur and amplify a one-step difference, hence 3.
  int TexWrong = countWrong(TexB, RefB, 1) + countWrong(TexE, RefE, 3);
  int ArrWrong = countWrong(ArrB, RefB, 1) + countWrong(ArrE, RefE, 3);
  std::printf("image-filter %d x %d texture: %s (%d wrong), %.2f ms\n", In.W, In.H,
              TexWrong ? "WRONG" : "correct", TexWrong, TexMs);
  std::printf("image-filter %d x %d array_view: %s (%d wrong), %.2f ms\n", In.W, In.H,
              ArrWrong ? "WRONG" : "correct", ArrWrong, ArrMs);
  if (!writePng(BlurPath, TexB) || !writePng(EdgePath, TexE)) {
    std::fprintf(stderr, "image-filter: cannot write the output images\n");
    return 2;
  }
  return TexWrong || ArrWrong;
}
