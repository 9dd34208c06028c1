//===- BuildLogTest.cpp - Build errors are mapped back to user lines ------===//

#include "launches/BuildLog.h"

#include <gtest/gtest.h>

using ampcc::rt::remapBuildLog;

static const char Source[] = "typedef int t;\n"          // 1
                             "#line 10 \"app.cpp\"\n"     // 2
                             "__kernel void k() {\n"      // 3 -> app.cpp:10
                             "  x = ;\n"                  // 4 -> app.cpp:11
                             "#line 200\n"                // 5
                             "}\n"                        // 6 -> app.cpp:200
                             "# 7 \"other.h\"\n"          // 7
                             "int y;\n";                  // 8 -> other.h:7

TEST(BuildLogTest, RewritesNvidiaStyleLocations) {
  EXPECT_EQ(remapBuildLog("<kernel>:4:7: error: expected expression\n", Source),
            "app.cpp:11:7: error: expected expression\n");
  EXPECT_EQ(remapBuildLog("<kernel>:3:1: note: a\n<kernel>:6:1: error: b",
                          Source),
            "app.cpp:10:1: note: a\napp.cpp:200:1: error: b");
  EXPECT_EQ(remapBuildLog("<kernel>:8:5: error: c", Source),
            "other.h:7:5: error: c");
}

TEST(BuildLogTest, LeavesUnmappableLocationsAlone) {
  // Line 1 precedes every directive; line 99 does not exist.
  EXPECT_EQ(remapBuildLog("<kernel>:1:9: warning: w", Source),
            "<kernel>:1:9: warning: w");
  EXPECT_EQ(remapBuildLog("<kernel>:99:1: error: e", Source),
            "<kernel>:99:1: error: e");
  EXPECT_EQ(remapBuildLog("<kernel>: odd", Source), "<kernel>: odd");
}

TEST(BuildLogTest, LeavesLogsThatAlreadyNameFilesAlone) {
  // PoCL honours #line itself.
  const std::string Log = "error: app.cpp:11:7: expected expression";
  EXPECT_EQ(remapBuildLog(Log, Source), Log);
  EXPECT_EQ(remapBuildLog("<kernel>:4:7: e", nullptr), "<kernel>:4:7: e");
}
