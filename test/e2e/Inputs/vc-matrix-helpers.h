// A header in the style of a Visual C++ matrix-multiply sample: its
// templates name C++ AMP types unqualified, relying on the .cpp's
// `using namespace concurrency;` that comes after the #include. Visual C++
// looks those names up when the template is instantiated.
#pragma once

template <typename T>
void multiply(const std::vector<T> &A, const std::vector<T> &B,
              std::vector<T> &C, int M, int N, int W) {
  accelerator_view View = accelerator().default_view;
  array_view<const T, 2> a(M, W, A), b(W, N, B);
  array_view<T, 2> c(M, N, C);
  c.discard_data();
  parallel_for_each(View, c.extent, [=](index<2> idx) restrict(amp) {
    T Sum = 0;
    for (int K = 0; K < W; ++K)
      Sum += a(idx[0], K) * b(K, idx[1]);
    c[idx] = Sum;
  });
  c.synchronize();
}
