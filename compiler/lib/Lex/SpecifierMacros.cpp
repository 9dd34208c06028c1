//===- SpecifierMacros.cpp - macros that stand for specifiers -----------===//
#include "ampcc/Lex/SpecifierMacros.h"

#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace ampcc {

namespace {

std::string spelling(const Token &T) {
  if (const IdentifierInfo *II = T.getIdentifierInfo())
    return II->getName().str();
  return tok::getPunctuatorSpelling(T.getKind()) ? tok::getPunctuatorSpelling(T.getKind())
                                                 : "";
}

/// Classifies a macro body; false if it is none of the specifier kinds.
bool classify(ArrayRef<Token> Body, SpecifierMacro &Out) {
  if (Body.empty()) {
    Out.Kind = SpecifierMacro::Empty;
    return true;
  }
  std::string First = spelling(Body[0]);
  if (First == "restrict" && Body.size() >= 3 && Body[1].is(tok::l_paren) &&
      Body.back().is(tok::r_paren)) {
    Out.Kind = SpecifierMacro::Restriction;
    Out.Mask = 0;
    for (size_t I = 2; I + 1 < Body.size(); ++I) {
      std::string S = spelling(Body[I]);
      if (S == "cpu")
        Out.Mask |= 1;
      else if (S == "amp")
        Out.Mask |= 2;
      else if (!Body[I].is(tok::comma))
        return false;
    }
    return Out.Mask != 0;
  }
  if ((First == "noexcept" && (Body.size() == 1 || Body[1].is(tok::l_paren))) ||
      (First == "throw" && Body.size() >= 3 && Body[1].is(tok::l_paren))) {
    Out.Kind = SpecifierMacro::ExceptionSpec;
    return Body.size() == 1 || Body.back().is(tok::r_paren);
  }
  if (Body[0].is(tok::l_square) && Body.back().is(tok::r_square)) {
    Out.Kind = SpecifierMacro::LambdaIntro; // [=], [&a]: a lambda follows
    return true;
  }
  if (First == "auto" && Body.size() == 1) {
    Out.Kind = SpecifierMacro::Auto;
    return true;
  }
  if (First == "mutable" && Body.size() == 1) {
    Out.Kind = SpecifierMacro::Mutable;
    return true;
  }
  for (const Token &T : Body) {
    std::string S = spelling(T);
    if (S != "const" && S != "volatile" && !T.is(tok::amp) && !T.is(tok::ampamp))
      return false;
  }
  Out.Kind = SpecifierMacro::CvRef;
  return true;
}

/// Records \p Name's definition \p MI in \p Out, or forgets the name when
/// the definition is not one of the specifier kinds (redefined as
/// something else).
void record(SpecifierMacroMap &Out, const Token &Name, const MacroInfo &MI) {
  std::string N = Name.getIdentifierInfo()->getName().str();
  SpecifierMacro M{SpecifierMacro::Empty, 0};
  if (classify(MI.tokens(), M))
    Out[N] = M;
  else
    Out.erase(N);
}

class Recorder : public PPCallbacks {
public:
  explicit Recorder(SpecifierMacroMap &Out) : Out(Out) {}
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->isFunctionLike())
      return;
    record(Out, Name, *MI);
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    Out.erase(Name.getIdentifierInfo()->getName().str());
  }

private:
  SpecifierMacroMap &Out;
};

/// Lexes the main file to its end, so that every directive is seen.
static void lexMainFile(Preprocessor &PP) {
  PP.EnterMainSourceFile();
  Token T;
  do
    PP.Lex(T);
  while (T.isNot(tok::eof));
}

class RecordAction : public PreprocessOnlyAction {
public:
  explicit RecordAction(SpecifierMacroMap &Out) : Out(Out) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<Recorder>(Out));
    return true;
  }
  void ExecuteAction() override {
    // Lex the whole file so that every #define is seen; print nothing.
    lexMainFile(getCompilerInstance().getPreprocessor());
  }

private:
  SpecifierMacroMap &Out;
};

/// Records the macros the main file expands, as each expansion defines
/// them: the token pass asks only about names in the main file.
class ExpansionRecorder : public PPCallbacks {
public:
  ExpansionRecorder(SpecifierMacroMap &Out, const SourceManager &SM) : Out(Out), SM(SM) {}
  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI || MI->isBuiltinMacro() || MI->isFunctionLike() ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(Range.getBegin())))
      return;
    record(Out, Name, *MI);
  }

private:
  SpecifierMacroMap &Out;
  const SourceManager &SM;
};

/// The same with <amp.h> from a precompiled header: the main file is lexed
/// and the macros it expands are recorded. (A preprocessor-only action
/// would include the header's text again, as `clang -E -include-pch` must:
/// that was a fifth of the fuzzer's time; reading the header's whole macro
/// table after the lexing, as this did next, was still a tenth.) An AST
/// action only to have the header attached; nothing is parsed.
class ExpansionAction : public ASTFrontendAction {
public:
  explicit ExpansionAction(SpecifierMacroMap &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<ASTConsumer>();
  }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<ExpansionRecorder>(Out, CI.getSourceManager()));
    return true;
  }
  void ExecuteAction() override { lexMainFile(getCompilerInstance().getPreprocessor()); }

private:
  SpecifierMacroMap &Out;
};

} // namespace

SpecifierMacroMap collectSpecifierMacros(const std::string &File,
                                         const std::vector<std::string> &Args,
                                         const std::string &PCH) {
  SpecifierMacroMap Out;
  std::vector<std::string> Cmd = Args;
  if (!PCH.empty())
    Cmd.insert(Cmd.end(), {"-include-pch", PCH});
  Cmd.push_back(File);
  IgnoringDiagConsumer Quiet;
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions()));
  std::unique_ptr<FrontendAction> Action;
  if (PCH.empty())
    Action = std::make_unique<RecordAction>(Out);
  else
    Action = std::make_unique<ExpansionAction>(Out);
  tooling::ToolInvocation Inv(Cmd, std::move(Action), Files.get());
  Inv.setDiagnosticConsumer(&Quiet);
  Inv.run();
  return Out;
}

} // namespace ampcc
