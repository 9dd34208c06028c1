// ampcc/graphics/sampler.h - concurrency::graphics::sampler (spec §10.3):
// how texture_view<const T,N>::sample and gather_* filter and address.
//
// A sampler is plain data (filter mode, address mode, border color): a
// kernel captures it by value and the sampling code in texture.h reads its
// fields, so it needs no runtime object and no special case in the
// compiler. See docs/graphics.md for why sampling is not done by OpenCL
// sampler objects.
#ifndef AMPCC_GRAPHICS_SAMPLER_H
#define AMPCC_GRAPHICS_SAMPLER_H

#include "../../amp_short_vectors.h"

namespace Concurrency {
namespace graphics {

enum filter_mode { filter_point = 0, filter_linear = 1, filter_unknown = 0xFFFFFFFF };

enum address_mode {
  address_wrap = 0,
  address_mirror = 1,
  address_clamp = 2,
  address_border = 3,
  address_unknown = 0xFFFFFFFF
};

class sampler {
public:
  /// Linear filtering, clamped addressing, transparent black border.
  sampler() restrict(cpu)
      : _M_filter(filter_linear), _M_address(address_clamp), _M_border(0.0f) {}
  explicit sampler(filter_mode Filter) restrict(cpu)
      : _M_filter(Filter), _M_address(address_clamp), _M_border(0.0f) {
    checkFilter();
  }
  explicit sampler(address_mode Address, float_4 Border = float_4(0.0f)) restrict(cpu)
      : _M_filter(filter_linear), _M_address(Address), _M_border(Border) {
    checkAddress();
  }
  sampler(filter_mode Filter, address_mode Address,
          float_4 Border = float_4(0.0f)) restrict(cpu)
      : _M_filter(Filter), _M_address(Address), _M_border(Border) {
    checkFilter();
    checkAddress();
  }
  sampler(const sampler &Other) restrict(cpu, amp) = default;
  sampler &operator=(const sampler &Other) restrict(cpu, amp) = default;

  filter_mode get_filter_mode() const restrict(cpu, amp) { return _M_filter; }
  address_mode get_address_mode() const restrict(cpu, amp) { return _M_address; }
  float_4 get_border_color() const restrict(cpu, amp) { return _M_border; }

  __declspec(property(get = get_filter_mode)) graphics::filter_mode filter_mode;
  __declspec(property(get = get_address_mode)) graphics::address_mode address_mode;
  __declspec(property(get = get_border_color)) float_4 border_color;

  // Read by the sampling code in texture.h (public: that code is a
  // different class template).
  graphics::filter_mode _M_filter;
  graphics::address_mode _M_address;
  float_4 _M_border;

private:
  // Visual C++ rejects the unknown modes when the sampler is made.
  void checkFilter() const {
    if (_M_filter != filter_point && _M_filter != filter_linear)
      throw runtime_exception("sampler: unsupported filter mode", AMPCC_E_INVALIDARG);
  }
  void checkAddress() const {
    if (_M_address != address_wrap && _M_address != address_mirror &&
        _M_address != address_clamp && _M_address != address_border)
      throw runtime_exception("sampler: unsupported address mode", AMPCC_E_INVALIDARG);
  }
};

} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_SAMPLER_H
