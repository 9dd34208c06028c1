//===- BuildLog.cpp - Point build errors at the user's source -------------===//

#include "launches/BuildLog.h"

#include <cctype>
#include <cstdlib>
#include <vector>

namespace ampcc {
namespace rt {

namespace {
/// Where a physical line of the generated source came from.
struct Origin {
  std::string File; ///< Empty: no #line directive seen yet.
  unsigned Line = 0;
};
} // namespace

/// Parses `#line N "file"`, `#line N` and the GNU form `# N "file"`.
static bool parseLineDirective(const std::string &Text, unsigned &Line,
                               std::string &File) {
  size_t I = Text.find_first_not_of(" \t");
  if (I == std::string::npos || Text[I] != '#')
    return false;
  I = Text.find_first_not_of(" \t", I + 1);
  if (I == std::string::npos)
    return false;
  if (Text.compare(I, 4, "line") == 0)
    I = Text.find_first_not_of(" \t", I + 4);
  if (I == std::string::npos || !std::isdigit((unsigned char)Text[I]))
    return false;
  Line = unsigned(std::strtoul(Text.c_str() + I, nullptr, 10));
  size_t Quote = Text.find('"', I);
  if (Quote != std::string::npos) {
    size_t End = Text.find('"', Quote + 1);
    if (End != std::string::npos)
      File = Text.substr(Quote + 1, End - Quote - 1);
  }
  return true;
}

static std::vector<Origin> lineOrigins(const char *Source) {
  // Index 0 is unused: compilers count lines from 1.
  std::vector<Origin> Origins(1);
  Origin Next; // What the next physical line is, per the last directive.
  std::string Text;
  for (const char *P = Source;; ++P) {
    if (*P && *P != '\n') {
      Text += *P;
      continue;
    }
    unsigned Line;
    std::string File = Next.File;
    Origins.push_back(Next);
    if (parseLineDirective(Text, Line, File)) {
      Next.File = File;
      Next.Line = Line;
    } else if (!Next.File.empty()) {
      ++Next.Line;
    }
    Text.clear();
    if (!*P)
      break;
  }
  return Origins;
}

std::string remapBuildLog(const std::string &Log, const char *Source) {
  static const std::string Marker = "<kernel>:";
  if (!Source || Log.find(Marker) == std::string::npos)
    return Log;
  std::vector<Origin> Origins = lineOrigins(Source);
  std::string Out;
  size_t Pos = 0;
  while (true) {
    size_t At = Log.find(Marker, Pos);
    if (At == std::string::npos)
      break;
    size_t Digits = At + Marker.size();
    size_t End = Digits;
    while (End < Log.size() && std::isdigit((unsigned char)Log[End]))
      ++End;
    Out.append(Log, Pos, At - Pos);
    unsigned long Physical =
        End > Digits ? std::strtoul(Log.c_str() + Digits, nullptr, 10) : 0;
    if (End > Digits && Physical < Origins.size() &&
        !Origins[Physical].File.empty())
      Out += Origins[Physical].File + ":" +
             std::to_string(Origins[Physical].Line);
    else
      Out.append(Log, At, End - At);
    Pos = End;
  }
  Out.append(Log, Pos, std::string::npos);
  return Out;
}

} // namespace rt
} // namespace ampcc
