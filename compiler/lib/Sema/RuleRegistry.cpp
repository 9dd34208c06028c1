//===- RuleRegistry.cpp - the one list of restriction rule families ----===//
//
// Adding a rule family: write <Family>Rules.cpp with a Rule subclass and a
// create function, declare it in Rule.h, list it here, and add a lit test
// test/diagnostics/restrict-<family>.cpp. Recursion is checked by the walker
// itself (it needs the whole call graph), and restriction specifiers by the
// preprocessor callbacks in SpecifierRules.cpp.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

namespace ampcc {

Rule::~Rule() = default;

std::vector<std::unique_ptr<Rule>> createRules() {
  std::vector<std::unique_ptr<Rule>> Rules;
  Rules.push_back(createFunctionRules());   // declarators (spec 2.4.2)
  Rules.push_back(createTypeRules());       // types (2.4.1), literals (2.4.3)
  Rules.push_back(createClassRules());      // compound types (2.4.1)
  Rules.push_back(createMathCallRules());   // <cmath> and C math calls (9)
  Rules.push_back(createCallRules());       // calls and function pointers (2.3, 2.4.3)
  Rules.push_back(createStatementRules());  // statements and operators (2.4.3)
  Rules.push_back(createVariableRules());   // globals, statics, casts (2.4.3)
  Rules.push_back(createCaptureRules());    // lambda captures (2.4.3)
  Rules.push_back(createTileStaticRules()); // tile_static variables (2.4.3)
  Rules.push_back(createBarrierRules());    // barriers in divergent code (8.1.1)
  Rules.push_back(createContainerRules());  // array/array_view elements (5.1, 5.2)
  Rules.push_back(createDestructorRules()); // destructors and constructors (2.2.2)
  Rules.push_back(createTextureRules());    // texture access (10.1, 10.2)
  return Rules;
}

} // namespace ampcc
