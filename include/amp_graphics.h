// <amp_graphics.h> - C++ AMP graphics (spec §10): textures, texture views,
// samplers and copies in namespace concurrency::graphics, beside the short
// vectors and norm/unorm of <amp_short_vectors.h>. The Direct3D interop
// functions (graphics::direct3d::make_texture, get_texture, ...) have no
// meaning on OpenCL and are not provided. See docs/graphics.md.
#ifndef AMPCC_AMP_GRAPHICS_H
#define AMPCC_AMP_GRAPHICS_H

#include "amp.h"
#include "amp_short_vectors.h"
#include "ampcc/graphics/texel.h"
#include "ampcc/graphics/sampler.h"
#include "ampcc/graphics/texture.h"
#include "ampcc/graphics/copy.h"
#include "ampcc/graphics/section_copy.h"

#endif // AMPCC_AMP_GRAPHICS_H
