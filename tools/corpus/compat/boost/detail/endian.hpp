// The corpus's stand-in for <boost/detail/endian.hpp>, a header Boost 1.73
// removed (Debian 12 ships 1.74). Programs written against older Boost test
// BOOST_LITTLE_ENDIAN / BOOST_BIG_ENDIAN; Boost.Predef, which replaced the
// header, answers the same question. Only corpus entries whose manifest
// lists this folder in "flags" see it; ampcc does not install it.
#ifndef AMPCC_CORPUS_BOOST_DETAIL_ENDIAN_HPP
#define AMPCC_CORPUS_BOOST_DETAIL_ENDIAN_HPP
#include <boost/predef/other/endian.h>
#if BOOST_ENDIAN_LITTLE_BYTE
#define BOOST_LITTLE_ENDIAN
#define BOOST_BYTE_ORDER 1234
#elif BOOST_ENDIAN_BIG_BYTE
#define BOOST_BIG_ENDIAN
#define BOOST_BYTE_ORDER 4321
#endif
#endif
