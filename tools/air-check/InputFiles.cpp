//===- InputFiles.cpp - folders as lint arguments ---------------------------===//
#include "tools/air-check/InputFiles.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace aircheck;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
struct Excludes {
  std::vector<llvm::GlobPattern> globs;
  /// Whether `rel` (relative to the folder argument, '/'-separated) or its
  /// last component matches a glob.
  bool match(llvm::StringRef rel) const {
    llvm::StringRef name = path::filename(rel, path::Style::posix);
    return llvm::any_of(globs, [&](const llvm::GlobPattern &g) {
      return g.match(rel) || g.match(name);
    });
  }
};
} // namespace

/// The `*.mlir` files below `dir` that no exclude matches, sorted; errors
/// reading a sub-folder are inputs with their message.
static std::vector<InputFile> walk(llvm::StringRef dir, const Excludes &ex) {
  std::vector<InputFile> found;
  std::error_code ec;
  // Linked folders are not followed: a link back up would never end.
  fs::recursive_directory_iterator it(dir, ec, /*follow_symlinks=*/false), end;
  if (ec)
    return {{dir.str(), ec.message()}};
  while (it != end) {
    const std::string &entry = it->path();
    llvm::StringRef rel = llvm::StringRef(entry).drop_front(dir.size());
    rel = rel.ltrim(path::get_separator());
    std::string relPosix = path::convert_to_slash(rel);
    fs::file_type type = it->type();
    if (type == fs::file_type::symlink_file) {
      fs::file_status st;
      type = fs::status(entry, st, /*follow=*/true) ? fs::file_type::type_unknown
                                                    : st.type();
      if (type == fs::file_type::directory_file)
        type = fs::file_type::type_unknown; // a linked folder: not walked
    }
    if (ex.match(relPosix)) {
      if (type == fs::file_type::directory_file)
        it.no_push();
    } else if (type == fs::file_type::regular_file &&
               path::extension(entry) == ".mlir") {
      found.push_back({entry, ""});
    }
    it.increment(ec);
    if (ec) {
      found.push_back({entry, ec.message()});
      break;
    }
  }
  std::sort(found.begin(), found.end(),
            [](const InputFile &a, const InputFile &b) { return a.path < b.path; });
  return found;
}

llvm::Expected<std::vector<InputFile>>
aircheck::expandInputs(llvm::ArrayRef<std::string> args,
                       llvm::ArrayRef<std::string> excludes) {
  Excludes ex;
  for (const std::string &g : excludes) {
    auto glob = llvm::GlobPattern::create(g, /*MaxSubPatterns=*/1024);
    if (!glob)
      return llvm::createStringError(
          "--exclude '" + g + "': " + llvm::toString(glob.takeError()));
    ex.globs.push_back(std::move(*glob));
  }
  std::vector<InputFile> inputs;
  llvm::StringSet<> seen;
  auto add = [&](InputFile f) {
    if (seen.insert(f.path).second)
      inputs.push_back(std::move(f));
  };
  for (const std::string &arg : args) {
    if (arg == "-" || !fs::is_directory(arg)) {
      add({arg, ""});
      continue;
    }
    std::vector<InputFile> below = walk(arg, ex);
    if (below.empty())
      return llvm::createStringError("no .mlir file in the folder '" + arg +
                                     "'" +
                                     (excludes.empty() ? "" : " (after --exclude)"));
    for (InputFile &f : below)
      add(std::move(f));
  }
  return inputs;
}
