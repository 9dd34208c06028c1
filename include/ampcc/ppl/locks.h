// ampcc/ppl/locks.h - critical_section and reader_writer_lock.
//
// PPL's locks are non-recursive and tell a misuse apart from a deadlock:
// taking a lock the thread already holds throws improper_lock. They sit on
// oneTBB's blocking mutexes (tbb::mutex, and tbb::rw_mutex, which like
// PPL's reader_writer_lock lets a waiting writer in before new readers).
#ifndef AMPCC_PPL_LOCKS_H
#define AMPCC_PPL_LOCKS_H

#include "exceptions.h"

#include <oneapi/tbb/mutex.h>
#include <oneapi/tbb/rw_mutex.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace Concurrency {

class critical_section {
public:
  typedef critical_section native_handle_type;

  critical_section() = default;
  critical_section(const critical_section &) = delete;
  critical_section &operator=(const critical_section &) = delete;

  void lock() {
    checkNotOwner();
    M.lock();
    Owner.store(std::this_thread::get_id());
  }
  bool try_lock() {
    checkNotOwner();
    if (!M.try_lock())
      return false;
    Owner.store(std::this_thread::get_id());
    return true;
  }
  /// Tries for \p Milliseconds before giving up.
  bool try_lock_for(unsigned int Milliseconds) {
    auto Deadline = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(Milliseconds);
    do {
      if (try_lock())
        return true;
      std::this_thread::yield();
    } while (std::chrono::steady_clock::now() < Deadline);
    return false;
  }
  void unlock() {
    if (Owner.load() != std::this_thread::get_id())
      throw improper_lock("critical_section unlocked by a thread that does not hold it");
    Owner.store(std::thread::id());
    M.unlock();
  }
  native_handle_type &native_handle() { return *this; }

  class scoped_lock {
  public:
    explicit scoped_lock(critical_section &CS) : CS(CS) { CS.lock(); }
    ~scoped_lock() { CS.unlock(); }
    scoped_lock(const scoped_lock &) = delete;
    scoped_lock &operator=(const scoped_lock &) = delete;

  private:
    critical_section &CS;
  };

private:
  void checkNotOwner() const {
    if (Owner.load() == std::this_thread::get_id())
      throw improper_lock("critical_section is already held by this thread");
  }

  tbb::mutex M;
  std::atomic<std::thread::id> Owner{};
};

class reader_writer_lock {
public:
  reader_writer_lock() = default;
  reader_writer_lock(const reader_writer_lock &) = delete;
  reader_writer_lock &operator=(const reader_writer_lock &) = delete;

  /// Takes the lock for writing.
  void lock() {
    if (Writer.load() == std::this_thread::get_id())
      throw improper_lock("reader_writer_lock is already held by this thread");
    M.lock();
    Writer.store(std::this_thread::get_id());
  }
  bool try_lock() {
    if (!M.try_lock())
      return false;
    Writer.store(std::this_thread::get_id());
    return true;
  }
  void lock_read() { M.lock_shared(); }
  bool try_lock_read() { return M.try_lock_shared(); }

  /// Releases the lock in whichever mode this thread holds it: while a
  /// writer holds it there are no readers, so the writer's id decides.
  void unlock() {
    if (Writer.load() == std::this_thread::get_id()) {
      Writer.store(std::thread::id());
      M.unlock();
    } else {
      M.unlock_shared();
    }
  }

  class scoped_lock {
  public:
    explicit scoped_lock(reader_writer_lock &L) : L(L) { L.lock(); }
    ~scoped_lock() { L.unlock(); }
    scoped_lock(const scoped_lock &) = delete;
    scoped_lock &operator=(const scoped_lock &) = delete;

  private:
    reader_writer_lock &L;
  };

  class scoped_lock_read {
  public:
    explicit scoped_lock_read(reader_writer_lock &L) : L(L) { L.lock_read(); }
    ~scoped_lock_read() { L.unlock(); }
    scoped_lock_read(const scoped_lock_read &) = delete;
    scoped_lock_read &operator=(const scoped_lock_read &) = delete;

  private:
    reader_writer_lock &L;
  };

private:
  tbb::rw_mutex M;
  std::atomic<std::thread::id> Writer{};
};

} // namespace Concurrency

#endif // AMPCC_PPL_LOCKS_H
