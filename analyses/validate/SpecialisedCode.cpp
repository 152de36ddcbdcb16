//===- SpecialisedCode.cpp - a core's code as one instance's body ---------===//
#include "analyses/validate/SpecialisedCode.h"

#include "analyses/MemrefRoots.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// Forms are hash-consed: a form is a token naming its entry in a table
/// both sides share, whose key is the form's text with its parts' tokens
/// in it. Equal tokens are equal forms, and a form's size does not grow
/// with how often its parts are reused (x1 = x0 + x0, x2 = x1 + x1, ...
/// doubles a form's text at each step).
class FormTable {
public:
  /// The token of the form whose key is `key`.
  std::string intern(const std::string &key) {
    auto [it, fresh] = ids.try_emplace(key, shown.size());
    if (fresh) {
      shown.push_back(render(key));
      keys.push_back(&it->first); // a std::map's keys stay where they are
    }
    return std::string(1, kOpen) + std::to_string(it->second) + kClose;
  }
  /// Where two different forms first differ: while both are the same text
  /// around as many parts, the first pair of parts that differ; then the
  /// two forms there, written out.
  std::pair<std::string, std::string> innermost(std::string a,
                                                std::string b) const {
    for (int steps = 0; steps < 1000 && a != b; ++steps) {
      std::optional<unsigned> ia = idOf(a), ib = idOf(b);
      if (!ia || !ib)
        break;
      std::string textA, textB;
      SmallVector<std::string> partsA, partsB;
      split(*keys[*ia], textA, partsA);
      split(*keys[*ib], textB, partsB);
      if (textA != textB || partsA.size() != partsB.size())
        break;
      size_t k = 0;
      while (k < partsA.size() && partsA[k] == partsB[k])
        ++k;
      if (k == partsA.size())
        break;
      a = partsA[k];
      b = partsB[k];
    }
    return {render(a, kPart), render(b, kPart)};
  }
  /// `text` with each token written out (at most kShown characters a form:
  /// for messages).
  std::string render(llvm::StringRef text, size_t part = kShown) const {
    // A whole token: its form's key, its parts at most `part` long each.
    if (part < kShown)
      if (std::optional<unsigned> id = idOf(text))
        text = *keys[*id];
    std::string out;
    while (!text.empty() && out.size() < kShown) {
      size_t open = text.find(kOpen);
      out += text.take_front(open).str();
      if (open == llvm::StringRef::npos)
        break;
      text = text.drop_front(open + 1);
      size_t close = text.find(kClose);
      unsigned id = 0;
      if (close == llvm::StringRef::npos ||
          text.take_front(close).getAsInteger(10, id) || id >= shown.size())
        break;
      out += shown[id].size() > part ? shown[id].substr(0, part) + "..."
                                      : shown[id];
      text = text.drop_front(close + 1);
    }
    if (out.size() > kShown)
      out = out.substr(0, kShown) + "...";
    return out;
  }

private:
  static constexpr char kOpen = '\x01', kClose = '\x02';
  static constexpr size_t kShown = 400, kPart = 60;
  std::map<std::string, unsigned> ids;
  std::vector<std::string> shown;        // each form written out, capped
  std::vector<const std::string *> keys; // each form's key, in `ids`

  /// The entry a token names (a whole token, nothing around it).
  std::optional<unsigned> idOf(llvm::StringRef token) const {
    unsigned id = 0;
    if (token.size() < 3 || token.front() != kOpen || token.back() != kClose ||
        token.drop_front().drop_back().getAsInteger(10, id) ||
        id >= keys.size())
      return std::nullopt;
    return id;
  }
  /// A key's text with each part's token as a mark, and its parts.
  static void split(llvm::StringRef key, std::string &text,
                    SmallVector<std::string> &parts) {
    while (!key.empty()) {
      size_t open = key.find(kOpen);
      text += key.take_front(open).str();
      if (open == llvm::StringRef::npos)
        return;
      size_t close = key.find(kClose, open);
      if (close == llvm::StringRef::npos)
        return;
      parts.push_back(key.slice(open, close + 1).str());
      text += kOpen;
      key = key.drop_front(close + 1);
    }
  }
};

/// The forms of one side's values (the herd body, or the core).
class Forms {
public:
  /// `herdSide`: a kernel argument names its operand's buffer (an L1
  /// buffer from outside the herd is the core's own copy).
  /// `base`: the loops around every compared op (a core's code may sit in
  /// loops over the rounds it runs, which the herd body does not have); a
  /// loop's depth is counted from there.
  Forms(FormTable &table, llvm::DenseMap<Value, Attribute> known,
        std::map<Operation *, int> buffers, bool herdSide, int base)
      : table(table), known(std::move(known)), buffers(std::move(buffers)),
        links(ViewLinks | CastLinks | ExecuteLinks |
              (herdSide ? KernelArgLinks : 0u)),
        base(base) {}

  /// Loops around `op` inside its herd body or core.
  static int loopDepth(Operation *op) {
    int d = 0;
    for (Operation *p = op->getParentOp();
         p && !isa<air::HerdOp>(p) && p->getName().getStringRef() != "aie.core";
         p = p->getParentOp())
      if (isa<scf::ForOp, affine::AffineForOp, scf::ParallelOp>(p))
        ++d;
    return d;
  }

  /// The loops around every op of `ops` (inside the herd body or core).
  static int commonLoops(ArrayRef<Operation *> ops) {
    int d = 0;
    if (ops.empty())
      return 0;
    for (Operation *p = ops.front()->getParentOp();
         p && !isa<air::HerdOp>(p) && p->getName().getStringRef() != "aie.core";
         p = p->getParentOp())
      if (isa<scf::ForOp, affine::AffineForOp, scf::ParallelOp>(p) &&
          llvm::all_of(ops, [&](Operation *op) { return p->isAncestor(op); }))
        ++d;
    return d;
  }

  /// What a memory operation does besides its operands: its attributes
  /// and the values its regions yield (a linalg.generic's body).
  std::string extras(Operation *op) {
    return table.intern(attributes(op) + regions(op, 0));
  }

  std::string of(Value v, int depth = 0) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    std::string f = table.intern(compute(v, depth));
    memo[v] = f;
    return f;
  }

private:
  FormTable &table;
  llvm::DenseMap<Value, Attribute> known; // values given (the ids)
  std::map<Operation *, int> buffers;     // root -> pair number
  unsigned links;                         // how a memref reaches its root
  int base;                               // loops around every compared op
  llvm::DenseMap<Value, std::string> memo; // value -> its form's token

  static std::string text(Attribute a) {
    std::string s;
    llvm::raw_string_ostream os(s);
    if (auto i = dyn_cast<IntegerAttr>(a))
      os << "#" << i.getValue().getSExtValue(); // any integer type
    else
      a.print(os);
    return s;
  }

  /// The constant `v` folds to, if any.
  Attribute constant(Value v, int depth) {
    if (Attribute a = known.lookup(v))
      return a;
    Attribute a;
    if (matchPattern(v, m_Constant(&a)))
      return a;
    Operation *def = v.getDefiningOp();
    if (!def || depth > 32 || def->getNumRegions() || def->getNumResults() != 1)
      return {};
    SmallVector<Attribute> operands;
    for (Value o : def->getOperands()) {
      Attribute c = constant(o, depth + 1);
      if (!c)
        return {};
      operands.push_back(c);
    }
    SmallVector<OpFoldResult> results;
    if (failed(def->fold(operands, results)) || results.size() != 1)
      return {};
    return dyn_cast<Attribute>(results.front());
  }

  std::string compute(Value v, int depth) {
    if (depth > 64)
      return "?deep";
    if (Attribute c = constant(v, depth))
      return text(c);
    if (isa<BaseMemRefType>(v.getType())) {
      Operation *root = memrefRootOp(v, links);
      auto b = buffers.find(root);
      std::string base = b == buffers.end() ? "?buffer" : "buf" + std::to_string(b->second);
      // The views on the way, outermost last (an air.execute that yields
      // the memref is no view: the async form of the same value).
      std::string views;
      for (Value w = v; w;
           w = memrefSource(w, ViewLinks | CastLinks | ExecuteLinks)) {
        Operation *def = w.getDefiningOp();
        if (!def || def == root)
          break;
        if (!isa<air::ExecuteOp>(def))
          views += "/" + opForm(def, depth, /*memrefs=*/false);
      }
      return base + views;
    }
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        if (arg == loop.getInductionVar())
          return "iv(" + of(loop.getLowerBound(), depth + 1) + "," +
                 of(loop.getUpperBound(), depth + 1) + "," +
                 of(loop.getStep(), depth + 1) + ")@" +
                 std::to_string(loopDepth(loop) - base);
        return "iter" + std::to_string(arg.getArgNumber()) + "@" +
               std::to_string(loopDepth(loop) - base);
      }
      return "arg" + std::to_string(arg.getArgNumber()) + "@" +
             owner->getName().getStringRef().str();
    }
    Operation *def = v.getDefiningOp();
    unsigned n = cast<OpResult>(v).getResultNumber();
    // An air.execute's value is what its body yields (the core holds the
    // body's ops without the execute): its form is that value's.
    if (auto exec = dyn_cast<air::ExecuteOp>(def)) {
      Operation *term = exec.getRegion().front().getTerminator();
      unsigned skip = def->getNumResults() - term->getNumOperands();
      if (n >= skip)
        return of(term->getOperand(n - skip), depth + 1);
    }
    return opForm(def, depth, true) + "/r" + std::to_string(n);
  }

  /// `name=value` of each attribute but the symbol name.
  static SmallVector<std::string> attributeParts(Operation *op) {
    SmallVector<std::string> parts;
    for (NamedAttribute a : op->getAttrDictionary())
      if (a.getName() != "sym_name")
        parts.push_back(a.getName().str() + "=" + text(a.getValue()));
    return parts;
  }
  static std::string attributes(Operation *op) {
    SmallVector<std::string> parts = attributeParts(op);
    return parts.empty() ? "" : "[" + llvm::join(parts, ",") + "]";
  }

  /// The values each block of `op`'s regions yields, by their forms (an
  /// scf.for's result is what its body computes from its iter_args, a
  /// linalg.generic's what its body computes from its elements).
  std::string regions(Operation *op, int depth) {
    std::string s;
    for (Region &r : op->getRegions())
      for (Block &b : r) {
        SmallVector<std::string> parts;
        if (!b.empty() && b.back().hasTrait<OpTrait::IsTerminator>())
          for (Value o : b.back().getOperands())
            parts.push_back(of(o, depth + 1));
        s += "{" + llvm::join(parts, ",") + "}";
      }
    return s;
  }

  std::string opForm(Operation *op, int depth, bool memrefs) {
    std::string s = op->getName().getStringRef().str();
    SmallVector<std::string> parts = attributeParts(op);
    for (Value o : op->getOperands())
      if (memrefs || !isa<BaseMemRefType>(o.getType()))
        parts.push_back(of(o, depth + 1));
    return s + "(" + llvm::join(parts, ",") + ")" + regions(op, depth);
  }
};

} // namespace

bool aircheck::validate::sameComputation(
    ArrayRef<Operation *> herdOps, ArrayRef<Operation *> coreOps,
    const std::map<Operation *, Operation *> &allocs, air::HerdOp herd,
    ArrayRef<int64_t> ids, ArrayRef<std::pair<Value, int64_t>> bound,
    std::string &why) {
  if (herdOps.size() != coreOps.size()) {
    why = "their memory operations differ in number";
    return false;
  }
  std::map<Operation *, int> herdBufs, coreBufs;
  for (auto [k, pair] : llvm::enumerate(allocs)) {
    herdBufs[pair.first] = k;
    coreBufs[pair.second] = k;
  }
  llvm::DenseMap<Value, Attribute> given;
  Builder b(herd.getContext());
  auto hier = cast<air::HierarchyOpInterface>(herd.getOperation());
  for (auto [id, value] : llvm::zip(hier.getIds(), ids))
    given[id] = b.getIndexAttr(value);
  for (auto [arg, value] : bound)
    given[arg] = arg.getType().isIndex()
                     ? Attribute(b.getIndexAttr(value))
                     : Attribute(b.getIntegerAttr(arg.getType(), value));
  // The herd's sizes, where they are constants.
  for (auto [arg, size] :
       llvm::zip(hier.getSizeArgs(), hier.getSizeOperands())) {
    Attribute c;
    if (matchPattern(size, m_Constant(&c)))
      given[arg] = c;
  }
  FormTable table;
  Forms h(table, std::move(given), std::move(herdBufs), /*herdSide=*/true,
          Forms::commonLoops(herdOps));
  Forms c(table, llvm::DenseMap<Value, Attribute>(), std::move(coreBufs),
          /*herdSide=*/false, Forms::commonLoops(coreOps));
  for (auto [ho, co] : llvm::zip(herdOps, coreOps)) {
    if (ho->getName() != co->getName() ||
        ho->getNumOperands() != co->getNumOperands()) {
      why = "'" + ho->getName().getStringRef().str() + "' meets '" +
            co->getName().getStringRef().str() + "'";
      return false;
    }
    for (unsigned k = 0; k < ho->getNumOperands(); ++k) {
      std::string hf = h.of(ho->getOperand(k)), cf = c.of(co->getOperand(k));
      if (hf != cf) {
        auto [a, b] = table.innermost(hf, cf);
        why = "operand #" + std::to_string(k) + " of '" +
              ho->getName().getStringRef().str() +
              "' is computed otherwise: the herd body has " + a +
              " where the core has " + b;
        return false;
      }
    }
    std::string he = h.extras(ho), ce = c.extras(co);
    if (he != ce) {
      auto [a, b] = table.innermost(he, ce);
      why = "the attributes or the body of '" +
            ho->getName().getStringRef().str() +
            "' differ: the herd body has " + a + " where the core has " + b;
      return false;
    }
  }
  return true;
}
