//===- SymbolicVerdict.cpp - the data verdict from the functions alone ----===//
#include "analyses/validate/SymbolicVerdict.h"

#include "analyses/aie/AIEDesign.h"
#include "analyses/validate/Delivery.h"
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
  // A core named by choice among instances that receive its data alike
  // (InstanceIdentity::Named::alike): a difference may be the choice's.
  Operation *chosen = nullptr;
  for (Operation *core : keysInTextOrder(id.named))
    if (id.named.at(core).alike) {
      chosen = core;
      break;
    }
  auto different = [&](std::string why, Operation *at = nullptr,
                       bool whateverTheNaming = false) {
    if (chosen && !whateverTheNaming)
      return undecided("core (" + coreName(chosen) +
                       ") was named by choice among herd instances that "
                       "receive its data alike, and under that naming: " +
                       why);
    v.kind = SymbolicVerdict::Different;
    v.why = std::move(why);
    v.at = at;
    return v;
  };
  if (!ps.outside.empty())
    return undecided("the program is outside the symbolic model: " +
                     ps.outside);
  if (!rel.notCovered.empty()) {
    Operation *first = keysInTextOrder(rel.notCovered).front();
    return undecided(plural(rel.notCovered.size(), "core buffer") +
                     " of the design not covered (" + aiecheck::bufferName(first) +
                     ": " + rel.notCovered.at(first) + ")");
  }
  if (!ps.notCovered.empty()) {
    Operation *first = keysInTextOrder(ps.notCovered).front();
    return undecided(plural(ps.notCovered.size(), "L1 alloc") +
                     " of the program not covered (the alloc at " +
                     lineColOf(first) + ": " + ps.notCovered.at(first) + ")");
  }
  // Cores and allocs in the order of the text, so that what is reported
  // does not depend on where the ops were allocated.
  std::vector<Operation *> namedCores = keysInTextOrder(id.named);
  std::vector<Operation *> allocs = keysInTextOrder(ps.functions);
  // A core whose data no instance left receives: the design computes
  // what the program does not (or one instance's twice).
  for (Operation *core : keysInTextOrder(id.notNamed))
    if (id.notNamed.at(core) == InstanceIdentity::kNoInstance) {
      auto w = id.witnesses.find(core);
      bool none = id.receivedByNone.count(core) != 0;
      return different("core (" + coreName(core) +
                           ") receives what no herd instance of its code " +
                           (none ? "" : "left unnamed ") + "receives" +
                           (w == id.witnesses.end() ? std::string()
                                                    : ": " + w->second),
                       core, none);
    }
  if (!id.notNamed.empty()) {
    Operation *first = keysInTextOrder(id.notNamed).front();
    return undecided(plural(id.notNamed.size(), "core") + " not named (core (" +
                     coreName(first) + "): " + id.notNamed.at(first) + ")");
  }
  if (!rel.resultsNotCovered.empty())
    return undecided("the design's results not covered (argument " +
                     std::to_string(rel.resultsNotCovered.begin()->first) +
                     ": " + rel.resultsNotCovered.begin()->second + ")");
  if (!ps.resultsNotCovered.empty())
    return undecided("the program's results not covered (argument " +
                     std::to_string(ps.resultsNotCovered.begin()->first) +
                     ": " + ps.resultsNotCovered.begin()->second + ")");
  // A buffer cores of several tiles use: which core takes which turn of it
  // is the replays' reading (Equivalence.h), not the functions'.
  std::map<Operation *, Operation *> userOf;
  for (Operation *core : namedCores) {
    const InstanceIdentity::Named &named = id.named.at(core);
    std::vector<Operation *> buffers = named.unnamed;
    for (auto &[alloc, buffer] : named.bufferOf)
      buffers.push_back(buffer);
    for (Operation *buffer : buffers)
      if (auto [it, fresh] = userOf.try_emplace(buffer, core);
          !fresh && it->second != core)
        return undecided("a buffer the cores (" + coreName(it->second) +
                         ") and (" + coreName(core) +
                         ") both use: their turns are not read");
  }
  // Each core's buffers against its instance's allocs.
  std::map<Operation *, isl::set> runs; // alloc -> instances some core is
  for (Operation *core : namedCores) {
    const InstanceIdentity::Named &named = id.named.at(core);
    ++v.cores;
    std::string key = "X[" + keyText(named.key) + "]";
    // "core (c, r), herd instance (k), buffer b" for a witness.
    auto at = [&](Operation *buffer) {
      return "core (" + coreName(core) + "), herd instance (" +
             keyText(named.key) + "), buffer " + aiecheck::bufferName(buffer);
    };
    std::set<Operation *> paired;
    for (Operation *alloc : keysInTextOrder(named.bufferOf)) {
      Operation *buffer = named.bufferOf.at(alloc);
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
          return different(at(buffer) + " receives nothing where its "
                                        "alloc receives data",
                           buffer);
        continue;
      }
      if (p == ps.functions.end())
        return different(at(buffer) + " receives data its alloc does not",
                         buffer);
      // Naming the core compared it already (its instance is among those
      // whose fills equal the buffer's).
      std::string witness;
      if (!named.proven.count(buffer) &&
          !sameRelation(d->second, atInstance(p->second, named.key),
                        argumentOf, witness, id.computedOf))
        return different(at(buffer) + ": " + witness, buffer);
      ++v.buffers;
    }
    // Buffers its code does not name: each some other alloc's fills there.
    for (Operation *buffer : named.unnamed) {
      const isl::pw_multi_aff &f = rel.functions.at(buffer);
      bool found = false;
      for (Operation *alloc : allocs) {
        const isl::pw_multi_aff &g = ps.functions.at(alloc);
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
        return different(at(buffer) + " receives what none of its allocs "
                                      "does",
                         buffer);
      ++v.buffers;
    }
    // Allocs of its herd its code does not name that are filled there.
    for (Operation *alloc : allocs)
      if (!paired.count(alloc) &&
          alloc->getParentOfType<air::HerdOp>().getOperation() ==
              named.herd &&
          !atInstance(ps.functions.at(alloc), named.key).domain().is_empty())
        return different("core (" + coreName(core) + "), herd instance (" +
                             keyText(named.key) +
                             "): an alloc receives data no buffer of the "
                             "core does",
                         core);
  }
  // What each core computes: its code is the herd body's, op for op, with
  // its instance's ids put in (SpecialisedCode.h), as the replays' verdict
  // requires.
  for (Operation *core : namedCores) {
    const InstanceIdentity::Named &named = id.named.at(core);
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
  for (Operation *alloc : allocs) {
    isl::set filled = instancesOf(ps.functions.at(alloc));
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
