// A project's common header, as C++ AMP programs often have: an include
// guard, standard headers, then <amp.h>, then the project's own names.
#ifndef PCH_AMP_COMMON_H
#define PCH_AMP_COMMON_H
#pragma once
#include <vector>
#include <amp.h>

inline int commonValue() { return 5; }
#endif
