//===- HtmlStyle.h - what every air-check page shares ------------*- C++ -*-===//
//
// The report pages (AIR and aie level) and lint's page use one stylesheet,
// one palette and one escape, so that the pictures look the same wherever
// they are drawn. Pages are self-contained: no script, no network, and a
// print style (no shadows, pictures not split across pages).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_HTMLSTYLE_H
#define AIRCHECK_TOOLS_AIRCHECK_HTMLSTYLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace aircheck {

/// `s` with &, <, > and " escaped, for text and attribute values.
std::string htmlEscape(llvm::StringRef s);

/// The n-th colour of the palette herds and flows are drawn in (cyclic).
const char *paletteColor(unsigned n);

/// `<!DOCTYPE html>` up to and including `<body>`: the title and the shared
/// stylesheet.
void writeHtmlHead(llvm::raw_ostream &os, llvm::StringRef title);

} // namespace aircheck

#endif
