//===- SymbolicVerdict.cpp - the data verdict from the functions alone ----===//
#include "analyses/validate/SymbolicVerdict.h"

#include "analyses/aie/AIEDesign.h"
#include "analyses/validate/ProgramRun.h"
#include "analyses/validate/RelationEquality.h"
#include "analyses/validate/CoreCode.h"
#include "analyses/validate/SpecialisedCode.h"
#include "dialects/AIR/AIRDialect.h"

#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// The instances a program function fills: { X[k...] }.
isl::set instancesOf(const isl::pw_multi_aff &f) {
  isl::set d = f.domain();
  unsigned n = d.tuple_dim();
  return isl::manage(isl_set_set_tuple_name(
      isl_set_project_out(d.copy(), isl_dim_set, n - 1, 1), "X"));
}

std::string coreName(Operation *core) {
  std::optional<std::pair<int64_t, int64_t>> t = aiecheck::tileOfOp(core);
  return t ? std::to_string(t->first) + ", " + std::to_string(t->second)
           : std::string("?");
}

std::string plural(size_t n, const char *what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

} // namespace

SymbolicVerdict aircheck::validate::decideSymbolically(
    const ProgramStreams &ps, const StreamRelations &rel,
    const InstanceIdentity &id, const std::vector<int> &argumentOf) {
  SymbolicVerdict v;
  auto undecided = [&](std::string why) {
    v.kind = SymbolicVerdict::Undecided;
    v.why = std::move(why);
    return v;
  };
  auto different = [&](std::string why) {
    v.kind = SymbolicVerdict::Different;
    v.why = std::move(why);
    return v;
  };
  if (!ps.outside.empty())
    return undecided("the program is outside the symbolic model: " +
                     ps.outside);
  if (!rel.notCovered.empty())
    return undecided(plural(rel.notCovered.size(), "core buffer") +
                     " of the design not covered");
  if (!ps.notCovered.empty())
    return undecided(plural(ps.notCovered.size(), "L1 alloc") +
                     " of the program not covered");
  // A core whose data no instance left receives: the design computes
  // what the program does not (or one instance's twice).
  for (auto &[core, why] : id.notNamed)
    if (why == InstanceIdentity::kNoInstance)
      return different("a core (" + coreName(core) +
                       ") receives what no herd instance of its code left "
                       "unnamed receives");
  if (!id.notNamed.empty())
    return undecided(plural(id.notNamed.size(), "core") + " not named");
  if (!rel.resultsNotCovered.empty() || !ps.resultsNotCovered.empty())
    return undecided("results not covered on a side");
  // Each core's buffers against its instance's allocs.
  std::map<Operation *, isl::set> runs; // alloc -> instances some core is
  for (auto &[core, named] : id.named) {
    ++v.cores;
    std::string key = "X[" + keyText(named.key) + "]";
    std::set<Operation *> paired;
    for (auto &[alloc, buffer] : named.bufferOf) {
      auto d = rel.functions.find(buffer);
      auto p = ps.functions.find(alloc);
      paired.insert(alloc);
      if (p != ps.functions.end()) {
        isl::set at(p->second.ctx(), "{ " + key + " }");
        auto [it, fresh] = runs.try_emplace(alloc, at);
        if (!fresh)
          it->second = it->second.unite(at);
      }
      bool programFills =
          p != ps.functions.end() &&
          !atInstance(p->second, named.key).domain().is_empty();
      if (d == rel.functions.end()) {
        if (programFills)
          return different("a core buffer receives nothing where its "
                           "instance (" +
                           keyText(named.key) + ") receives data");
        continue;
      }
      if (p == ps.functions.end())
        return different("a core buffer receives data its alloc does not");
      std::string witness;
      if (!sameRelation(d->second, atInstance(p->second, named.key),
                        argumentOf, witness, id.computedOf))
        return different("instance (" + keyText(named.key) + "): " +
                         witness);
      ++v.buffers;
    }
    // Buffers its code does not name: each some other alloc's fills there.
    for (Operation *buffer : named.unnamed) {
      const isl::pw_multi_aff &f = rel.functions.at(buffer);
      bool found = false;
      for (auto &[alloc, g] : ps.functions) {
        if (paired.count(alloc) ||
            alloc->getParentOfType<air::HerdOp>().getOperation() !=
                named.herd)
          continue;
        std::string witness;
        if (sameRelation(f, atInstance(g, named.key), argumentOf, witness,
                         id.computedOf)) {
          paired.insert(alloc);
          isl::set at(g.ctx(), "{ " + key + " }");
          auto [it, fresh] = runs.try_emplace(alloc, at);
          if (!fresh)
            it->second = it->second.unite(at);
          found = true;
          break;
        }
      }
      if (!found)
        return different("instance (" + keyText(named.key) +
                         "): a core buffer receives what none of its allocs "
                         "does");
      ++v.buffers;
    }
    // Allocs of its herd its code does not name that are filled there.
    for (auto &[alloc, g] : ps.functions)
      if (!paired.count(alloc) &&
          alloc->getParentOfType<air::HerdOp>().getOperation() ==
              named.herd &&
          !atInstance(g, named.key).domain().is_empty())
        return different("instance (" + keyText(named.key) +
                         "): an alloc receives data no buffer of its core "
                         "does");
  }
  // What each core computes: its code is the herd body's, op for op, with
  // its instance's ids put in (SpecialisedCode.h), as the replays' verdict
  // requires.
  for (auto &[core, named] : id.named) {
    auto herd = cast<air::HerdOp>(named.herd);
    size_t r = std::min(segmentRank(herd), named.key.size());
    llvm::ArrayRef<int64_t> key(named.key);
    std::string why;
    if (!sameComputation(named.herdOps, named.coreOps, named.bufferOf, herd,
                         key.drop_front(r),
                         segmentBoundArgs(herd, key.take_front(r)), why))
      return undecided("core (" + coreName(core) +
                       ")'s code is not its herd body's computation: " + why);
    ++v.code;
  }
  // Every instance the program fills is some core's.
  for (auto &[alloc, g] : ps.functions) {
    isl::set filled = instancesOf(g);
    auto it = runs.find(alloc);
    isl::set left = it == runs.end() ? filled : filled.subtract(it->second);
    if (!left.is_empty())
      return different("a herd instance that receives data runs on no core");
  }
  // The results, argument by argument.
  std::set<int> seen;
  for (auto &[g, f] : rel.results) {
    int gp = g < argumentOf.size() ? argumentOf[g] : -1;
    auto p = ps.results.find(gp);
    if (p == ps.results.end())
      return different("the design writes an argument the program does not");
    std::string witness;
    if (!sameResults(f, (int)g, p->second, gp, argumentOf, id.computedOf,
                     witness))
      return different("argument " + std::to_string(gp) + ": " + witness);
    seen.insert(gp);
    ++v.results;
  }
  for (auto &[gp, f] : ps.results)
    if (!seen.count(gp) && !f.domain().is_empty())
      return different("the program writes argument " + std::to_string(gp) +
                       ", the design does not");
  v.kind = SymbolicVerdict::Equivalent;
  return v;
}
