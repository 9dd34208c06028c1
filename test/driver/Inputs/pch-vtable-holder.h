// A header whose inline function uses the vtable of a class template with
// a virtual member that cannot be instantiated for int.
template <class T> struct Holder {
  virtual void get() { T::missing(); }
  virtual ~Holder() {}
};
inline void makeHolder() { Holder<int> H; }
