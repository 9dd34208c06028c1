// Visual C++ 2012's <filesystem> held std::tr2::sys (Boost.Filesystem
// version 2): path parts as strings, branch_path, leaf, directory_entry and
// directory_iterator, is_directory on a path or a status, current_path<path>().
// Programs of that time browse folders with it; std::filesystem is unchanged.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/sub && touch %t.dir/a.tsp %t.dir/b.txt
// RUN: %ampcc %s -o %t && cd %t.dir && %t | %FileCheck %s
// CHECK: leaf a.tsp ext .tsp stem a branch 1
// CHECK: entries 3 dirs 1 tsp 1
// CHECK: printed a.tsp
// CHECK: current matches 1, std unchanged 1
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>
using namespace std::tr2::sys;

int main() {
  path P = current_path<path>() / path("a.tsp");
  std::map<std::string, path> ByName;
  ByName.emplace(P.filename(), P);
  std::cout << "leaf " << P.leaf() << " ext " << P.extension() << " stem " << P.stem()
            << " branch " << (P.has_branch_path() && P.branch_path() == current_path<path>())
            << "\n";

  const directory_iterator Begin(current_path<path>()), End;
  std::vector<directory_entry> Entries(Begin, End);
  int Dirs = 0, Tsp = 0;
  for (const directory_entry &E : Entries) {
    Dirs += is_directory(E.status());
    Tsp += E.path().extension() == ".tsp" && ByName.count(E.path().filename());
  }
  std::cout << "entries " << Entries.size() << " dirs " << Dirs << " tsp " << Tsp << "\n";
  std::cout << "printed " << path(P.filename()) << "\n";
  current_path(path("sub"));
  bool Moved = current_path<path>().leaf() == "sub";
  std::filesystem::path Std = std::filesystem::current_path();
  std::cout << "current matches " << Moved << ", std unchanged "
            << (Std.filename() == std::filesystem::path("sub")) << "\n";
  return 0;
}
