//===- FifoMatching.cpp - which put meets which get, for every size -------===//
#include "analyses/symbolic/FifoMatching.h"
#include "analyses/ChannelIndices.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace mlir;
using namespace aircheck;

namespace {

[[noreturn]] void fail(const std::string &why, Location loc) {
  throw NotModelled{why, loc};
}

/// One access (put or get) and what the model derives for it.
struct Access {
  ChannelAccess *acc;
  Operation *op;
  std::string fifo;              // the tuple of its FIFO space
  std::string domainTuple;       // "oN[d0, ..., dn]"
  std::vector<std::string> key;  // FIFO coordinates, over d0..dn
  std::vector<std::string> cons; // constraints of a broadcast lift
  unsigned keyArity = 0;
  std::string rank;              // over d0..dn
  std::optional<isl::union_map> at; // op[d] -> F[key, rank], once ranked
};

std::string dimList(const std::vector<Dim> &dims) {
  std::vector<std::string> n;
  for (const Dim &d : dims)
    n.push_back(d.name);
  return llvm::join(n, ", ");
}

std::string coords(char c, unsigned n) {
  std::vector<std::string> v;
  for (unsigned i = 0; i < n; ++i)
    v.push_back(std::string(1, c) + std::to_string(i));
  return llvm::join(v, ", ");
}

/// Elements one transfer moves, when that is a constant.
std::optional<int64_t> volumeOf(Operation *op) {
  auto transfer = cast<air::ChannelOpInterface>(op);
  SmallVector<int64_t, 4> values;
  for (OpFoldResult s : transfer.getMixedAccessSizes()) {
    std::optional<int64_t> c = getConstantIntValue(s);
    if (!c)
      return std::nullopt;
    values.push_back(*c);
  }
  return air::movedElements(op, transfer.isPut(), values,
                            transfer.getMemref().getType());
}

/// Whether `a` comes before `b` in program order: by their ancestors in
/// the innermost block that holds both.
bool textuallyBefore(Operation *a, Operation *b) {
  for (Operation *x = a; x; x = x->getParentOp()) {
    if (!x->getBlock())
      return false;
    if (Operation *y = x->getBlock()->findAncestorOpInBlock(*b))
      return x != y && x->isBeforeInBlock(y);
  }
  return false;
}

/// Paths of at most this many waits are tried before the closure.
constexpr int kMaxHops = 12;

/// "x0, ..., xn, r": a FIFO's coordinates and the rank.
std::string withRank(unsigned n, const std::string &plus = "") {
  std::string c = coords('x', n);
  return c + (c.empty() ? "" : ", ") + "r" + plus;
}

/// The waits on some path from the statement (the op) of a domain to the
/// statement of its range, for each pair `pairs` relates: the paths between
/// their instances use no others.
isl::union_map onPathsBetween(const isl::union_map &waits,
                              const isl::union_map &pairs) {
  auto ends = [](const isl::map &m) {
    return std::make_pair(islx::statementKey(m.get_space().domain()),
                          islx::statementKey(m.get_space().range()));
  };
  llvm::StringMap<std::vector<std::string>> succ, pred;
  std::vector<std::pair<std::string, std::string>> edges;
  waits.foreach_map([&](isl::map m) {
    edges.push_back(ends(m));
    succ[edges.back().first].push_back(edges.back().second);
    pred[edges.back().second].push_back(edges.back().first);
  });
  auto reach = [](const std::string &start,
                  llvm::StringMap<std::vector<std::string>> &next) {
    llvm::StringSet<> seen;
    std::vector<std::string> work{start};
    seen.insert(start);
    while (!work.empty()) {
      std::string v = work.back();
      work.pop_back();
      for (const std::string &w : next[v])
        if (seen.insert(w).second)
          work.push_back(w);
    }
    return seen;
  };
  // An edge is kept when it lies between the two ends of some pair.
  std::set<std::pair<std::string, std::string>> kept;
  std::set<std::pair<std::string, std::string>> done;
  pairs.foreach_map([&](isl::map m) {
    auto [from, to] = ends(m);
    if (!done.insert({from, to}).second)
      return;
    llvm::StringSet<> forward = reach(from, succ), backward = reach(to, pred);
    for (auto &e : edges)
      if (forward.count(e.first) && backward.count(e.first) &&
          forward.count(e.second) && backward.count(e.second))
        kept.insert(e);
  });
  isl::union_map result = isl::union_map::empty(waits.ctx());
  waits.foreach_map([&](isl::map m) {
    if (kept.count(ends(m)))
      result = result.unite(m);
  });
  return result;
}

} // namespace

FifoMatching::FifoMatching(ModuleOp module, InstanceOrder &order,
                           ChannelModel &channels, bool severalPlaces)
    : partnerWaits(isl::union_map::empty(order.poly().ctx())),
      meetsAll(partnerWaits) {
  PolyhedralModel &poly = order.poly();
  isl::ctx ctx = poly.ctx();
  std::optional<isl::union_map> closure;
  auto happensBefore = [&]() -> isl::union_map {
    if (!closure) {
      isl_bool exact = isl_bool_false;
      isl::union_map w = order.waits();
      isl_union_map *c = isl_union_map_transitive_closure(w.copy(), &exact);
      c = islx::checked(ctx.get(), c);
      if (exact != isl_bool_true) {
        isl_union_map_free(c);
        fail("the order of the transfers at a FIFO needs the transitive "
             "closure of the ordering model's waits, which isl computes only "
             "approximately here",
             module.getLoc());
      }
      closure = isl::manage(c);
    }
    return *closure;
  };
  // Each FIFO side's consecutive instances (`next`), checked once every
  // side is known: first against paths of at most a few waits (an
  // under-approximation of happens-before, enough for the usual program
  // order and token chains, computed once for all sides), then, for a side
  // they do not cover, against the transitive closure.
  struct Consecutive {
    isl::union_map next;
    std::string channel;
    Location loc;
  };
  std::vector<Consecutive> consecutive;
  llvm::DenseMap<Operation *, unsigned> launchIndex;
  module.walk([&](air::LaunchOp l) { launchIndex[l] = launchIndex.size(); });

  unsigned channelNo = 0;
  for (ChannelInfo &c : channels.channels()) {
    ++channelNo;
    if (c.puts.empty() && c.gets.empty())
      continue;
    if (c.puts.empty() || c.gets.empty())
      fail("channel @" + c.decl.getSymName().str() + " has " +
               (c.puts.empty() ? "gets but no put" : "puts but no get"),
           c.decl.getLoc());
    bool host = false;
    for (auto *side : {&c.puts, &c.gets})
      for (ChannelAccess &a : *side)
        host |= !a.op->getParentOfType<air::LaunchOp>();
    std::optional<int64_t> volume;
    std::vector<Access> puts, gets;
    for (auto *side : {&c.puts, &c.gets}) {
      for (ChannelAccess &a : *side) {
        if (a.unknown)
          fail(a.unknown->reason, a.unknown->loc);
        std::optional<int64_t> v = volumeOf(a.op);
        if (!v || (volume && *v != *volume))
          fail("the transfers on channel @" + c.decl.getSymName().str() +
                   " do not all move the same constant number of elements",
               a.op->getLoc());
        volume = v;
        const Instances &in = poly.instancesOf(a.op);
        const InstanceOrder::Node &n = order.node(a.op);
        if (in.boxes.size() != 1)
          fail("a transfer's instances are not one box (a condition splits "
               "them), so its place at its FIFO is not one affine function",
               a.op->getLoc());
        Access x;
        x.acc = &a;
        x.op = a.op;
        Operation *launch = a.op->getParentOfType<air::LaunchOp>();
        x.fifo = "f" + std::to_string(channelNo) + "_" +
                 (host ? std::string("h")
                       : std::to_string(launchIndex.lookup(launch)));
        x.domainTuple = n.name + "[" + dimList(in.dims) + "]";
        if (!host)
          for (const Dim &d : in.dims)
            if (d.kind == Dim::Kind::LaunchId)
              x.key.push_back(d.name);
        // The index, in the space the op addresses; a put on a broadcast
        // channel is lifted to every destination it feeds.
        bool isPut = a.isPut;
        auto indices = channelIndices(a.transfer());
        ArrayRef<int64_t> space = (!isPut && c.isBroadcast())
                                      ? ArrayRef<int64_t>(c.broadcastShape)
                                      : ArrayRef<int64_t>(c.shape);
        std::vector<std::string> exprs;
        for (unsigned k = 0; k < space.size(); ++k) {
          if (indices.empty() || (!isPut && c.isBroadcast() && space[k] == 1)) {
            exprs.push_back("0");
            continue;
          }
          AffineResult r = poly.affine(indices[k], in);
          if (r.unknown)
            fail(r.unknown->reason, r.unknown->loc);
          exprs.push_back("(" + r.expr + ")");
        }
        unsigned base = x.key.size();
        for (unsigned k = 0; k < exprs.size(); ++k) {
          std::string xk = "x" + std::to_string(base + k);
          if (isPut && c.isBroadcast() && c.shape[k] == 1 &&
              c.broadcastShape[k] != 1)
            x.cons.push_back("0 <= " + xk + " < " +
                             std::to_string(c.broadcastShape[k]));
          else
            x.cons.push_back(xk + " = " + exprs[k]);
        }
        x.keyArity = base + exprs.size();
        (isPut ? puts : gets).push_back(std::move(x));
      }
    }

    // `op[d] -> F[key]` (without the rank).
    auto keyMap = [&](const Access &a) {
      std::vector<std::string> cons = a.cons;
      std::string lhs;
      for (unsigned k = 0; k < a.key.size(); ++k)
        cons.push_back("x" + std::to_string(k) + " = " + a.key[k]);
      std::string text = poly.paramList() + " -> { " + a.domainTuple + " -> " +
                         a.fifo + "[" + coords('x', a.keyArity) + "]" +
                         (cons.empty() ? "" : " : " + llvm::join(cons, " and ")) +
                         " }";
      return isl::union_map(isl::map(ctx, text))
          .intersect_domain(isl::union_set(order.node(a.op).domain));
    };
    // `op[d] -> F[key, r]` with r the rank plus `lag`.
    auto rankMap = [&](const Access &a, int64_t lag) {
      std::vector<std::string> cons = a.cons;
      for (unsigned k = 0; k < a.key.size(); ++k)
        cons.push_back("x" + std::to_string(k) + " = " + a.key[k]);
      cons.push_back("r = " + a.rank + (lag ? " + " + std::to_string(lag) : ""));
      std::string text = poly.paramList() + " -> { " + a.domainTuple + " -> " +
                         a.fifo + "[" + withRank(a.keyArity) + "] : " +
                         llvm::join(cons, " and ") + " }";
      return isl::union_map(isl::map(ctx, text))
          .intersect_domain(isl::union_set(order.node(a.op).domain));
    };

    for (std::vector<Access> *side : {&puts, &gets}) {
      ++sides;
      // Ops that reach a common FIFO feed it together.
      llvm::EquivalenceClasses<unsigned> groups;
      std::vector<isl::union_map> keys;
      for (unsigned i = 0; i < side->size(); ++i) {
        groups.insert(i);
        keys.push_back(keyMap((*side)[i]));
      }
      for (unsigned i = 0; i < side->size(); ++i)
        for (unsigned j = i + 1; j < side->size(); ++j)
          if (!keys[i].apply_range(keys[j].reverse()).is_empty())
            groups.unionSets(i, j);
      for (auto it = groups.begin(); it != groups.end(); ++it) {
        if (!(*it)->isLeader())
          continue;
        std::vector<unsigned> members(groups.member_begin(**it),
                                      groups.member_end());
        Operation *first = (*side)[members.front()].op;
        for (unsigned m : members) {
          Operation *op = (*side)[m].op;
          if (op->getBlock() != first->getBlock() && !severalPlaces)
            throw NotModelled{"transfers from different places feed one FIFO "
                              "of @" + c.decl.getSymName().str() +
                                  " (ranked by turns only when the run "
                                  "cannot decide)",
                              op->getLoc(), /*severalPlaces=*/true};
          if (op->getBlock() == first->getBlock() &&
              !keys[m].is_equal(order.link(op, first).apply_range(
                  keys[members.front()])))
            fail("transfers of one block feed a FIFO of @" +
                     c.decl.getSymName().str() + " in different iterations",
                 op->getLoc());
        }
        // In program order: by the ops in the innermost block that holds
        // (an ancestor of) each of them. Transfers from different places
        // (two loops of one body, a ping and a pong) take turns by blocks
        // of their own instances. Whatever order this gives is checked
        // below against the ordering model, so it only has to be a guess
        // that holds where the program is what it looks like.
        llvm::sort(members, [&](unsigned a, unsigned b) {
          return textuallyBefore((*side)[a].op, (*side)[b].op);
        });
        // Per member: which of its dims the FIFO determines (the spatial
        // ones must be: one process feeds it); the loop counters it does
        // not are its sequence. Those of loops around every member are the
        // common sequence; the others are the member's own.
        std::vector<std::vector<unsigned>> sequence(members.size());
        for (auto [pos, m] : llvm::enumerate(members)) {
          Operation *op = (*side)[m].op;
          const Instances &in = poly.instancesOf(op);
          isl::union_map same = keys[m].apply_range(keys[m].reverse());
          for (unsigned d = 0; d < in.dims.size(); ++d) {
            const Dim &dim = in.dims[d];
            bool spatial = !dim.temporal() ||
                           (host && dim.kind == Dim::Kind::LaunchId);
            if (dim.kind == Dim::Kind::LaunchId && !host)
              continue; // part of the FIFO
            isl::set dom = order.node(op).domain;
            isl::map eq = isl::manage(isl_map_equate(
                isl_map_universe(isl_space_map_from_set(
                    isl_set_get_space(dom.get()))),
                isl_dim_in, d, isl_dim_out, d));
            if (same.is_subset(isl::union_map(eq)))
              continue;
            if (spatial)
              fail("several " + std::string(dim.kindName()) +
                       " instances issue transfers to one FIFO of @" +
                       c.decl.getSymName().str() +
                       ", so the order they meet it in is not fixed",
                   op->getLoc());
            sequence[pos].push_back(d);
          }
        }
        auto dimOf = [&](unsigned pos, unsigned d) -> const Dim & {
          return poly.instancesOf((*side)[members[pos]].op).dims[d];
        };
        auto aroundAll = [&](const Dim &dim) {
          for (unsigned m : members) {
            const Instances &in = poly.instancesOf((*side)[m].op);
            if (llvm::none_of(in.dims, [&](const Dim &e) {
                  return e.owner == dim.owner && e.iv == dim.iv;
                }))
              return false;
          }
          return true;
        };
        // The common sequence, from the first member; every member must
        // have it as its sequence's prefix.
        std::vector<const Dim *> common;
        for (unsigned d : sequence[0])
          if (aroundAll(dimOf(0, d)))
            common.push_back(&dimOf(0, d));
        for (size_t pos = 0; pos < members.size(); ++pos) {
          bool prefix = sequence[pos].size() >= common.size();
          for (size_t s = 0; prefix && s < common.size(); ++s)
            prefix = dimOf(pos, sequence[pos][s]).owner == common[s]->owner;
          for (size_t s = common.size(); prefix && s < sequence[pos].size();
               ++s)
            prefix = !aroundAll(dimOf(pos, sequence[pos][s]));
          if (!prefix)
            fail("transfers from different places feed one FIFO of @" +
                     c.decl.getSymName().str() +
                     " and the FIFO does not determine the same loops for "
                     "each, so the order in which they are issued is not "
                     "one process's program order",
                 (*side)[members[pos]].op->getLoc());
        }
        // The lexicographic position over a run of dims of one op: the
        // first may run for any trip count (when `open`), the others need a
        // constant one; `extent` gets the number of points of a run that is
        // not open.
        auto linear = [&](unsigned pos, size_t from, size_t to, bool open,
                          int64_t &extent) {
          Operation *op = (*side)[members[pos]].op;
          const Instances &in = poly.instancesOf(op);
          const Box &box = in.boxes.front();
          std::string lin = "0";
          extent = 1;
          for (size_t s = from; s < to; ++s) {
            unsigned d = sequence[pos][s];
            for (const isl::pw_aff &lb : box.lbs[d])
              if (!isl_pw_aff_is_cst(lb.get()) ||
                  lb.max_val().get_num_si() != 0)
                fail("a loop around a transfer has a lower bound other than "
                     "its start (a condition restricts it)",
                     op->getLoc());
            std::vector<bool> only(in.dims.size(), false);
            only[d] = true;
            isl::pw_aff count = poly.boxCount(in, box, only).front();
            bool constant = isl_pw_aff_is_cst(count.get());
            if (s == from && open) {
              lin = in.dims[d].name;
              continue;
            }
            if (!constant)
              fail("the trip count of an inner loop around a transfer is "
                   "not a constant, so its place at its FIFO is not affine",
                   op->getLoc());
            int64_t n = count.max_val().get_num_si();
            lin = "(" + lin + ") * " + std::to_string(n) + " + " +
                  in.dims[d].name;
            extent *= n;
          }
          return lin;
        };
        // rank = (turn length) * (common position) + (the member's offset
        // in the turn) + (its position among its own instances).
        std::vector<std::string> own(members.size());
        std::vector<int64_t> offset(members.size());
        int64_t turn = 0;
        for (size_t pos = 0; pos < members.size(); ++pos) {
          int64_t n = 1;
          own[pos] = linear(pos, common.size(), sequence[pos].size(),
                            /*open=*/false, n);
          offset[pos] = turn;
          turn += n;
        }
        for (size_t pos = 0; pos < members.size(); ++pos) {
          int64_t unused = 0;
          std::string lin =
              linear(pos, 0, common.size(), /*open=*/true, unused);
          (*side)[members[pos]].rank =
              std::to_string(turn) + " * (" + lin + ") + " +
              std::to_string(offset[pos]) + " + (" + own[pos] + ")";
        }
        // Issued in that order: each instance happens before the next one at
        // its FIFO under the ordering model.
        isl::union_map at = isl::union_map::empty(ctx);
        for (unsigned m : members) {
          (*side)[m].at = rankMap((*side)[m], 0);
          at = at.unite(*(*side)[m].at);
        }
        const Access &a0 = (*side)[members.front()];
        if (!at.is_injective())
          fail("two transfers at one FIFO of @" + c.decl.getSymName().str() +
                   " get one place in its order (their loops overlap in a "
                   "way the model does not rank)",
               first->getLoc());
        // Each place's successor: the next rank taken at its FIFO (not
        // rank + 1: a FIFO the loops reach only in some trips leaves gaps).
        std::string x = coords('x', a0.keyArity);
        if (!x.empty())
          x += ", ";
        std::string later = "{ " + a0.fifo + "[" + x + "r] -> " + a0.fifo +
                            "[" + x + "s] : s > r }";
        isl::union_set places = at.range();
        isl::union_map successor =
            isl::union_map(isl::map(ctx, later))
                .intersect_domain(places)
                .intersect_range(places)
                .lexmin();
        isl::union_map next =
            at.apply_range(successor).apply_range(at.reverse());
        if (!next.is_empty())
          consecutive.push_back(
              {next, c.decl.getSymName().str(), first->getLoc()});
      }
    }

    // The matching, and the waits it adds.
    isl::union_map putAt = isl::union_map::empty(ctx),
                   getAt = putAt, getLagged = putAt;
    int64_t depth = c.decl.getDepthOrDefault();
    for (const Access &p : puts)
      putAt = putAt.unite(*p.at);
    for (const Access &g : gets) {
      getAt = getAt.unite(*g.at);
      getLagged = getLagged.unite(rankMap(g, depth - 1));
    }
    isl::union_map meets = putAt.apply_range(getAt.reverse());
    isl::union_map frees = putAt.apply_range(getLagged.reverse());
    meetsAll = meetsAll.unite(meets);
    // Balance, FIFO by FIFO: the places (FIFO, rank) the puts fill are the
    // places the gets take, for every value of the sizes.
    if (!putAt.range().is_equal(getAt.range()))
      fail("the puts and gets of @" + c.decl.getSymName().str() +
               " do not take the same places at its FIFOs (unbalanced, or "
               "ranked differently)",
           c.decl.getLoc());
    for (const Access &p : puts)
      partnerWaits = partnerWaits.unite(order.startOf(p.op).apply_range(meets));
    for (const Access &g : gets)
      partnerWaits =
          partnerWaits.unite(order.startOf(g.op).apply_range(frees.reverse()));
  }

  if (consecutive.empty())
    return;
  isl::union_map all = isl::union_map::empty(ctx);
  for (const Consecutive &c : consecutive)
    all = all.unite(c.next);
  isl::union_map waits = onPathsBetween(order.waits(), all);
  isl::union_map step = waits.intersect_domain(all.domain());
  isl::union_map reached = step;
  // A loop body of a few ops chained by tokens (a get, the compute that
  // waits for it, the frees, the wait_all the loop yields, the next trip's
  // iter_arg) is some five waits from one trip's transfer to the next's;
  // each hop costs one composition, the closure many.
  for (int len = 1; len < kMaxHops && !all.is_subset(reached) &&
                    !step.is_empty();
       ++len) {
    step = step.apply_range(waits);
    reached = reached.unite(step);
  }
  for (const Consecutive &c : consecutive)
    if (!c.next.is_subset(reached) && !c.next.is_subset(happensBefore()))
      fail("the transfers at a FIFO of @" + c.channel +
               " are not ordered by tokens or program order, so which "
               "partner each meets depends on the schedule",
           c.loc);
}
