//===- TokenConsistency.cpp - the three token kinds hold together ---------===//
//
// Seed 000 1.5: dependency (happens-before), affinity (one partition, one
// after the other) and concurrency (overlapping, on distinct resources)
// tokens constrain the lifespans of the ops that list them. This check asks
// z3 (solvers/TokenConstraints) whether a program's constraints can all
// hold: the dependency edges of the ordering model (AsyncGraph: tokens,
// wait_all, execute, loops and their carried tokens, scf.parallel init and
// reduce, branch yields, and the data and channel-order edges of ops
// without tokens), the affinity and concurrency groups, the nesting of ops,
// and with --device the device's tiles. When they cannot, it reports one
// error with a minimal set of constraints that clash, in the program's
// words, and a note at each op involved; when they can, --show-proofs
// prints a witness schedule.
//
// Groups whose token crosses a launch boundary are left to
// launch-token-scope. Programs without affinity or concurrency lists cost
// one walk over their ops.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/DeviceModel.h"
#include "analyses/ResourceFootprint.h"
#include "dialects/AIR/AIRDialect.h"
#include "solvers/TokenConstraints.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>
#include <map>
#include <set>
#include <memory>

using namespace aircheck;
using namespace mlir;

namespace {

/// "@name", or "the 'air.wait_all' at 12:7".
std::string opName(Operation *op) {
  if (auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return "@" + name.getValue().str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "the '" << op->getName() << "'";
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << " at " << loc.getLine() << ":" << loc.getColumn();
  return s;
}

/// The name a token has in the source ("%ta"), read from the line that
/// defines it (in the program's text when lint has it, else in the file
/// its location names); else a description of its producer.
std::string tokenName(Value token, const CheckContext &ctx) {
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> files;
  Operation *def = token.getDefiningOp();
  std::string fallback =
      def ? "the token of " + opName(def) : std::string("a token argument");
  if (!def)
    return fallback;
  auto loc = dyn_cast<FileLineColLoc>(def->getLoc());
  if (!loc)
    return fallback;
  std::string file = loc.getFilename().str();
  StringRef text = ctx.sourceText;
  if (file != ctx.sourceName || text.empty()) {
    auto it = files.find(file);
    if (it == files.end()) {
      auto buf = llvm::MemoryBuffer::getFile(file);
      it = files.emplace(file, buf ? std::move(*buf) : nullptr).first;
    }
    if (!it->second)
      return fallback;
    text = it->second->getBuffer();
  }
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  if (loc.getLine() == 0 || loc.getLine() > lines.size())
    return fallback;
  StringRef line = lines[loc.getLine() - 1];
  StringRef head = line.take_front(loc.getColumn() > 0 ? loc.getColumn() - 1 : 0);
  head = head.trim();
  if (!head.consume_back("="))
    return fallback;
  SmallVector<StringRef> names;
  head.trim().split(names, ',');
  unsigned idx = cast<OpResult>(token).getResultNumber();
  if (names.size() == 1) {
    // "%r:2 = ..." names a pack; only a single result is named plainly.
    StringRef n = names[0].trim();
    if (n.contains(':'))
      return n.split(':').first.str() + "#" + std::to_string(idx);
    return idx == 0 ? n.str() : fallback;
  }
  if (idx < names.size())
    return names[idx].trim().str();
  return fallback;
}

/// The launch a value or op sits in (the op itself excluded), or null.
Operation *enclosingLaunch(Operation *op) {
  for (Operation *p = op ? op->getParentOp() : nullptr; p; p = p->getParentOp())
    if (isa<air::LaunchOp>(p))
      return p;
  return nullptr;
}
Operation *enclosingLaunch(Value v) {
  if (Operation *def = v.getDefiningOp())
    return enclosingLaunch(def);
  Operation *owner = cast<BlockArgument>(v).getOwner()->getParentOp();
  if (isa_and_nonnull<air::LaunchOp>(owner))
    return owner;
  return enclosingLaunch(owner);
}

bool isHappensBefore(AsyncGraph::EdgeKind k) {
  return k != AsyncGraph::EdgeKind::Channel &&
         k != AsyncGraph::EdgeKind::LoopCarried;
}

StringRef edgeWords(AsyncGraph::EdgeKind k) {
  switch (k) {
  case AsyncGraph::EdgeKind::Dependency:
    return "a dependency token";
  case AsyncGraph::EdgeKind::Reduce:
    return "the scf.parallel reduce";
  case AsyncGraph::EdgeKind::Yield:
    return "a token yielded out of a branch";
  case AsyncGraph::EdgeKind::Data:
    return "a data dependence";
  case AsyncGraph::EdgeKind::ChannelOrder:
    return "channel order";
  default:
    return "the ordering model";
  }
}

/// One token-constraint problem: the groups of one launch body (or of
/// function level).
struct Problem {
  Operation *launch = nullptr;
  llvm::MapVector<Value, SmallVector<Operation *>> affinity, concurrency;
};

/// The core's facts in words, with order facts joined into chains:
/// "the chain @A -> the 'air.wait_all' at 10:12 -> @B (a dependency token)
/// orders @A before @B".
std::vector<std::string> chainTexts(const TokenConstraints &tc,
                                    const std::vector<unsigned> &core) {
  using FK = TokenConstraints::Fact::Kind;
  std::map<unsigned, unsigned> next, prev; // op -> fact
  for (unsigned f : core)
    if (tc.fact(f).kind == FK::Order) {
      next[tc.fact(f).ops[0]] = f;
      prev[tc.fact(f).ops[1]] = f;
    }
  std::vector<std::string> out;
  std::set<unsigned> done;
  // Given rectangles that overlap on ops that must be live at once:
  // "@a at columns 0-1 and @b at columns 1-2 overlap, and concurrency %tc
  // requires both to be live at once".
  std::optional<unsigned> distinct;
  std::map<unsigned, unsigned> placeOf;
  for (unsigned f : core) {
    if (tc.fact(f).kind == FK::Distinct)
      distinct = f;
    if (tc.fact(f).kind == FK::Place)
      placeOf[tc.fact(f).ops[0]] = f;
  }
  if (distinct)
    for (unsigned f : core) {
      const TokenConstraints::Fact &F = tc.fact(f);
      if (F.kind != FK::Concurrency || !placeOf.count(F.ops[0]) ||
          !placeOf.count(F.ops[1]))
        continue;
      auto where = [&](unsigned op) {
        std::string t = tc.fact(placeOf[op]).text;
        size_t at = t.find(" is placed at ");
        return at == std::string::npos ? t : t.substr(0, at) + t.substr(at + 10);
      };
      std::string token = F.text.substr(0, F.text.find(" requires "));
      out.push_back(where(F.ops[0]) + " and " + where(F.ops[1]) +
                    " overlap, and " + token +
                    " requires both to be live at once");
      done.insert({f, *distinct, placeOf[F.ops[0]], placeOf[F.ops[1]]});
    }
  for (unsigned f : core) {
    const TokenConstraints::Fact &F = tc.fact(f);
    if (done.count(f))
      continue;
    if (F.kind != FK::Order) {
      out.push_back(F.text);
      continue;
    }
    if (done.count(f) || prev.count(F.ops[0]))
      continue; // not the start of a chain
    std::vector<unsigned> chain{f};
    std::set<unsigned> seen{F.ops[0]};
    for (unsigned o = F.ops[1]; next.count(o) && !seen.count(o); o = tc.fact(next[o]).ops[1]) {
      seen.insert(o);
      chain.push_back(next[o]);
    }
    for (unsigned g : chain)
      done.insert(g);
    if (chain.size() == 1) {
      out.push_back(F.text);
      continue;
    }
    std::string path = tc.op(F.ops[0]).name;
    std::set<std::string> how;
    for (unsigned g : chain) {
      path += " -> " + tc.op(tc.fact(g).ops[1]).name;
      StringRef t = tc.fact(g).text;
      size_t open = t.rfind(" (");
      if (open != StringRef::npos)
        how.insert(t.substr(open + 2).drop_back().str());
    }
    std::vector<std::string> hows(how.begin(), how.end());
    out.push_back("the chain " + path + " (" + llvm::join(hows, "; ") +
                  ") orders " + tc.op(F.ops[0]).name + " before " +
                  tc.op(tc.fact(chain.back()).ops[1]).name);
  }
  // Order facts on a cycle (no chain start): as they are.
  for (unsigned f : core)
    if (tc.fact(f).kind == FK::Order && !done.count(f))
      out.push_back(tc.fact(f).text);
  return out;
}

class TokenConsistency : public Checker {
public:
  llvm::StringRef id() const override { return "token-consistency"; }
  llvm::StringRef summary() const override {
    return "Dependency, affinity and concurrency tokens can all hold together "
           "(seed 000 1.5); z3 names the ones that clash";
  }

  void run(CheckContext &ctx) override {
    // Without affinity or concurrency lists there is nothing to check: one
    // walk over the ops, no analysis built.
    bool lists = ctx.module
                     ->walk([](air::AsyncOpInterface op) {
                       return op.getAffinityTokens().empty() &&
                                      op.getConcurrencyTokens().empty()
                                  ? WalkResult::advance()
                                  : WalkResult::interrupt();
                     })
                     .wasInterrupted();
    if (!lists)
      return;
    const AsyncGraph &g = ctx.analyses.getAnalysis<AsyncGraph>();

    // Group by the launch the token lives in; a group with a member outside
    // that launch crosses a launch boundary (launch-token-scope).
    std::map<Operation *, Problem> problems;
    std::vector<Operation *> order;
    auto collect = [&](const auto &groups, bool isAffinity) {
      for (auto &[token, members] : groups) {
        Operation *scope = enclosingLaunch(token);
        bool crosses = llvm::any_of(members, [&](Operation *m) {
          return enclosingLaunch(m) != scope ||
                 (!isAffinity && isa<air::LaunchOp>(m));
        });
        if (crosses)
          continue;
        SmallVector<Operation *> uniq;
        for (Operation *m : members)
          if (!llvm::is_contained(uniq, m))
            uniq.push_back(m);
        if (!problems.count(scope))
          order.push_back(scope);
        Problem &p = problems[scope];
        p.launch = scope;
        (isAffinity ? p.affinity : p.concurrency)[token] = uniq;
      }
    };
    collect(g.affinityGroups(), true);
    collect(g.concurrencyGroups(), false);

    std::optional<DeviceModel> dev;
    if (!ctx.options.device.empty()) {
      auto d = loadDevice(ctx.options.device, deviceDirectory());
      if (d && d->isAIE() && !d->computeRows().empty())
        dev = *d;
      else if (!d)
        llvm::consumeError(d.takeError()); // resource-fit reports it
    }
    std::unique_ptr<ResourceFootprint> fp;
    for (Operation *scope : order)
      solve(ctx, g, problems[scope], dev, fp);
  }

private:
  void solve(CheckContext &ctx, const AsyncGraph &g, const Problem &pb,
             const std::optional<DeviceModel> &dev,
             std::unique_ptr<ResourceFootprint> &fp) {
    // Members, group by group.
    llvm::SetVector<Operation *> members;
    for (auto *groups : {&pb.affinity, &pb.concurrency})
      for (auto &[t, ms] : *groups)
        members.insert(ms.begin(), ms.end());
    bool pairs = false;
    for (auto *groups : {&pb.affinity, &pb.concurrency})
      for (auto &[t, ms] : *groups)
        pairs |= ms.size() > 1;
    if (!pairs && !dev)
      return; // one op per token and no device: nothing to contradict

    // The nodes that can lie on an order between members: reachable from
    // a member and reaching one, over happens-before edges and nesting.
    auto inScope = [&](Operation *op) {
      return !pb.launch || pb.launch->isProperAncestor(op);
    };
    auto nodeParent = [&](Operation *op) -> Operation * {
      for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
        if (g.nodeOf(p) >= 0)
          return p;
      return nullptr;
    };
    llvm::DenseMap<Operation *, SmallVector<Operation *, 2>> children;
    for (const AsyncGraph::Node &n : g.nodes())
      if (Operation *p = nodeParent(n.op); p && inScope(n.op) && inScope(p))
        children[p].push_back(n.op);
    // Program order (herd bodies, and loop and branch bodies anywhere):
    // what a synchronous op of such a block holds completes before the
    // later ops of the block start. Only the blocks around members.
    llvm::DenseMap<Operation *, SmallVector<Operation *, 2>> progSucc, progPred;
    std::vector<std::pair<Operation *, Operation *>> progEdges;
    {
      llvm::SmallPtrSet<Block *, 8> blocks;
      for (Operation *m : members)
        for (Operation *o = m; o && inScope(o); o = o->getParentOp())
          if (Block *b = o->getBlock(); b && !AsyncGraph::orderedByDependences(b))
            blocks.insert(b);
      auto nodesOf = [&](Operation *item) {
        SmallVector<Operation *, 2> out;
        if (g.nodeOf(item) >= 0) {
          out.push_back(item);
          return out;
        }
        item->walk<WalkOrder::PreOrder>([&](Operation *x) {
          if (x != item && g.nodeOf(x) >= 0) {
            out.push_back(x);
            return WalkResult::skip();
          }
          return WalkResult::advance();
        });
        return out;
      };
      for (Block *b : blocks) {
        SmallVector<Operation *> items;
        for (Operation &op : b->without_terminator())
          items.push_back(&op);
        for (size_t i = 0; i < items.size(); ++i) {
          bool sync = !llvm::any_of(items[i]->getResultTypes(),
                                    llvm::IsaPred<air::AsyncTokenType>);
          if (!sync)
            continue;
          auto from = nodesOf(items[i]);
          if (from.empty())
            continue;
          for (size_t j = i + 1; j < items.size(); ++j)
            for (Operation *y : nodesOf(items[j]))
              for (Operation *x : from) {
                progSucc[x].push_back(y);
                progPred[y].push_back(x);
                progEdges.push_back({x, y});
              }
        }
      }
    }
    auto closure = [&](bool forward) {
      llvm::SetVector<Operation *> seen(members.begin(), members.end());
      for (unsigned i = 0; i < seen.size(); ++i) {
        Operation *op = seen[i];
        int n = g.nodeOf(op);
        if (n >= 0)
          for (unsigned e : forward ? g.nodes()[n].out : g.nodes()[n].in) {
            const AsyncGraph::Edge &E = g.edges()[e];
            Operation *o = g.nodes()[forward ? E.to : E.from].op;
            if (isHappensBefore(E.kind) && inScope(o))
              seen.insert(o);
          }
        if (Operation *p = nodeParent(op); p && inScope(p))
          seen.insert(p);
        for (Operation *c : children.lookup(op))
          seen.insert(c);
        for (Operation *o : (forward ? progSucc : progPred).lookup(op))
          seen.insert(o);
      }
      return seen;
    };
    llvm::SetVector<Operation *> fwd = closure(true), bwd = closure(false);
    llvm::SetVector<Operation *> relevant(members.begin(), members.end());
    for (Operation *op : fwd)
      if (bwd.contains(op))
        relevant.insert(op);
    // Program order.
    SmallVector<Operation *> opsInOrder(relevant.begin(), relevant.end());
    llvm::sort(opsInOrder, [](Operation *a, Operation *b) {
      if (a->getBlock() == b->getBlock())
        return a->isBeforeInBlock(b);
      // Different blocks: an ancestor first, else by location.
      if (a->isProperAncestor(b))
        return true;
      if (b->isProperAncestor(a))
        return false;
      auto la = dyn_cast<FileLineColLoc>(a->getLoc());
      auto lb = dyn_cast<FileLineColLoc>(b->getLoc());
      if (la && lb)
        return std::make_pair(la.getLine(), la.getColumn()) <
               std::make_pair(lb.getLine(), lb.getColumn());
      return a < b;
    });

    // Footprints of members that hold tiles.
    // Tiles matter against a device, rectangles where the program places
    // an op; otherwise the footprints are not built.
    bool needFootprints = false;
    for (Operation *m : members)
      needFootprints |= isa<air::SegmentOp, air::LaunchOp>(m) &&
                        (dev || m->hasAttr("x_loc") || m->hasAttr("y_loc") ||
                         m->hasAttr("x_size") || m->hasAttr("y_size"));
    llvm::DenseMap<Operation *, const SegmentFootprint *> segs;
    llvm::DenseMap<Operation *, const LaunchFootprint *> launches;
    if (needFootprints) {
      if (!fp)
        fp = std::make_unique<ResourceFootprint>(ctx.module, g);
      std::function<void(const SegmentFootprint &)> addSeg =
          [&](const SegmentFootprint &s) {
            segs[s.op] = &s;
            for (const SegmentFootprint &n : s.nested)
              addSeg(n);
          };
      for (const LaunchFootprint &l : fp->launches()) {
        launches[l.op] = &l;
        for (const SegmentFootprint &s : l.segments)
          addSeg(s);
      }
    }

    auto givesPlacement = [](Operation *op) {
      return llvm::any_of(
          ArrayRef<StringRef>{"x_loc", "y_loc", "x_size", "y_size"},
          [&](StringRef a) { return op->hasAttr(a); });
    };
    auto placedByProgram = [&](Operation *op) {
      if (givesPlacement(op))
        return true;
      for (auto &[t, ms] : pb.affinity)
        if (llvm::is_contained(ms, op) && llvm::any_of(ms, givesPlacement))
          return true;
      return false;
    };
    TokenConstraints tc;
    llvm::DenseMap<Operation *, unsigned> id;
    std::vector<Operation *> opOf;
    for (Operation *op : opsInOrder) {
      TokenConstraints::Op o;
      o.name = opName(op);
      if (members.contains(op)) {
        if (auto herd = dyn_cast<air::HerdOp>(op)) {
          std::vector<int64_t> shape;
          bool known = true;
          for (Value s : cast<air::HierarchyOpInterface>(op).getSizeOperands()) {
            auto c = constantIndex(s);
            known = known && c.has_value();
            if (c)
              shape.push_back(*c);
          }
          if (known) {
            int64_t w = shape.empty() ? 1 : shape[0];
            int64_t h = shape.size() > 1 ? shape[1] : 1;
            o.tiles = w * h;
            o.width = w;
            o.height = h;
            if (auto x = op->getAttrOfType<IntegerAttr>("x_loc"))
              o.x = x.getInt();
            if (auto y = op->getAttrOfType<IntegerAttr>("y_loc"))
              o.y = y.getInt();
          }
        } else if (auto it = segs.find(op); it != segs.end()) {
          const SegmentFootprint &s = *it->second;
          if (s.instances.known())
            o.instances = *s.instances.value;
          if (s.tilesPerInstance.known())
            o.tiles = *s.tilesPerInstance.value;
          if (s.xSize && s.ySize) {
            o.width = *s.xSize;
            o.height = *s.ySize;
            o.explicitSize = true;
          } else if (s.nested.empty() && s.herds.size() == 1 &&
                     !s.herds[0].shape.empty()) {
            // One herd: the segment's rectangle is the herd's.
            o.width = s.herds[0].shape[0];
            o.height = s.herds[0].shape.size() > 1 ? s.herds[0].shape[1] : 1;
          }
          o.x = s.xLoc;
          o.y = s.yLoc;
        } else if (auto lit = launches.find(op); lit != launches.end()) {
          if (lit->second->tiles.known())
            o.tiles = *lit->second->tiles.value;
        }
      }
      // Without a device, rectangles matter only where a placement is
      // given: on the op, or on a member of an affinity group it is in.
      if (!dev && o.width && !placedByProgram(op))
        o.width = o.height = std::nullopt;
      id[op] = tc.addOp(o);
      opOf.push_back(op);
    }
    for (Operation *op : opsInOrder)
      for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
        if (id.count(p)) {
          tc.nest(id[op], id[p]);
          break;
        }

    // Dependency edges.
    for (const AsyncGraph::Edge &E : g.edges()) {
      if (!isHappensBefore(E.kind))
        continue;
      Operation *from = g.nodes()[E.from].op, *to = g.nodes()[E.to].op;
      if (!id.count(from) || !id.count(to))
        continue;
      // An op inside the one it feeds (reduce, yield) completes before it.
      if (to->isProperAncestor(from)) {
        tc.addEndsBefore(id[from], id[to],
                         opName(to) + " completes after " + opName(from) +
                             " (" + edgeWords(E.kind).str() + ")");
        continue;
      }
      if (from->isProperAncestor(to))
        continue; // nesting already orders them
      std::string how = edgeWords(E.kind).str();
      if (E.kind == AsyncGraph::EdgeKind::Dependency && isa<scf::ForOp>(to))
        how = "the init of the scf.for's carried token";
      else if (E.kind == AsyncGraph::EdgeKind::Dependency && isa<scf::ForOp>(from))
        how = "the scf.for's result, its carried token";
      tc.addOrder(id[from], id[to],
                  opName(to) + " waits for " + opName(from) + " (" + how + ")");
    }

    for (auto [x, y] : progEdges)
      if (id.count(x) && id.count(y) && !x->isAncestor(y) && !y->isAncestor(x))
        tc.addOrder(id[x], id[y],
                    opName(y) + " waits for " + opName(x) +
                        " (program order after a synchronous op)");

    // Affinity and concurrency groups.
    for (auto &[token, ms] : pb.affinity) {
      std::string t = tokenName(token, ctx);
      for (size_t a = 0; a < ms.size(); ++a)
        for (size_t b = a + 1; b < ms.size(); ++b)
          tc.addAffinity(id[ms[a]], id[ms[b]],
                         "affinity " + t + " requires " + opName(ms[a]) +
                             " and " + opName(ms[b]) +
                             " to run one after the other");
      unsigned placed = 0;
      std::vector<unsigned> mids;
      std::vector<std::string> names;
      for (Operation *m : ms) {
        const TokenConstraints::Op &o = tc.op(id[m]);
        mids.push_back(id[m]);
        std::string n = opName(m);
        if (o.width && o.height)
          n += " (" + std::to_string(*o.width) + "x" + std::to_string(*o.height) +
               (o.explicitSize ? " columns x rows, its x_size and y_size"
                               : " tiles for its herd") +
               ")";
        names.push_back(n);
        placed += o.width.has_value();
      }
      if (placed > 1 || (placed == 1 && ms.size() > 1))
        tc.addPartition(mids, "affinity " + t + " binds " +
                                  llvm::join(names, " and ") +
                                  " to one hardware partition");
    }
    for (auto &[token, ms] : pb.concurrency) {
      std::string t = tokenName(token, ctx);
      for (size_t a = 0; a < ms.size(); ++a)
        for (size_t b = a + 1; b < ms.size(); ++b)
          tc.addConcurrency(id[ms[a]], id[ms[b]],
                            "concurrency " + t + " requires " + opName(ms[a]) +
                                " and " + opName(ms[b]) + " to overlap");
      if (ms.size() > 2) {
        std::vector<unsigned> mids;
        std::vector<std::string> names;
        for (Operation *m : ms) {
          mids.push_back(id[m]);
          names.push_back(opName(m));
        }
        std::string last = names.back();
        names.pop_back();
        tc.addTogether(mids, "concurrency " + t + " requires " +
                                 llvm::join(names, ", ") + " and " + last +
                                 " to be live at one instant");
      }
    }
    // Explicit placements.
    for (Operation *m : members) {
      const TokenConstraints::Op &o = tc.op(id[m]);
      if (!o.width || (!o.x && !o.y) || o.instances != 1)
        continue;
      std::string where = opName(m) + " is placed at";
      if (o.x)
        where += " columns " + std::to_string(*o.x) + "-" +
                 std::to_string(*o.x + *o.width - 1);
      if (o.y)
        where += std::string(o.x ? "," : "") + " rows " + std::to_string(*o.y) +
                 "-" + std::to_string(*o.y + *o.height - 1);
      tc.addPlace(id[m], where);
    }
    if (dev) {
      std::vector<int64_t> rows = dev->computeRows();
      tc.setDevice(dev->name, dev->columns, rows.front(), rows.size());
    }

    std::vector<unsigned> memberIds;
    for (Operation *m : members)
      memberIds.push_back(id[m]);
    // The limits; AIRCHECK_TOKEN_RLIMIT overrides the resource limit (to
    // test what running out looks like).
    unsigned rlimit = 20000000;
    if (const char *env = std::getenv("AIRCHECK_TOKEN_RLIMIT"))
      rlimit = static_cast<unsigned>(std::strtoul(env, nullptr, 10));
    TokenConstraints::Result r = tc.solve(5000, rlimit);
    // The first member in program order.
    Operation *anchor = opOf[*std::min_element(memberIds.begin(), memberIds.end())];
    using Kind = TokenConstraints::Result::Kind;
    if (r.kind == Kind::Unknown) {
      anchor->emitWarning() << "whether the token constraints of this op can "
                               "hold together is unknown: "
                            << r.why;
      return;
    }
    if (r.kind == Kind::Consistent) {
      ctx.proved(anchor->getLoc(),
                 "token constraints hold together (dependency, affinity, "
                 "concurrency" +
                     std::string(dev ? ", " + dev->name + "'s tiles" : "") +
                     "); a witness schedule: " + tc.describe(r, memberIds));
      return;
    }
    // Inconsistent: one error, a note at each op involved.
    std::vector<std::string> texts = chainTexts(tc, r.core);
    llvm::SetVector<unsigned> involved;
    bool capacity = false;
    for (unsigned f : r.core) {
      const TokenConstraints::Fact &F = tc.fact(f);
      capacity |= F.kind == TokenConstraints::Fact::Kind::Capacity ||
                  F.kind == TokenConstraints::Fact::Kind::Distinct;
      for (unsigned o : F.ops)
        involved.insert(o);
    }
    // The error sits at the first member involved, in program order.
    unsigned first = involved.empty() ? id[anchor] : involved.front();
    std::vector<unsigned> sortedInvolved(involved.begin(), involved.end());
    llvm::sort(sortedInvolved);
    for (unsigned o : sortedInvolved)
      if (members.contains(opOf[o])) {
        first = o;
        break;
      }
    auto diag = opOf[first]->emitError()
                << "token constraints cannot all hold: "
                << llvm::join(texts, "; ")
                << (r.minimal ? "" : " (the solver ran out before this set "
                                     "was shown minimal)");
    for (unsigned o : sortedInvolved) {
      std::vector<std::string> roles;
      for (unsigned f : r.core) {
        const TokenConstraints::Fact &F = tc.fact(f);
        if (!llvm::is_contained(F.ops, o))
          continue;
        using FK = TokenConstraints::Fact::Kind;
        switch (F.kind) {
        case FK::Order:
          roles.push_back(F.ops[0] == o ? "ordered before " + tc.op(F.ops[1]).name
                                        : "waits for " + tc.op(F.ops[0]).name);
          break;
        case FK::EndsBefore:
          roles.push_back(F.ops[0] == o ? "completes before " + tc.op(F.ops[1]).name
                                        : "completes after " + tc.op(F.ops[0]).name);
          break;
        case FK::Affinity:
          roles.push_back(F.text.substr(0, F.text.find(" requires ")) + " with " +
                          tc.op(F.ops[0] == o ? F.ops[1] : F.ops[0]).name +
                          ", one after the other");
          break;
        case FK::Concurrency:
          roles.push_back(F.text.substr(0, F.text.find(" requires ")) + " with " +
                          tc.op(F.ops[0] == o ? F.ops[1] : F.ops[0]).name +
                          ", overlapping");
          break;
        case FK::Together:
          roles.push_back(F.text.substr(0, F.text.find(" requires ")) +
                          ", live at one instant with the " +
                          std::to_string(F.ops.size() - 1) + " others");
          break;
        case FK::Partition: {
          const TokenConstraints::Op &O = tc.op(o);
          std::string role = F.text.substr(0, F.text.find(" binds ")) +
                             ": shares one partition";
          if (O.width && O.height)
            role += (O.explicitSize ? ", reserves " : ", needs ") +
                    std::to_string(*O.width) + "x" + std::to_string(*O.height) +
                    (O.explicitSize ? " (x_size, y_size)" : " tiles for its herd");
          roles.push_back(role);
          break;
        }
        case FK::Place:
          roles.push_back(F.text.substr(tc.op(o).name.size() + 1));
          break;
        default:
          break;
        }
      }
      const TokenConstraints::Op &O = tc.op(o);
      if (capacity && O.tiles) {
        int64_t n = *O.tiles * O.instances;
        std::string role = "holds " + std::to_string(n) + " compute tile" +
                           (n == 1 ? "" : "s");
        if (O.instances > 1)
          role += " (" + std::to_string(O.instances) + " instances of " +
                  std::to_string(*O.tiles) + ", all live at once)";
        roles.push_back(role);
      }
      diag.attachNote(opOf[o]->getLoc())
          << O.name << ": " << llvm::join(roles, "; ");
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createTokenConsistency() {
  return std::make_unique<TokenConsistency>();
}
