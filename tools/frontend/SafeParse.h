//===- SafeParse.h - parse an input without trusting MLIR's cleanup -*- C++ -*-===//
//
// Every tool reads its input through here. Text that findParseHazard flags
// (a forward reference that MLIR 22's parser would resolve into a region it
// may free, see ParseHazards.h) is first parsed in a child process: if it
// parses there, it parses here too (parsing is deterministic and nothing is
// freed on success); if it fails or crashes there, the diagnostics the
// child's parser emitted are replayed here and the input is a parse error.
// Everything else goes straight to mlir::parseSourceFile.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_FRONTEND_SAFEPARSE_H
#define AIRCHECK_TOOLS_FRONTEND_SAFEPARSE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>

namespace aircheck {

/// mlir::parseSourceFile<ModuleOp> over the main buffer of `sourceMgr`,
/// safe on every input. Diagnostics go to the context's handlers.
mlir::OwningOpRef<mlir::ModuleOp> parseModule(llvm::SourceMgr &sourceMgr,
                                              const mlir::ParserConfig &config);

/// The same over a string (tests, the fuzz targets).
mlir::OwningOpRef<mlir::ModuleOp> parseModule(llvm::StringRef text,
                                              const mlir::ParserConfig &config);

/// How a child process ended.
enum class ChildOutcome { Succeeded, Failed, Crashed, NotStarted };

/// Runs `work` in a child process with fatal signals at their defaults and
/// the sanitizers' death callbacks off (and, if `quiet`, stdout and stderr
/// going nowhere); what `work` writes to the descriptor it is given comes
/// back in `written`. `work` returns whether it succeeded.
ChildOutcome runInChild(const std::function<bool(int fd)> &work,
                        std::string &written, bool quiet = true);

} // namespace aircheck

#endif
