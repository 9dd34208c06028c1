//===- DeviceForkServer.cpp - device passes forked from a ready one -------===//
#include "ampcc/Frontend/DeviceForkServer.h"
#include "DevicePass.h"

#include "ampcc/Frontend/VisualCppFiles.h"
#include "ampcc/Lex/SpecifierReorder.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/MemoryBuffer.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <optional>

using namespace clang;

namespace ampcc {
namespace {

/// Reads back every declaration of \p DC and of the classes and namespaces
/// in it: what files instantiate and call is then in the server's memory,
/// shared by its children, instead of read by each.
void readBack(DeclContext *DC) {
  for (Decl *D : DC->decls()) {
    if (auto *CT = dyn_cast<ClassTemplateDecl>(D))
      readBack(CT->getTemplatedDecl());
    else if (auto *Inner = dyn_cast<DeclContext>(D);
             Inner && (isa<NamespaceDecl>(D) || isa<CXXRecordDecl>(D)))
      readBack(Inner);
  }
}

/// The header's namespaces whose declarations the server reads back.
void readBackLibrary(ASTContext &Ctx) {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (const char *Name : {"Concurrency", "concurrency"})
    for (NamedDecl *ND : TU->lookup(&Ctx.Idents.get(Name)))
      if (auto *NS = dyn_cast<NamespaceDecl>(ND))
        readBack(NS);
}

/// Whether compileDevice would parse \p Text as written, under the
/// options the server's parse has: no specifier for the token pass to
/// move, no macro it would have to ask about.
bool parsesAsWritten(llvm::StringRef Text) {
  ReorderResult R = reorderRestrictionSpecifiers(Text);
  return !R.NeedsMacros && !R.Changed && R.Defines.empty() && R.Misplacements.empty();
}

class ForkPoint : public MainFileStart {
public:
  ForkPoint(const DeviceForkServer &Server, std::function<DeviceCompileResult()> Cold)
      : Server(Server), Cold(std::move(Cold)) {}

  void reached(CompilerInstance &CI) override {
    Reached = true;
    readBackLibrary(CI.getASTContext());
    while (Server.NextFile()) {
      pid_t Child = fork();
      if (Child == 0) {
        InChild = true;
        // A child outlives neither the server nor the fuzzer above it.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (Server.ChildStarted)
          Server.ChildStarted();
        if (takeFile(CI))
          return; // The parse goes on with the file's text.
        Server.Report(Cold());
        _exit(0);
      }
      int Status = 0;
      if (Child < 0)
        Status = W_EXITCODE(127, 0);
      else
        while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
        }
      Server.ChildEnded(Status);
    }
    // No more files: the server's own parse of the template ends the pass.
  }
  const std::string *replacedText() const override { return Text ? &*Text : nullptr; }
  bool inChild() const { return InChild; }
  bool wasReached() const { return Reached; }

private:
  /// Gives the main file the text now at its path, padded to the
  /// template's length; false if the text needs a parse of its own.
  bool takeFile(CompilerInstance &CI) {
    SourceManager &SM = CI.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    auto Read = readSourceFile(Server.Input);
    if (!Main || !Read)
      return false;
    llvm::StringRef Bytes = (*Read)->getBuffer();
    size_t Size = Main->getSize();
    if (Bytes.size() + 1 > Size || !parsesAsWritten(Bytes))
      return false;
    Text = Bytes.str();
    // A new line ends the file's last line (a // comment, a directive).
    std::string Padded = *Text + "\n";
    Padded.resize(Size, ' ');
    SM.overrideFileContents(*Main, llvm::MemoryBuffer::getMemBufferCopy(Padded, Main->getName()));
    return true;
  }

  const DeviceForkServer &Server;
  std::function<DeviceCompileResult()> Cold;
  std::optional<std::string> Text;
  bool InChild = false, Reached = false;
};

} // namespace

bool serveDeviceCompiles(const std::string &Template,
                         const std::vector<std::string> &FrontendArgs,
                         const std::string &ClangPath, const DeviceOptions &Opts,
                         PrecompiledAmpCache *Prefixes, const DeviceForkServer &Server) {
  ForkPoint Point(Server, [&] {
    return compileDevice(Server.Input, FrontendArgs, ClangPath, Opts, Prefixes);
  });
  DeviceCompileResult Result =
      compileDeviceFrom(Template, FrontendArgs, ClangPath, Opts, Prefixes, &Point);
  if (Point.inChild()) {
    Server.Report(Result);
    _exit(0);
  }
  return Point.wasReached();
}

} // namespace ampcc
