//===- SafeParse.cpp - parse an input without trusting MLIR's cleanup -----===//
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/ParseHazards.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace aircheck;

// Set by the sanitizer runtimes when they are linked in (the fuzz build):
// a child that trips one must not run libFuzzer's crash reporting.
extern "C" void __sanitizer_set_death_callback(void (*)(void))
    __attribute__((weak));

ChildOutcome aircheck::runInChild(const std::function<bool(int)> &work,
                                  std::string &written, bool quiet) {
  int fds[2];
  if (pipe(fds) != 0)
    return ChildOutcome::NotStarted;
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return ChildOutcome::NotStarted;
  }
  if (pid == 0) {
    close(fds[0]);
    for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP})
      std::signal(sig, SIG_DFL);
    if (__sanitizer_set_death_callback)
      __sanitizer_set_death_callback(nullptr);
    int devnull = quiet ? open("/dev/null", O_WRONLY) : -1;
    if (devnull >= 0) {
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
    }
    bool ok = work(fds[1]);
    _exit(ok ? 0 : 1);
  }
  close(fds[1]);
  char chunk[4096];
  for (;;) {
    ssize_t n = read(fds[0], chunk, sizeof(chunk));
    if (n > 0) {
      written.append(chunk, n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED(status))
    return WEXITSTATUS(status) == 0 ? ChildOutcome::Succeeded
                                    : ChildOutcome::Failed;
  return ChildOutcome::Crashed;
}

namespace {

// A diagnostic crosses the pipe as length-prefixed fields:
//   <kind> <line> <col> <len>:<file><len>:<message>
// with kind 'E'/'W'/'R' for a diagnostic and 'N' for a note of the last one.
void writeField(std::string &out, llvm::StringRef s) {
  out += std::to_string(s.size());
  out += ':';
  out += s.str();
}

void writeLocated(std::string &out, char kind, Location loc,
                  llvm::StringRef message) {
  std::string file;
  unsigned line = 0, col = 0;
  if (auto flc = loc->findInstanceOf<FileLineColLoc>()) {
    file = flc.getFilename().str();
    line = flc.getLine();
    col = flc.getColumn();
  }
  out += kind;
  out += ' ' + std::to_string(line) + ' ' + std::to_string(col) + ' ';
  writeField(out, file);
  writeField(out, message);
}

std::string serialize(Diagnostic &d) {
  std::string out;
  char kind = d.getSeverity() == DiagnosticSeverity::Error     ? 'E'
              : d.getSeverity() == DiagnosticSeverity::Warning ? 'W'
                                                                : 'R';
  writeLocated(out, kind, d.getLocation(), d.str());
  for (Diagnostic &note : d.getNotes())
    writeLocated(out, 'N', note.getLocation(), note.str());
  return out;
}

/// Replays what the child's parser reported; returns whether there was an
/// error among it. `crashNote`, if set, is added to the last diagnostic
/// when that is an error.
bool replay(MLIRContext *ctx, llvm::StringRef in, const char *crashNote) {
  bool sawError = false;
  std::optional<InFlightDiagnostic> last;
  auto readNumber = [&](unsigned &v) {
    in = in.ltrim(' ');
    size_t end = in.find_first_not_of("0123456789");
    if (end == 0 || end == llvm::StringRef::npos)
      return false;
    bool bad = in.take_front(end).getAsInteger(10, v);
    in = in.drop_front(end);
    return !bad;
  };
  auto readField = [&](std::string &s) {
    unsigned len = 0;
    if (!readNumber(len) || !in.consume_front(":") || in.size() < len)
      return false;
    s = in.take_front(len).str();
    in = in.drop_front(len);
    return true;
  };
  bool lastIsError = false;
  while (!in.empty()) {
    char kind = in.front();
    in = in.drop_front();
    unsigned line = 0, col = 0;
    std::string file, message;
    if (!readNumber(line) || !readNumber(col) || !in.consume_front(" ") ||
        !readField(file) || !readField(message))
      break;
    Location loc = file.empty() ? Location(UnknownLoc::get(ctx))
                                : FileLineColLoc::get(ctx, file, line, col);
    if (kind == 'N') {
      if (last)
        last->attachNote(loc) << message;
      continue;
    }
    last.reset(); // report the previous one
    lastIsError = kind == 'E';
    if (kind == 'E') {
      sawError = true;
      last.emplace(emitError(loc) << message);
    } else if (kind == 'W') {
      last.emplace(emitWarning(loc) << message);
    } else {
      last.emplace(emitRemark(loc) << message);
    }
  }
  if (last && lastIsError && crashNote)
    last->attachNote() << crashNote;
  last.reset();
  return sawError;
}

} // namespace

OwningOpRef<ModuleOp> aircheck::parseModule(llvm::SourceMgr &sourceMgr,
                                            const ParserConfig &config) {
  llvm::StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  std::optional<ParseHazard> hazard = findParseHazard(text);
  if (!hazard)
    return parseSourceFile<ModuleOp>(sourceMgr, config);

  MLIRContext *ctx = config.getContext();
  std::string written;
  ChildOutcome outcome = runInChild(
      [&](int fd) {
        ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
          std::string record = serialize(d);
          // Written as it comes: the parser may crash right after.
          for (size_t done = 0; done < record.size();) {
            ssize_t n = write(fd, record.data() + done, record.size() - done);
            if (n <= 0)
              break;
            done += n;
          }
          return success();
        });
        ParserConfig childConfig(ctx, /*verifyAfterParse=*/false);
        return bool(parseSourceFile<ModuleOp>(sourceMgr, childConfig));
      },
      written);
  if (outcome == ChildOutcome::Succeeded)
    return parseSourceFile<ModuleOp>(sourceMgr, config);

  const char *crashNote =
      outcome == ChildOutcome::Crashed
          ? "MLIR's parser crashes after this error (an upstream MLIR 22 "
            "defect: a region it frees is still referred to from outside); "
            "air-check parsed the input in a separate process"
          : nullptr;
  if (replay(ctx, written, crashNote))
    return nullptr;
  // Nothing came back (the child could not start, or died before its parser
  // said anything): name the hazard itself.
  llvm::StringRef file =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier();
  auto locOf = [&](size_t offset) {
    auto [line, col] =
        sourceMgr.getLineAndColumn(SMLoc::getFromPointer(text.data() + offset));
    return FileLineColLoc::get(ctx, file, line, col);
  };
  InFlightDiagnostic d =
      emitError(locOf(hazard->useOffset))
      << "'" << hazard->name
      << "' is used before its definition, which lies inside a region the use "
         "cannot see into; MLIR's parser cannot reject such input safely, so "
         "it is not parsed";
  d.attachNote(locOf(hazard->defOffset)) << "defined here";
  return nullptr;
}

OwningOpRef<ModuleOp> aircheck::parseModule(llvm::StringRef text,
                                            const ParserConfig &config) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "<string>",
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  return parseModule(sourceMgr, config);
}
