//===- ParseHazards.cpp - inputs MLIR's parser cannot fail on safely -------===//
#include "tools/frontend/ParseHazards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <vector>

using namespace llvm;
using namespace aircheck;

namespace {

//===----------------------------------------------------------------------===//
// Tokens: only what SSA name scoping needs.
//===----------------------------------------------------------------------===//

enum class Tok {
  SSA,    // %name (a `#n` suffix is dropped)
  Block,  // ^name
  Symbol, // @name
  Ident,  // bare identifier: op names, keywords, builtin types
  String, // "..."
  LBrace,
  RBrace,
  LParen,
  RParen,
  Equal,
  Colon,
  Comma,
  Number,
  Other
};

struct Token {
  Tok kind;
  StringRef text;
  size_t offset;
  bool lineStart; // first token on its line
};

bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '$' || c == '.' ||
         c == '_' || c == '-';
}

std::vector<Token> lex(StringRef s) {
  std::vector<Token> toks;
  size_t i = 0, n = s.size();
  bool lineStart = true;
  auto push = [&](Tok kind, size_t begin, size_t end) {
    toks.push_back({kind, s.slice(begin, end), begin, lineStart});
    lineStart = false;
    i = end;
  };
  while (i < n) {
    char c = s[i];
    if (c == '\n') {
      lineStart = true;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      size_t j = i + 1;
      while (j < n && s[j] != '"' && s[j] != '\n')
        j += s[j] == '\\' ? 2 : 1;
      push(Tok::String, i, std::min(j + 1, n));
      continue;
    }
    if (c == '%' || c == '^' || c == '@') {
      size_t j = i + 1;
      if (c == '@' && j < n && s[j] == '"') {
        ++j;
        while (j < n && s[j] != '"' && s[j] != '\n')
          j += s[j] == '\\' ? 2 : 1;
        push(Tok::Symbol, i, std::min(j + 1, n));
        continue;
      }
      while (j < n && isIdChar(s[j]))
        ++j;
      Tok kind = c == '%' ? Tok::SSA : c == '^' ? Tok::Block : Tok::Symbol;
      push(kind, i, j);
      // `%x#1`: a result of %x; the name is what matters.
      if (kind == Tok::SSA && i < n && s[i] == '#')
        while (++i < n && std::isdigit(static_cast<unsigned char>(s[i])))
          ;
      continue;
    }
    if (c == '!' || c == '#') { // type or attribute alias / dialect name
      size_t j = i + 1;
      while (j < n && isIdChar(s[j]))
        ++j;
      push(Tok::Other, i, j);
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i + 1;
      while (j < n && (std::isalnum(static_cast<unsigned char>(s[j])) ||
                       s[j] == '_' || s[j] == '$' || s[j] == '.'))
        ++j;
      push(Tok::Ident, i, j);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i + 1;
      while (j < n && (std::isalnum(static_cast<unsigned char>(s[j])) ||
                       s[j] == '.'))
        ++j;
      push(Tok::Number, i, j);
      continue;
    }
    switch (c) {
    case '{':
      push(Tok::LBrace, i, i + 1);
      break;
    case '}':
      push(Tok::RBrace, i, i + 1);
      break;
    case '(':
      push(Tok::LParen, i, i + 1);
      break;
    case ')':
      push(Tok::RParen, i, i + 1);
      break;
    case ',':
      push(Tok::Comma, i, i + 1);
      break;
    case ':':
      push(Tok::Colon, i, i + 1);
      break;
    case '=':
      if (i + 1 < n && (s[i + 1] == '=' || s[i + 1] == '>'))
        push(Tok::Other, i, i + 2);
      else
        push(Tok::Equal, i, i + 1);
      break;
    default:
      push(Tok::Other, i, i + 1);
    }
  }
  return toks;
}

//===----------------------------------------------------------------------===//
// The scanner: brace groups as MLIR's name scopes.
//===----------------------------------------------------------------------===//

/// How a region scopes names: its op's parser opens a name scope of its own
/// (Isolated), shares its parent's (Open), or the scanner does not know.
enum class Scoping { Open, Isolated, Unknown };

Scoping scopingOf(StringRef opName) {
  if (opName.starts_with("\""))
    opName = opName.drop_front().drop_back();
  // The project's hierarchy ops parse their bodies with name shadowing
  // (dialects/AIR/AIRSyntax.cpp).
  if (opName == "air.launch" || opName == "air.segment" ||
      opName == "air.herd")
    return Scoping::Isolated;
  // Parsers of these dialects (ODS-generated, or upstream's hand-written
  // ones: func.func, scf.for, affine.for, gpu.launch, ...) do not.
  for (StringRef prefix :
       {"air.", "aie.", "aiex.", "scf.", "affine.", "func.", "cf.", "arith.",
        "math.", "memref.", "linalg.", "vector.", "gpu.", "llvm.", "rocdl.",
        "tensor.", "bufferization.", "builtin."})
    if (opName.starts_with(prefix))
      return Scoping::Open;
  if (opName == "module" || opName == "func")
    return Scoping::Open;
  return Scoping::Unknown;
}

class Scanner {
public:
  explicit Scanner(StringRef text) : toks(lex(text)) {
    groups.push_back({-1, Scoping::Isolated});
    open.push_back({0, StringRef(), 0});
  }

  std::optional<ParseHazard> run() {
    for (t = 0; t < toks.size() && !hazard; ++t)
      step();
    commitResults();
    return hazard;
  }

private:
  struct Group {
    int parent;
    Scoping scoping;
  };
  struct OpenGroup {
    int id;
    StringRef lastOp; // the latest op name seen in it: the owner of a `{`
    int parens;       // paren depth inside it
  };
  struct Def {
    int group;
    size_t offset;
  };
  struct Use {
    int group;
    size_t offset;
  };
  struct Pending {
    StringRef name;
    size_t offset;
  };

  std::vector<Token> toks;
  size_t t = 0;
  std::vector<Group> groups;
  std::vector<OpenGroup> open;
  StringMap<SmallVector<Def, 1>> defs;
  StringMap<SmallVector<Use, 1>> unresolved;
  // Results of the op being read: MLIR defines them once the op is parsed.
  SmallVector<Pending, 2> results;
  int resultsGroup = -1;
  // Region arguments named in an op's header, for its next region.
  SmallVector<Pending, 4> header;
  int headerGroup = -1;
  std::optional<ParseHazard> hazard;

  const Token *at(size_t i) const {
    return i < toks.size() ? &toks[i] : nullptr;
  }
  bool is(size_t i, Tok kind) const {
    return i < toks.size() && toks[i].kind == kind;
  }
  int cur() const { return open.back().id; }

  bool inside(int g, int ancestor) const {
    for (; g >= 0; g = groups[g].parent)
      if (g == ancestor)
        return true;
    return false;
  }
  /// The group whose name scope `g` is in.
  int scopeOf(int g) const {
    while (g > 0 && groups[g].scoping == Scoping::Open)
      g = groups[g].parent;
    return g;
  }
  /// A definition of `name` that a use in `g` sees. A region of unknown
  /// scoping is taken as isolated here (fewer uses resolved).
  bool visible(StringRef name, int g) const {
    auto it = defs.find(name);
    if (it == defs.end())
      return false;
    int root = scopeOf(g);
    for (int h = g;; h = groups[h].parent) {
      for (const Def &d : it->second)
        if (d.group == h)
          return true;
      if (h == root)
        return false;
    }
  }

  void use(StringRef name, size_t offset) {
    if (visible(name, cur()))
      return;
    // An operand of the op whose result it is: resolved right after it.
    if (resultsGroup == cur())
      for (const Pending &p : results)
        if (p.name == name)
          return;
    unresolved[name].push_back({cur(), offset});
  }

  void define(StringRef name, size_t offset, int g) {
    auto it = unresolved.find(name);
    if (it != unresolved.end()) {
      // The uses this definition resolves: those in its name scope and, past
      // a region of unknown scoping (taken as open here, more resolved),
      // those of the scopes around it.
      SmallVector<int, 2> scopes;
      for (int s = scopeOf(g);; s = scopeOf(groups[s].parent)) {
        scopes.push_back(s);
        if (s == 0 || groups[s].scoping != Scoping::Unknown)
          break;
      }
      for (const Use &u : it->second)
        if (llvm::is_contained(scopes, scopeOf(u.group)) &&
            !inside(u.group, g) && !hazard)
          hazard = ParseHazard{name, u.offset, offset};
      llvm::erase_if(it->second, [&](const Use &u) {
        return scopeOf(u.group) == scopes.front();
      });
    }
    defs[name].push_back({g, offset});
  }

  void commitResults() {
    for (const Pending &p : results)
      define(p.name, p.offset, resultsGroup);
    results.clear();
    resultsGroup = -1;
  }

  void openGroup() {
    int parent = cur();
    // `attributes {...}` is an attribute dictionary, not the region the
    // header's arguments belong to.
    bool attrDict = t > 0 && toks[t - 1].kind == Tok::Ident &&
                    toks[t - 1].text == "attributes";
    int id = groups.size();
    groups.push_back({parent, scopingOf(open.back().lastOp)});
    open.push_back({id, StringRef(), 0});
    if (!attrDict && headerGroup == parent) {
      for (const Pending &p : header)
        define(p.name, p.offset, id);
      header.clear();
      headerGroup = -1;
    }
  }

  void closeGroup() {
    if (open.size() == 1)
      return; // unbalanced: MLIR reports it
    int g = cur();
    if (resultsGroup == g)
      commitResults();
    if (headerGroup == g) {
      header.clear();
      headerGroup = -1;
    }
    int parent = groups[g].parent;
    // Forward references left in a scope that ends: an isolated scope's
    // can never be resolved again; an unknown one's stay forward references
    // of the scope around it unless a definition there resolves them.
    if (groups[g].scoping != Scoping::Open)
      for (auto &entry : unresolved) {
        StringRef name = entry.getKey();
        for (Use &u : entry.getValue())
          if (scopeOf(u.group) == g)
            u.group = groups[g].scoping == Scoping::Unknown &&
                              !visible(name, parent)
                          ? parent
                          : -1;
        llvm::erase_if(entry.getValue(), [](const Use &u) { return u.group < 0; });
      }
    for (auto &entry : defs)
      llvm::erase_if(entry.getValue(), [&](const Def &d) { return d.group == g; });
    open.pop_back();
  }

  /// `(%a, %b) in` / `(%i) =`: the region arguments of an op header.
  bool headerList(size_t i) const {
    size_t j = i + 1;
    if (!is(j, Tok::SSA))
      return false;
    while (is(j, Tok::SSA) && (is(j + 1, Tok::Comma) || is(j + 1, Tok::RParen))) {
      if (is(j + 1, Tok::RParen)) {
        const Token *next = at(j + 2);
        return next && (next->kind == Tok::Equal ||
                        (next->kind == Tok::Ident && next->text == "in"));
      }
      j += 2;
    }
    return false;
  }

  /// `@f(%arg0: t, ...)`, `aie.runtime_sequence(%a: t)` (or
  /// `aiex.runtime_sequence`), gpu attributions,
  /// `(%in: f32, %init: f32) {` (linalg.reduce, linalg.map): a signature,
  /// whose `%x :` name region arguments.
  bool signatureList(size_t i) const {
    if (!is(i + 1, Tok::SSA) || !is(i + 2, Tok::Colon))
      return false;
    if (is(matching(i) + 1, Tok::LBrace))
      return true;
    if (i == 0)
      return false;
    const Token &prev = toks[i - 1];
    if (prev.kind == Tok::Symbol)
      return true;
    return prev.kind == Tok::Ident &&
           (prev.text == "aie.runtime_sequence" ||
            prev.text == "aiex.runtime_sequence" || prev.text == "workgroup" ||
            prev.text == "private");
  }

  /// The index of the `)` matching the `(` at `i`. Attribute dictionaries
  /// inside are stepped over; on malformed text, the token before a `}` that
  /// closes a region around the list (so that it still closes it), or the
  /// last token.
  size_t matching(size_t i) const {
    int parens = 0, braces = 0;
    for (size_t j = i; j < toks.size(); ++j) {
      switch (toks[j].kind) {
      case Tok::LParen:
        ++parens;
        break;
      case Tok::RParen:
        if (--parens == 0)
          return j;
        break;
      case Tok::LBrace:
        ++braces;
        break;
      case Tok::RBrace:
        if (--braces < 0)
          return j - 1;
        break;
      default:
        break;
      }
    }
    return toks.size() - 1;
  }

  enum class ListMode { BlockArguments, Header, Uses };

  /// Reads the SSA names between `(` at `i` and its `)`: in block arguments
  /// and headers `%x :` defines, everything else uses. Returns the `)`.
  size_t readList(size_t i, ListMode mode) {
    size_t end = matching(i);
    int braces = 0;
    for (size_t j = i + 1; j <= end && j < toks.size(); ++j) {
      if (toks[j].kind == Tok::LBrace)
        ++braces;
      else if (toks[j].kind == Tok::RBrace)
        --braces;
      if (toks[j].kind != Tok::SSA || braces != 0)
        continue;
      if (mode != ListMode::Uses && is(j + 1, Tok::Colon)) {
        if (mode == ListMode::BlockArguments)
          define(toks[j].text, toks[j].offset, cur());
        else
          addHeader(toks[j]);
      } else {
        use(toks[j].text, toks[j].offset);
      }
    }
    return end;
  }

  void addHeader(const Token &tok) {
    if (headerGroup != cur())
      header.clear();
    headerGroup = cur();
    header.push_back({tok.text, tok.offset});
  }

  /// `%a, %b:2, %c =` starting at `i`: the end of the list (the `=`), or 0.
  size_t resultList(size_t i) const {
    size_t j = i;
    while (is(j, Tok::SSA)) {
      ++j;
      if (is(j, Tok::Colon) && is(j + 1, Tok::Number))
        j += 2;
      if (is(j, Tok::Equal))
        return j;
      if (!is(j, Tok::Comma))
        return 0;
      ++j;
    }
    return 0;
  }

  bool startsStatement(const Token &tok) const {
    if (!tok.lineStart || open.back().parens != 0)
      return false;
    return tok.kind == Tok::SSA || tok.kind == Tok::Block ||
           tok.kind == Tok::RBrace ||
           (tok.kind == Tok::Ident && tok.text.contains('.'));
  }

  void step() {
    const Token &tok = toks[t];
    if (resultsGroup == cur() && startsStatement(tok))
      commitResults();
    switch (tok.kind) {
    case Tok::LBrace:
      openGroup();
      return;
    case Tok::RBrace:
      closeGroup();
      return;
    case Tok::Ident:
    case Tok::String:
      if (tok.text.contains('.') && !tok.text.contains(' '))
        open.back().lastOp = tok.text;
      return;
    case Tok::LParen:
      if (headerList(t)) {
        size_t end = matching(t); // headerList saw its `)`
        for (size_t j = t + 1; j < end; ++j)
          if (toks[j].kind == Tok::SSA)
            addHeader(toks[j]);
        t = end;
        return;
      }
      if (signatureList(t)) {
        t = readList(t, ListMode::Header);
        return;
      }
      ++open.back().parens;
      return;
    case Tok::RParen:
      if (open.back().parens > 0)
        --open.back().parens;
      return;
    case Tok::Block:
      // `^bb1(%a: t, ...):` defines block arguments; `^bb1(%a : t)` as a
      // successor uses its operands.
      if (is(t + 1, Tok::LParen)) {
        size_t end = matching(t + 1);
        bool label = is(end + 1, Tok::Colon);
        t = readList(t + 1, label ? ListMode::BlockArguments : ListMode::Uses);
      }
      return;
    case Tok::SSA: {
      const Token *prev = t > 0 ? &toks[t - 1] : nullptr;
      if (is(t + 1, Tok::Equal)) {
        // `%x = op ...` names a result; `%i = %lb`, `%a = %init`, `%i = 0`
        // (loop headers, iter_args, args) name a region argument.
        const Token *after = at(t + 2);
        bool result = after &&
                      ((after->kind == Tok::Ident && after->text != "max" &&
                        after->text != "min") ||
                       after->kind == Tok::String);
        if (result) {
          if (resultsGroup != cur())
            commitResults();
          results.push_back({tok.text, tok.offset});
          resultsGroup = cur();
        } else {
          addHeader(tok);
        }
        ++t;
        return;
      }
      bool continuesList =
          prev && (prev->kind == Tok::Equal || prev->kind == Tok::Comma);
      if (!continuesList)
        if (size_t eq = resultList(t)) {
          if (resultsGroup != cur())
            commitResults();
          for (size_t j = t; j < eq; ++j)
            if (toks[j].kind == Tok::SSA)
              results.push_back({toks[j].text, toks[j].offset});
          resultsGroup = cur();
          t = eq;
          return;
        }
      use(tok.text, tok.offset);
      return;
    }
    default:
      return;
    }
  }
};

} // namespace

std::optional<ParseHazard> aircheck::findParseHazard(StringRef text) {
  return Scanner(text).run();
}
