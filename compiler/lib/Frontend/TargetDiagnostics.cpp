//===- TargetDiagnostics.cpp - Clang's CUDA wording in C++ AMP terms ---===//
#include "ampcc/Frontend/TargetDiagnostics.h"
#include "ampcc/Lex/SpecifierReorder.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace clang;

namespace ampcc {

namespace {

bool isAmpccDiag(unsigned ID) { return ID >= diag::DIAG_UPPER_LIMIT; }

int64_t intArg(const Diagnostic &Info, unsigned I) {
  if (I >= Info.getNumArgs())
    return -1;
  switch (Info.getArgKind(I)) {
  case DiagnosticsEngine::ak_sint:
    return Info.getArgSInt(I);
  case DiagnosticsEngine::ak_uint:
    return static_cast<int64_t>(Info.getArgUInt(I));
  default:
    return -1;
  }
}

/// CUDAFunctionTarget (Device, Global, Host, HostDevice) as an ampcc::Side.
Side sideOfTarget(int64_t T) {
  switch (T) {
  case 2:
    return Side::Cpu;
  case 3:
    return Side::Both;
  default:
    return Side::Amp;
  }
}

StoredDiagnostic reworded(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  StoredDiagnostic SD(Level, Info);
  if (isAmpccDiag(Info.getID()))
    return SD;
  std::string Msg = RestrictDiagConsumer::reword(SD.getMessage());
  if (Msg == SD.getMessage())
    return SD;
  return StoredDiagnostic(Level, SD.getID(), Msg, SD.getLocation(), SD.getRanges(),
                          SD.getFixIts());
}

bool isContextNote(StringRef Msg) {
  return Msg.starts_with("in instantiation") || Msg.starts_with("while ") ||
         Msg.starts_with("in call to") || Msg.starts_with("(skipping");
}

} // namespace

std::string RestrictDiagConsumer::reword(StringRef Message) {
  static const std::pair<const char *, const char *> Terms[] = {
      {"__constant__, __device__, and __managed__ are not allowed on non-static local "
       "variables",
       "restrict(...) applies to functions, not to local variables"},
      {"__host__ __device__ function", "restrict(cpu,amp) function"},
      {"__host__ __device__", "restrict(cpu,amp)"},
      {"__shared__ local variables", "tile_static variables"},
      {"__shared__ variables", "tile_static variables"},
      {"__shared__", "tile_static"},
      {"__device__", "restrict(amp)"},
      {"__host__", "restrict(cpu)"},
      {"__global__", "kernel"},
      {"host variable", "variable"},
      {"CUDA device code", "restrict(amp) code"},
      {"'device' attribute", "restrict(amp)"},
      {"'host' attribute", "restrict(cpu)"},
      {"'shared' attribute", "tile_static"},
      {" when compiling for gfx906", ""},
      {" when compiling for host", ""}, // the host pass's summary line
      {ContextualRestrictName, "restrict"}, // see SpecifierReorder.h
  };
  std::string S = Message.str();
  for (const auto &[From, To] : Terms)
    for (size_t Pos = 0; (Pos = S.find(From, Pos)) != std::string::npos;
         Pos += strlen(To))
      S.replace(Pos, strlen(From), To);
  return S;
}

RestrictDiagConsumer::RestrictDiagConsumer(DiagnosticOptions *Opts)
    : Opts(Opts), Printer(llvm::errs(), Opts) {}

RestrictDiagConsumer::~RestrictDiagConsumer() {
  // Diagnostics without a source file (driver errors) have no EndSourceFile.
  if (!SM)
    flush();
}

void RestrictDiagConsumer::BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) {
  Printer.BeginSourceFile(LO, PP);
}

void RestrictDiagConsumer::EndSourceFile() {
  flush();
  Printer.EndSourceFile();
}

bool RestrictDiagConsumer::suppressed(const Diagnostic &Info) const {
  if (Suppressed.empty() || !Info.hasSourceManager() || Info.getLocation().isInvalid())
    return false;
  const SourceManager &SrcMgr = Info.getSourceManager();
  SourceLocation L = SrcMgr.getExpansionLoc(Info.getLocation());
  for (SourceRange R : Suppressed)
    if (L == R.getBegin() || L == R.getEnd() ||
        (SrcMgr.isBeforeInTranslationUnit(R.getBegin(), L) &&
         SrcMgr.isBeforeInTranslationUnit(L, R.getEnd())))
      return true;
  return false;
}

void RestrictDiagConsumer::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                            const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Info.hasSourceManager())
    SM = &Info.getSourceManager();
  if (!IDs)
    IDs = Info.getDiags()->getDiagnosticIDs();
  unsigned ID = Info.getID();
  // An implicit special member whose bases or fields have members of both
  // restrictions has an invalid target; Clang 19 then reports a call to it
  // with an out-of-range %select and crashes formatting the message. Report
  // it in ampcc's words without formatting Clang's.
  if (ID == diag::err_ref_bad_target &&
      (intArg(Info, 0) > 3 || intArg(Info, 3) > 3)) {
    std::string Name = "this special member function";
    if (Info.getArgKind(2) == DiagnosticsEngine::ak_nameddecl)
      Name = "'" +
             reinterpret_cast<const NamedDecl *>(Info.getRawArg(2))->getQualifiedNameAsString() +
             "'";
    std::string Text = diagText(Diag::err_restrict_special_member_collision);
    Text.replace(Text.find("%0"), 2, Name);
    closeFinding();
    Groups.emplace_back();
    Groups.back().Diags.push_back(
        StoredDiagnostic(Level, ID, Text, FullSourceLoc(Info.getLocation(), Info.getSourceManager()),
                         {}, {}));
    return;
  }

  if (Level == DiagnosticsEngine::Note) {
    StoredDiagnostic SD = reworded(Level, Info);
    if (Open) {
      Open->Original.push_back(SD);
      if (ID == diag::note_ovl_candidate_bad_target) {
        Open->Candidates.push_back(Info.getLocation());
        Open->CalleeSide = sideOfTarget(intArg(Info, 3));
        Open->CallerSide = sideOfTarget(intArg(Info, 4));
      } else if (isContextNote(SD.getMessage())) {
        Open->ContextNotes.push_back(SD);
      }
      return;
    }
    if (Groups.empty())
      Groups.emplace_back();
    Groups.back().Diags.push_back(SD);
    return;
  }

  closeFinding();
  if (!isAmpccDiag(ID) && Level >= DiagnosticsEngine::Error && suppressed(Info)) {
    Groups.emplace_back();
    Groups.back().Dropped = true;
    return;
  }

  if (!isAmpccDiag(ID) && Level >= DiagnosticsEngine::Error) {
    ClangFinding F;
    F.Loc = Info.getLocation();
    for (const CharSourceRange &R : Info.getRanges())
      F.Ranges.push_back(R);
    bool Found = true;
    switch (ID) {
    case diag::err_ref_bad_target:
      F.Kind = intArg(Info, 1) == 0 ? ClangFinding::CallTarget : ClangFinding::VarTarget;
      F.CalleeSide = sideOfTarget(intArg(Info, 0));
      F.CallerSide = sideOfTarget(intArg(Info, 3));
      if (Info.getArgKind(2) == DiagnosticsEngine::ak_nameddecl)
        F.Decl = reinterpret_cast<const NamedDecl *>(Info.getRawArg(2));
      break;
    case diag::err_ovl_no_viable_function_in_call:
    case diag::err_ovl_no_viable_member_function_in_call:
    case diag::err_ovl_no_viable_function_in_init:
    case diag::err_ovl_no_viable_object_call:
    case diag::err_ovl_no_viable_oper:
    case diag::err_ovl_no_viable_subscript:
    case diag::err_ovl_no_viable_conversion_in_cast:
    case diag::err_typecheck_invalid_operands:
    case diag::err_typecheck_unary_expr:
      F.Kind = ClangFinding::NoViable;
      if (Info.getNumArgs() > 0) {
        if (Info.getArgKind(0) == DiagnosticsEngine::ak_declarationname)
          F.Name = DeclarationName::getFromOpaqueInteger(Info.getRawArg(0));
        else if (Info.getArgKind(0) == DiagnosticsEngine::ak_qualtype &&
                 (ID == diag::err_ovl_no_viable_function_in_init ||
                  ID == diag::err_ovl_no_viable_object_call)) {
          F.Type = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)));
          F.What = ID == diag::err_ovl_no_viable_function_in_init ? 1 : 2;
        }
      }
      break;
    case diag::err_cuda_device_exceptions:
      F.Kind = ClangFinding::Other;
      if (Info.getNumArgs() > 0 && Info.getArgKind(0) == DiagnosticsEngine::ak_c_string)
        F.Construct = Info.getArgCStr(0);
      else if (Info.getNumArgs() > 0 && Info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
        F.Construct = Info.getArgStdStr(0);
      break;
    case diag::err_cuda_host_shared:
      F.Kind = ClangFinding::Other;
      F.CallerSide = sideOfTarget(intArg(Info, 0));
      break;
    case diag::err_cuda_vla:
    case diag::err_variadic_device_fn:
    case diag::err_va_arg_in_device:
    case diag::err_shared_var_init:
    case diag::err_cuda_extern_shared:
    case diag::err_dynamic_var_init:
      F.Kind = ClangFinding::Other;
      break;
    default:
      Found = false;
    }
    if (Found) {
      F.ClangID = ID;
      F.Original.push_back(reworded(Level, Info));
      Findings.push_back(std::move(F));
      Open = &Findings.back();
      return;
    }
    ++Foreign;
  }
  Groups.emplace_back();
  Groups.back().Diags.push_back(reworded(Level, Info));
}

void RestrictDiagConsumer::closeFinding() {
  if (!Open)
    return;
  ClangFinding *F = Open;
  Open = nullptr;
  // One candidate that fails only because of its restriction is what the
  // call meant (the others are usually implicit copy constructors or other
  // arities); without one it is an ordinary overload resolution failure.
  if (F->Kind == ClangFinding::NoViable && F->Candidates.empty()) {
    // An ordinary overload resolution failure, not a restriction error.
    F->Handled = true;
    ++Foreign;
    Groups.emplace_back();
    Groups.back().Diags = F->Original;
  }
}

std::vector<ClangFinding *> RestrictDiagConsumer::findings() {
  closeFinding();
  std::vector<ClangFinding *> Result;
  for (ClangFinding &F : Findings)
    if (!F.Handled)
      Result.push_back(&F);
  return Result;
}

unsigned RestrictDiagConsumer::foreignErrors() {
  closeFinding();
  return Foreign;
}

void RestrictDiagConsumer::setRewrite(const ReorderResult &R, StringRef Orig) {
  Moves = R.Moves;
  Original = R.SameLayout ? Orig.str() : std::string();
}

SourceLocation RestrictDiagConsumer::unmove(SourceLocation L) const {
  if (!SM || L.isInvalid() || !L.isFileID() || SM->getFileID(L) != SM->getMainFileID())
    return L;
  unsigned Off = SM->getFileOffset(L);
  for (const ReorderResult::Move &M : Moves)
    if (Off >= M.NewOff && Off < M.NewOff + M.Len)
      return SM->getLocForStartOfFile(SM->getMainFileID())
          .getLocWithOffset(M.OrigOff + (Off - M.NewOff));
  return L;
}

StoredDiagnostic RestrictDiagConsumer::unmove(const StoredDiagnostic &SD) const {
  if (Moves.empty())
    return SD;
  std::vector<CharSourceRange> Ranges;
  for (CharSourceRange R : SD.getRanges()) {
    R.setBegin(unmove(R.getBegin()));
    R.setEnd(unmove(R.getEnd()));
    Ranges.push_back(R);
  }
  std::vector<FixItHint> Fixes;
  for (FixItHint F : SD.getFixIts()) {
    F.RemoveRange.setBegin(unmove(F.RemoveRange.getBegin()));
    F.RemoveRange.setEnd(unmove(F.RemoveRange.getEnd()));
    Fixes.push_back(F);
  }
  SourceLocation L = unmove(SD.getLocation());
  return StoredDiagnostic(SD.getLevel(), SD.getID(), SD.getMessage(),
                          L.isValid() ? FullSourceLoc(L, *SM) : FullSourceLoc(), Ranges,
                          Fixes);
}

void RestrictDiagConsumer::dropErrors() {
  closeFinding();
  Findings.clear();
  Groups.erase(std::remove_if(Groups.begin(), Groups.end(),
                              [](const Group &G) {
                                return !G.Diags.empty() &&
                                       G.Diags.front().getLevel() >=
                                           DiagnosticsEngine::Error;
                              }),
               Groups.end());
}

void RestrictDiagConsumer::flush() {
  closeFinding();
  for (ClangFinding &F : Findings)
    if (!F.Handled) {
      Groups.emplace_back();
      Groups.back().Diags = F.Original;
    }
  Findings.clear();
  auto LocOf = [&](const Group &G) {
    return G.Diags.empty() ? SourceLocation()
                           : static_cast<SourceLocation>(G.Diags.front().getLocation());
  };
  std::vector<size_t> Order(Groups.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  if (SM)
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      SourceLocation LA = LocOf(Groups[A]), LB = LocOf(Groups[B]);
      if (LA.isInvalid() || LB.isInvalid()) {
        if (LA.isInvalid() != LB.isInvalid())
          return LA.isInvalid();
        return A < B;
      }
      LA = SM->getExpansionLoc(LA);
      LB = SM->getExpansionLoc(LB);
      if (LA == LB)
        return A < B;
      return SM->isBeforeInTranslationUnit(LA, LB);
    });
  if (!IDs)
    IDs = new DiagnosticIDs();
  DiagnosticsEngine Out(IDs, Opts, &Printer,
                        /*ShouldOwnClient=*/false);
  if (SM) {
    Out.setSourceManager(const_cast<SourceManager *>(SM));
    // Show the user's text, not the reordered one (same layout: the line
    // table stays valid).
    if (!Original.empty() && !Groups.empty())
      if (OptionalFileEntryRef Main = SM->getFileEntryRefForID(SM->getMainFileID()))
        const_cast<SourceManager *>(SM)->overrideFileContents(
            *Main, llvm::MemoryBuffer::getMemBufferCopy(Original, Main->getName()));
  }
  for (size_t I : Order) {
    const Group &G = Groups[I];
    if (G.Dropped)
      continue;
    if (SM && !G.Diags.empty() && G.Diags.front().getLevel() == DiagnosticsEngine::Warning &&
        llvm::is_contained(HonouredWarnings,
                           SM->getExpansionLoc(G.Diags.front().getLocation())))
      continue;
    for (const StoredDiagnostic &SD : G.Diags) {
      if (SD.getLevel() >= DiagnosticsEngine::Error)
        ++Printed;
      Out.Report(unmove(SD));
    }
  }
  Groups.clear();
}

} // namespace ampcc
