//===- PrecompiledAmpTest.cpp - which files, and when a header is stale --===//
#include "ampcc/Frontend/PrecompiledAmp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace ampcc;

namespace {

TEST(StartsWithAmpHeader, AcceptsWhatLoadingItFirstCannotChange) {
  EXPECT_TRUE(startsWithAmpHeader("#include <amp.h>\n"));
  EXPECT_TRUE(startsWithAmpHeader("\xEF\xBB\xBF// c\n/* block\n */\n#pragma once\n"
                                  "#line 1 \"f.cpp\"\n  #  include <vector>\n#include <amp.h>"));
  EXPECT_TRUE(startsWithAmpHeader("#include <cstdio>\n#include <stdio.h>\n#include < amp.h >\n"));
}

TEST(StartsWithAmpHeader, RefusesWhatMayChangeIt) {
  EXPECT_FALSE(startsWithAmpHeader(""));
  EXPECT_FALSE(startsWithAmpHeader("int x;\n#include <amp.h>\n"));
  EXPECT_FALSE(startsWithAmpHeader("#define NOMINMAX\n#include <amp.h>\n"));
  EXPECT_FALSE(startsWithAmpHeader("#include \"stdafx.h\"\n#include <amp.h>\n"));
  EXPECT_FALSE(startsWithAmpHeader("#include <windows.h>\n#include <amp.h>\n"));
  EXPECT_FALSE(startsWithAmpHeader("#ifdef X\n#include <amp.h>\n#endif\n"));
  EXPECT_FALSE(startsWithAmpHeader("#include <amp_math.h>\n"));
  EXPECT_FALSE(startsWithAmpHeader("/* unterminated\n#include <amp.h>\n"));
  // A directive continued on the next line is not read.
  EXPECT_FALSE(startsWithAmpHeader("#include \\\n<amp.h>\n"));
  // Without Visual C++'s headers <amp.h> must include <cstring> first.
  EXPECT_FALSE(startsWithAmpHeader("#include <cstring>\n#include <amp.h>\n",
                                   /*StandardHeadersFirst=*/false));
  EXPECT_TRUE(startsWithAmpHeader("#include <amp.h>\n", /*StandardHeadersFirst=*/false));
}

class PrecompiledAmpCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampcc-pch-test", Dir));
    Input = (Dir + "/input.h").str();
    write(Input, "one");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  static void write(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  /// A build that writes a header made from Input and counts its runs.
  std::string get(PrecompiledAmpCache &Cache, std::vector<std::string> Args) {
    return Cache.get("host", Args,
                     [&](llvm::ArrayRef<std::string> BuildArgs, const std::string &Prefix,
                         const std::string &Out, std::vector<std::string> &Inputs) {
                       ++Builds;
                       write(Out, "header");
                       Inputs = {Prefix, Input};
                       BuiltWith.push_back(llvm::join(BuildArgs, " "));
                       if (WriteNames)
                         write(Out + ".names", names(BuildArgs));
                       return BuildSucceeds;
                     });
  }
  /// What a header met, as a preprocessor would list it: its command
  /// line's macros and the names <amp.h> reads (NAMED, and LATER once
  /// NAMED is defined: a macro can lead to others).
  static std::string names(llvm::ArrayRef<std::string> BuildArgs) {
    std::string Names = "__AMPCC__\nNAMED\n";
    for (llvm::StringRef A : BuildArgs)
      if (A.consume_front("-D") || A.consume_front("-U")) {
        Names += A.take_until([](char C) { return C == '='; }).str() + "\n";
        if (A.starts_with("NAMED"))
          Names += "LATER\n";
      }
    return Names;
  }
  llvm::SmallString<128> Dir;
  std::string Input;
  int Builds = 0;
  bool BuildSucceeds = true;
  bool WriteNames = true;
  std::vector<std::string> BuiltWith;
};

TEST_F(PrecompiledAmpCacheTest, BuildsOnceThenLoads) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  std::string First = get(Cache, {"clang++", "-O2"});
  ASSERT_FALSE(First.empty());
  EXPECT_TRUE(llvm::sys::fs::exists(First));
  EXPECT_EQ(get(Cache, {"clang++", "-O2"}), First);
  EXPECT_EQ(Builds, 1);
  EXPECT_EQ(Cache.find("host", {"clang++", "-O2"}), First);
  // Other arguments, another pass or another compiler: another header.
  EXPECT_NE(get(Cache, {"clang++", "-O0"}), First);
  EXPECT_EQ(Builds, 2);
  PrecompiledAmpCache Other({}, (Dir + "/pch").str(), "other stamp");
  EXPECT_TRUE(Other.find("host", {"clang++", "-O2"}).empty());
}

TEST_F(PrecompiledAmpCacheTest, RebuildsWhenAnInputChanges) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  std::string First = get(Cache, {"clang++"});
  ASSERT_FALSE(First.empty());
  write(Input, "a longer text");
  EXPECT_FALSE(precompiledHeaderIsCurrent(First));
  EXPECT_TRUE(Cache.find("host", {"clang++"}).empty());
  EXPECT_EQ(get(Cache, {"clang++"}), First);
  EXPECT_EQ(Builds, 2);
  EXPECT_TRUE(precompiledHeaderIsCurrent(First));
  llvm::sys::fs::remove(Input);
  EXPECT_FALSE(precompiledHeaderIsCurrent(First));
}

TEST_F(PrecompiledAmpCacheTest, AFailedBuildLeavesNothing) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  BuildSucceeds = false;
  EXPECT_TRUE(get(Cache, {"clang++"}).empty());
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It((Dir + "/pch").str(), EC), End; It != End && !EC;
       It.increment(EC))
    EXPECT_EQ(llvm::sys::path::filename(It->path()), "amp-prefix.h");
}

TEST_F(PrecompiledAmpCacheTest, AnInputChangedDuringTheBuildIsNotPublished) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  std::string Got = Cache.get("device", {"clang++"},
                              [&](llvm::ArrayRef<std::string>, const std::string &Prefix,
                                  const std::string &Out, std::vector<std::string> &Inputs) {
                                write(Out, "header");
                                Inputs = {Prefix, Input};
                                // Another checkout changes a header meanwhile.
                                write(Input, "changed while building");
                                return true;
                              });
  EXPECT_TRUE(Got.empty());
  EXPECT_TRUE(Cache.find("device", {"clang++"}).empty());
}

TEST_F(PrecompiledAmpCacheTest, KeepsTheMostRecentlyUsed) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  Cache.MaxHeaders = 2;
  Cache.KeepRecent = std::chrono::seconds(0);
  std::string First = get(Cache, {"clang++", "-O0"});
  std::string Second = get(Cache, {"clang++", "-O1"});
  ASSERT_FALSE(First.empty());
  ASSERT_FALSE(Second.empty());
  // Using the first makes the second the least recently used.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(get(Cache, {"clang++", "-O0"}), First);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::string Third = get(Cache, {"clang++", "-O2"});
  ASSERT_FALSE(Third.empty());
  EXPECT_TRUE(llvm::sys::fs::exists(First));
  EXPECT_FALSE(llvm::sys::fs::exists(Second));
  EXPECT_FALSE(llvm::sys::fs::exists(Second + ".inputs"));
  EXPECT_TRUE(llvm::sys::fs::exists(Third));
  // Recently used ones stay, however many there are.
  Cache.KeepRecent = std::chrono::seconds(600);
  EXPECT_FALSE(get(Cache, {"clang++", "-O3"}).empty());
  EXPECT_TRUE(llvm::sys::fs::exists(First));
  EXPECT_TRUE(llvm::sys::fs::exists(Third));
}

TEST_F(PrecompiledAmpCacheTest, MacrosTheHeaderNeverMetDoNotChooseIt) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  std::string Plain = get(Cache, {"clang++", "-D__AMPCC__=1", "-DSIZE=4", "-D", "OTHER"});
  ASSERT_FALSE(Plain.empty());
  // Built without the program's macros; the implementation's stay.
  ASSERT_EQ(BuiltWith, std::vector<std::string>{"clang++ -D__AMPCC__=1"});
  EXPECT_EQ(get(Cache, {"clang++", "-D__AMPCC__=1"}), Plain);
  EXPECT_EQ(get(Cache, {"clang++", "-D__AMPCC__=1", "-USIZE", "-DF(x)=x"}), Plain);
  EXPECT_EQ(Builds, 1);
  // A macro the header met is among its arguments, and with it defined the
  // header met another: with that one too, the header of every argument.
  std::string Named = get(Cache, {"clang++", "-D__AMPCC__=1", "-DNAMED", "-DSIZE=8"});
  ASSERT_FALSE(Named.empty());
  EXPECT_NE(Named, Plain);
  EXPECT_EQ(BuiltWith.back(), "clang++ -D__AMPCC__=1 -DNAMED");
  EXPECT_EQ(get(Cache, {"clang++", "-D__AMPCC__=1", "-DNAMED", "-DSIZE=9"}), Named);
  EXPECT_EQ(Builds, 2);
  std::string Later = get(Cache, {"clang++", "-D__AMPCC__=1", "-DNAMED", "-DLATER=1"});
  EXPECT_EQ(BuiltWith.back(), "clang++ -D__AMPCC__=1 -DNAMED -DLATER=1");
  EXPECT_NE(Later, Named);
  EXPECT_EQ(Builds, 3);
}

TEST_F(PrecompiledAmpCacheTest, AHeaderWithoutItsNamesServesOnlyItsArguments) {
  PrecompiledAmpCache Cache({}, (Dir + "/pch").str(), "stamp");
  WriteNames = false;
  std::string Plain = get(Cache, {"clang++"});
  std::string WithMacro = get(Cache, {"clang++", "-DSIZE=4"});
  EXPECT_NE(WithMacro, Plain);
  EXPECT_EQ(BuiltWith.back(), "clang++ -DSIZE=4");
  EXPECT_EQ(Builds, 2);
}

TEST_F(PrecompiledAmpCacheTest, ReadOnlyDirectoriesAreSearchedFirst) {
  PrecompiledAmpCache Builder({}, (Dir + "/installed").str(), "stamp");
  std::string Installed = get(Builder, {"clang++"});
  ASSERT_FALSE(Installed.empty());
  PrecompiledAmpCache User({(Dir + "/installed").str()}, (Dir + "/user").str(), "stamp");
  EXPECT_EQ(get(User, {"clang++"}), Installed);
  EXPECT_EQ(Builds, 1);
  // Nowhere to write: nothing is built.
  PrecompiledAmpCache Nowhere({}, "", "stamp");
  EXPECT_TRUE(get(Nowhere, {"clang++"}).empty());
  EXPECT_EQ(Builds, 1);
}

} // namespace

namespace {

class StartsWithAmpHeaderThroughHeaders : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampcc-pch-headers", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  void header(llvm::StringRef Name, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS((Dir + "/" + Name).str(), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  bool check(llvm::StringRef Main) {
    return startsWithAmpHeader(
        Main, true,
        [&](llvm::StringRef Name, bool Quoted, llvm::StringRef From) -> std::string {
          std::string Path = (From + "/" + Name).str();
          return Quoted && llvm::sys::fs::exists(Path) ? Path : std::string();
        },
        Dir);
  }
  llvm::SmallString<128> Dir;
};

TEST_F(StartsWithAmpHeaderThroughHeaders, FollowsTheProgramsOwnHeaders) {
  header("common.h", "#ifndef COMMON_H\n#define COMMON_H\n#include <vector>\n"
                     "#include <amp.h>\nint f();\n#endif\n");
  header("stdafx.h", "#pragma once\n#include \"common.h\"\n");
  EXPECT_TRUE(check("#include \"common.h\"\nint main() {}\n"));
  EXPECT_TRUE(check("// a program\n#include <cstdio>\n#include \"stdafx.h\"\n"));
}

TEST_F(StartsWithAmpHeaderThroughHeaders, RefusesHeadersThatChangeWhatAmpMeans) {
  header("macro.h", "#define NOMINMAX\n#include <amp.h>\n");
  header("guard.h", "#ifndef G\n#define OTHER\n#include <amp.h>\n#endif\n");
  header("plain.h", "int f();\n");
  header("loop.h", "#include \"loop.h\"\n");
  EXPECT_FALSE(check("#include \"macro.h\"\n"));
  EXPECT_FALSE(check("#include \"guard.h\"\n"));
  EXPECT_FALSE(check("#include \"plain.h\"\n#include <amp.h>\n"));
  EXPECT_FALSE(check("#include \"missing.h\"\n"));
  EXPECT_FALSE(check("#include \"loop.h\"\n"));
  // An include guard in the main file is not one.
  EXPECT_FALSE(check("#ifndef M\n#define M\n#include <amp.h>\n#endif\n"));
}

} // namespace
