// Texture captures (spec §10.1, §10.2): a texture is captured by reference,
// like an array; a copy of it in the closure is an error. texture_view and
// writeonly_texture_view are views, captured by value; by reference they
// are an error that names the class.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void captures(texture<float, 2> &Ref, texture<float, 2> Tex) {
  texture_view<const float, 2> V(Ref);
  writeonly_texture_view<float, 2> W(Ref);
  parallel_for_each(Tex.extent, [=](index<2> I) restrict(amp) {
    W.set(I, Tex[I] + V[I]);
  });
  // CHECK: restrict-texture-captures.cpp:[[@LINE-2]]:14: error: concurrency::graphics::texture 'Tex' cannot be captured by value; capture it by reference or through a texture_view
  // CHECK: restrict-texture-captures.cpp:[[@LINE-7]]:57: note: 'Tex' declared here
  parallel_for_each(Ref.extent, [&](index<2> I) restrict(amp) {
    W.set(I, Ref[I] + V[I]);
  });
  // CHECK: restrict-texture-captures.cpp:[[@LINE-2]]:5: error: writeonly_texture_view 'W' is captured by reference; texture views are captured by value
  // CHECK: restrict-texture-captures.cpp:[[@LINE-10]]:36: note: 'W' declared here
  // CHECK: restrict-texture-captures.cpp:[[@LINE-4]]:23: error: texture_view 'V' is captured by reference; texture views are captured by value
  // CHECK: restrict-texture-captures.cpp:[[@LINE-13]]:32: note: 'V' declared here
  // Allowed: the texture by reference, its views by value.
  parallel_for_each(Ref.extent, [=, &Ref](index<2> I) restrict(amp) {
    W.set(I, Ref[I] + V[I]);
  });
}
