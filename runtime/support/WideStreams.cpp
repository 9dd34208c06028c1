//===- WideStreams.cpp - wide and narrow output interleave as on Windows --===//
//
// glibc gives each FILE an orientation: once std::wcout (which, synchronised
// with stdio, writes through stdout with wide functions) has written, stdout
// is wide and every later narrow write to it (std::cout, printf, puts) fails
// silently. Microsoft's CRT has no such rule, and C++ AMP programs mix the
// two freely: descriptions of accelerators are wide strings printed with
// std::wcout, results and PASS/FAIL lines go to std::cout or printf.
//
// So every program ampcc links (the driver and the CMake package force this
// object in with -u ampcc_wide_streams_) gives std::wcout, std::wcerr and
// std::wclog stream buffers that encode each character as UTF-8 and write
// the bytes with narrow stdio calls on stdout and stderr: wide and narrow
// output then share one byte stream and appear in the order written.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cwchar>
#include <iostream>
#include <streambuf>

namespace {

/// A wide stream buffer over a narrow FILE: unbuffered, like the buffers
/// libstdc++ gives streams synchronised with stdio, so that stdio's own
/// buffer orders its bytes with printf's.
class NarrowingBuffer : public std::wstreambuf {
public:
  explicit NarrowingBuffer(std::FILE *To) : To(To) {}

protected:
  int_type overflow(int_type C) override {
    if (traits_type::eq_int_type(C, traits_type::eof()))
      return traits_type::not_eof(C);
    return put(traits_type::to_char_type(C)) ? C : traits_type::eof();
  }

  std::streamsize xsputn(const char_type *S, std::streamsize N) override {
    std::streamsize Done = 0;
    while (Done < N && put(S[Done]))
      ++Done;
    return Done;
  }

  int sync() override { return std::fflush(To) == 0 ? 0 : -1; }

private:
  /// Writes \p C as UTF-8 (code points that are not Unicode become '?').
  bool put(wchar_t C) {
    char Bytes[4];
    int N = 0;
    auto U = static_cast<unsigned long>(C);
    if (U < 0x80) {
      Bytes[N++] = char(U);
    } else if (U < 0x800) {
      Bytes[N++] = char(0xC0 | (U >> 6));
      Bytes[N++] = char(0x80 | (U & 0x3F));
    } else if (U < 0x10000 && (U < 0xD800 || U > 0xDFFF)) {
      Bytes[N++] = char(0xE0 | (U >> 12));
      Bytes[N++] = char(0x80 | ((U >> 6) & 0x3F));
      Bytes[N++] = char(0x80 | (U & 0x3F));
    } else if (U >= 0x10000 && U < 0x110000) {
      Bytes[N++] = char(0xF0 | (U >> 18));
      Bytes[N++] = char(0x80 | ((U >> 12) & 0x3F));
      Bytes[N++] = char(0x80 | ((U >> 6) & 0x3F));
      Bytes[N++] = char(0x80 | (U & 0x3F));
    } else {
      Bytes[N++] = '?';
    }
    return std::fwrite(Bytes, 1, size_t(N), To) == size_t(N);
  }

  std::FILE *To;
};

/// Installs the buffers once the standard streams exist: the Init object
/// constructs them first (its constructor runs before ours, in this
/// translation unit's order).
struct Installer {
  std::ios_base::Init Streams;
  Installer() {
    // Never destroyed: static destructors of other objects may still write.
    static NarrowingBuffer *Out = new NarrowingBuffer(stdout);
    static NarrowingBuffer *Err = new NarrowingBuffer(stderr);
    std::wcout.rdbuf(Out);
    std::wcerr.rdbuf(Err);
    std::wclog.rdbuf(Err);
  }
};

// Before the program's own static initializers, which may already print.
__attribute__((init_priority(101))) Installer Install;

} // namespace

/// The symbol the link line names (-u) so that this object, which nothing
/// else references, is part of every program.
extern "C" {
extern const int ampcc_wide_streams_;
const int ampcc_wide_streams_ = 1;
}
