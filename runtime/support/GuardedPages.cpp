//===- GuardedPages.cpp - buffer memory fenced off from the heap ---------===//
#include "support/GuardedPages.h"

#include <sys/mman.h>
#include <unistd.h>

namespace ampcc {
namespace rt {

static size_t pageBytes() {
  static const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  return Page;
}

/// The data's pages and the page of slack after them.
static size_t dataBytes(size_t Bytes) {
  size_t Page = pageBytes();
  return (Bytes + Page - 1) / Page * Page + Page;
}

void *mapGuardedPages(size_t Bytes) {
  size_t Page = pageBytes(), Data = dataBytes(Bytes);
  void *Base = mmap(nullptr, Data + 2 * Page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Base == MAP_FAILED)
    return nullptr;
  char *Start = static_cast<char *>(Base) + Page;
  if (mprotect(Start, Data, PROT_READ | PROT_WRITE) != 0) {
    munmap(Base, Data + 2 * Page);
    return nullptr;
  }
  return Start;
}

void unmapGuardedPages(void *Data, size_t Bytes) {
  size_t Page = pageBytes();
  munmap(static_cast<char *>(Data) - Page, dataBytes(Bytes) + 2 * Page);
}

} // namespace rt
} // namespace ampcc
