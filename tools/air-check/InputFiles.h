//===- InputFiles.h - lint's arguments: files and folders ---------*- C++ -*-===//
//
// `air-check lint DIR...`: a folder stands for every `*.mlir` file below it,
// in a sorted, repeatable order; `--exclude GLOB` leaves files and folders
// out of that walk.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_INPUTFILES_H
#define AIRCHECK_TOOLS_AIRCHECK_INPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace aircheck {

/// One input lint checks, or one it could not reach.
struct InputFile {
  std::string path;
  /// Not empty when a folder could not be read: why (the file's outcome is
  /// then "unreadable" with this message).
  std::string error;
};

/// Expands lint's positional arguments. A file (or "-") is kept as given,
/// even one an exclude matches; a folder becomes every `*.mlir` file below
/// it (symbolic links to files included, linked folders not followed),
/// sorted by path, leaving out every file and folder whose path relative to
/// the argument, or whose name, matches one of `excludes`. Each file appears
/// once, at its first place. A folder with no such file, or an exclude that
/// is not a valid glob, is an error (a usage error of the command).
llvm::Expected<std::vector<InputFile>>
expandInputs(llvm::ArrayRef<std::string> args,
             llvm::ArrayRef<std::string> excludes);

} // namespace aircheck

#endif
