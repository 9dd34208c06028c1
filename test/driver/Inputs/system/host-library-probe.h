// A library header for driver/host-library-instantiations.cpp, included as a
// system header: templates of namespace std (where the standard library's
// are) that cannot be instantiated for const types or for int.
#pragma GCC system_header
namespace std {
template <class T> void __ampcc_probe_reset(T *P) { *P = T(); }
template <class T> struct __ampcc_probe_holder {
  virtual void get() { T::missing(); }
  virtual ~__ampcc_probe_holder() {}
};
} // namespace std
