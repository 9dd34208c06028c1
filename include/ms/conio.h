// <conio.h> - Microsoft's console input: _kbhit, _getch, _getche, _putch.
//
// Console programs poll the keyboard with _kbhit() and read single keys with
// _getch(). On a terminal these switch it to unbuffered, unechoed input for
// the call, as the Windows console gives them; when standard input is not a
// terminal (a pipe, a file, /dev/null), _kbhit says whether bytes are waiting
// and _getch reads the next one (EOF at the end), both through stdio's
// buffer, which std::cin shares: a program that reads lines with cin and
// keys with _getch gets its input in order.
#ifndef AMPCC_MS_CONIO_H
#define AMPCC_MS_CONIO_H

#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#ifdef __cplusplus
namespace ampcc_ms {
/// Terminal attributes changed for one call and restored after it.
class RawTerminal {
public:
  explicit RawTerminal(bool Echo) {
    Active = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &Saved) == 0;
    if (!Active)
      return;
    struct termios Raw = Saved;
    Raw.c_lflag &= ~tcflag_t(ICANON | (Echo ? 0 : ECHO));
    Raw.c_cc[VMIN] = 1;
    Raw.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &Raw);
  }
  ~RawTerminal() {
    if (Active)
      tcsetattr(STDIN_FILENO, TCSANOW, &Saved);
  }
  RawTerminal(const RawTerminal &) = delete;
  RawTerminal &operator=(const RawTerminal &) = delete;

private:
  struct termios Saved;
  bool Active;
};

inline int readKey(bool Echo) {
  fflush(stdout);
  // From a pipe or a file: through stdio, whose buffer std::cin shares
  // (sync_with_stdio), so that keys and lines read with cin come in the
  // order they were written.
  if (!isatty(STDIN_FILENO))
    return getc(stdin);
  RawTerminal Mode(Echo);
  unsigned char C;
  ssize_t N = read(STDIN_FILENO, &C, 1);
  if (N != 1)
    return EOF;
  // The Enter key is '\r' in the Windows console.
  return C == '\n' && isatty(STDIN_FILENO) ? '\r' : C;
}
} // namespace ampcc_ms

/// Nonzero when a key (a byte of standard input) is waiting.
inline int _kbhit() {
#ifdef __GLIBC__
  // Bytes stdio has read ahead (for std::cin or _getch) are waiting too.
  if (!isatty(STDIN_FILENO) && stdin->_IO_read_ptr < stdin->_IO_read_end)
    return 1;
#endif
  ampcc_ms::RawTerminal Mode(false);
  int Waiting = 0;
  if (ioctl(STDIN_FILENO, FIONREAD, &Waiting) != 0)
    return 0;
  return Waiting > 0;
}
inline int _getch() { return ampcc_ms::readKey(false); }
inline int _getche() { return ampcc_ms::readKey(true); }
inline int _putch(int C) { return putchar(C); }
inline int _cputs(const char *S) { return fputs(S, stdout) < 0 ? -1 : 0; }
inline int kbhit() { return _kbhit(); }
inline int getch() { return _getch(); }
inline int getche() { return _getche(); }
#endif // __cplusplus

#endif // AMPCC_MS_CONIO_H
