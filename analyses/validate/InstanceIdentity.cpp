//===- InstanceIdentity.cpp - which herd instance a core runs, from isl ---===//
#include "analyses/validate/InstanceIdentity.h"

#include "analyses/aie/AIEDesign.h"
#include "analyses/validate/CoreCode.h"
#include "analyses/validate/Delivery.h"
#include "analyses/validate/ProgramRun.h"
#include "analyses/validate/RelationEquality.h"
#include "dialects/AIE/AIEDialect.h"
#include "dialects/AIR/AIRDialect.h"
#include "solvers/IslSupport.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// The design buffer numbers (StreamRelations::computed) whose kind-2 tags
/// a function carries.
std::set<int64_t> producersIn(const isl::pw_multi_aff &f) {
  std::set<int64_t> out;
  isl::set tags = f.as_map().range().unwrap().range().intersect(
      isl::set(f.ctx(), "{ V[k, w, r, x] : k = 2 }"));
  if (tags.is_empty())
    return out;
  isl::set who = isl::manage(isl_set_project_out(
      isl_set_project_out(tags.copy(), isl_dim_set, 2, 2), isl_dim_set, 0,
      1));
  who.foreach_point([&](isl::point p) {
    out.insert(std::stoll(islx::coordinates(p, isl_dim_set).front()));
  });
  return out;
}

} // namespace

InstanceIdentity aircheck::validate::identifyInstances(
    ModuleOp program, Operation *device, const ProgramStreams &ps,
    const StreamRelations &rel, const std::vector<int> &argumentOf) {
  InstanceIdentity out;
  // The herds and their code; a herd whose code differs by instance (a
  // branch on its ids around memory operations) is not read here.
  std::vector<std::pair<air::HerdOp, std::vector<MemOp>>> herds;
  program.walk([&](air::HerdOp h) {
    herds.push_back({h, memOps(h.getBody(), false)});
  });
  // The cores, the herd each one's code is, and its buffers a DMA fills.
  /// A core and the ways its code reads as a herd's body (herds of one
  /// body: each is a candidate).
  struct Reading {
    mutable air::HerdOp herd;
    std::map<Operation *, Operation *> bufferOf;
    std::vector<Operation *> unnamed;
    std::vector<Operation *> herdOps, coreOps;
  };
  struct Core {
    aie::CoreOp op;
    std::vector<Reading> reads;
  };
  std::vector<Core> cores;
  std::map<std::optional<std::pair<int64_t, int64_t>>, std::vector<Operation *>>
      filledOn;
  for (auto &[buffer, f] : rel.functions)
    filledOn[aiecheck::tileOfOp(buffer)].push_back(buffer);
  for (auto &[buffer, why] : rel.notCovered)
    filledOn[aiecheck::tileOfOp(buffer)].push_back(buffer);
  device->walk([&](aie::CoreOp core) {
    std::vector<MemOp> code = memOps(core.getBody(), true);
    Core c{core, {}};
    for (auto &[h, hc] : herds)
      if (hc.empty() == code.empty())
        if (auto m = matchCode(hc, code)) {
          Reading r{h, *m, {}, {}, {}};
          for (size_t k = 0; k < hc.size(); ++k) {
            r.herdOps.push_back(hc[k].op);
            r.coreOps.push_back(code[k].op);
          }
          c.reads.push_back(std::move(r));
        }
    if (c.reads.empty()) {
      out.notNamed[core] = "its code is no herd body";
      return;
    }
    // Buffers its code does not name (a core that passes data on has no
    // memory operations): paired by their fills with the herd's allocs
    // its code does not name.
    for (Reading &r : c.reads) {
      std::set<Operation *> named;
      for (auto &[alloc, buffer] : r.bufferOf)
        named.insert(buffer);
      for (Operation *b : filledOn[aiecheck::tileOfOp(core)])
        if (!named.count(b))
          r.unnamed.push_back(b);
    }
    cores.push_back(std::move(c));
  });
  // Rounds: a core whose buffers carry only tags of cores already named.
  std::set<std::pair<Operation *, std::vector<int64_t>>> taken;
  std::map<Operation *, Operation *> computedAlloc; // design buffer -> alloc
  // Where a round names no core and some are left whose data several
  // instances receive alike, the next round names the first of them by
  // choice (Named::alike), which may tell the others apart.
  bool choose = false;
  std::set<Operation *> alike;
  for (bool progress = true; progress;) {
    progress = false;
    alike.clear();
    for (Core &c : cores) {
      if (out.named.count(c.op) || out.notNamed.count(c.op))
        continue;
      // Per reading, the instances of its herd whose fills are the core's.
      std::string why;
      bool waiting = false;
      std::vector<std::pair<const Reading *, isl::set>> fits;
      // Per reading, why its buffers fit no instance (for a difference).
      std::map<const Reading *, std::string> witness;
      // Per reading, the buffers whose fills were compared.
      std::map<const Reading *, std::set<Operation *>> compared;
      auto witnessAgainst = [&](Operation *buffer,
                                const isl::pw_multi_aff &f,
                                const isl::pw_multi_aff &g,
                                const isl::set &fit) {
        std::vector<int64_t> key;
        fit.lexmin().foreach_point([&](isl::point pt) { key = keyOf(pt); });
        std::string w;
        if (sameRelation(f, atInstance(g, key), argumentOf, w,
                         out.computedOf))
          return std::string();
        return "buffer " + aiecheck::bufferName(buffer) +
               ", against herd instance (" + keyText(key) + "): " + w;
      };
      int receiving = 0; // instances receiving its data: 0, 1, 2 (more)
      // A buffer's function, where it is covered and what it carries of
      // cores is from cores named (else null, with `why` or `waiting`).
      auto ready = [&](Operation *buffer) -> const isl::pw_multi_aff * {
        auto d = rel.functions.find(buffer);
        if (d == rel.functions.end()) {
          why = "a buffer either side does not cover";
          return nullptr;
        }
        for (int64_t w : producersIn(d->second))
          if (!out.computedOf.count(w))
            waiting = true;
        return waiting ? nullptr : &d->second;
      };
      for (const Reading &r : c.reads) {
        std::optional<isl::set> instances;
        for (Operation *alloc : keysInTextOrder(r.bufferOf)) {
          Operation *buffer = r.bufferOf.at(alloc);
          auto d = rel.functions.find(buffer);
          auto p = ps.functions.find(alloc);
          bool filled =
              d != rel.functions.end() || rel.notCovered.count(buffer);
          if (!filled)
            continue; // a buffer the core computes into, or sends from
          if (p == ps.functions.end()) {
            why = "a buffer either side does not cover";
            break;
          }
          const isl::pw_multi_aff *f = ready(buffer);
          if (!f)
            break;
          isl::set before = instances ? *instances : instancesOf(p->second);
          isl::set here = matchingInstances(*f, p->second, argumentOf,
                                            out.computedOf, &before);
          instances = before.intersect(here);
          compared[&r].insert(buffer);
          if (instances->is_empty() && !before.is_empty() &&
              !witness.count(&r))
            witness[&r] = witnessAgainst(buffer, *f, p->second, before);
        }
        // Its unnamed buffers: some alloc its code does not name receives
        // what each receives.
        for (Operation *buffer : r.unnamed) {
          if (!why.empty() || waiting)
            break;
          const isl::pw_multi_aff *f = ready(buffer);
          if (!f)
            break;
          std::optional<isl::set> some;
          for (auto &[alloc, g] : ps.functions) {
            if (r.bufferOf.count(alloc) ||
                alloc->getParentOfType<air::HerdOp>() != r.herd)
              continue;
            isl::set here =
                matchingInstances(*f, g, argumentOf, out.computedOf);
            some = some ? some->unite(here) : here;
          }
          if (!some) {
            why = "a buffer its code does not name, and no alloc either";
            break;
          }
          instances = instances ? instances->intersect(*some) : *some;
        }
        if (!why.empty() || waiting)
          break;
        if (!instances) {
          why = "no buffer a DMA fills";
          break;
        }
        if (!instances->is_empty())
          receiving += instances->is_singleton() ? 1 : 2;
        // Instances another core was named with are not this one's.
        isl::set free = *instances;
        for (auto &[h, key] : taken)
          if (h == r.herd.getOperation())
            free = free.subtract(
                isl::set(free.ctx(), "{ X[" + keyText(key) + "] }"));
        if (!free.is_empty())
          fits.push_back({&r, free});
      }
      if (!why.empty()) {
        out.notNamed[c.op] = why;
        continue;
      }
      if (waiting)
        continue;
      if (fits.empty()) {
        out.notNamed[c.op] = InstanceIdentity::kNoInstance;
        if (receiving == 0)
          out.receivedByNone.insert(c.op);
        if (c.reads.size() == 1 && witness.count(&c.reads.front()) &&
            !witness[&c.reads.front()].empty())
          out.witnesses[c.op] = witness[&c.reads.front()];
        continue;
      }
      // Several instances (of one herd, or of herds whose bodies its
      // code reads as alike) receive its data.
      bool several = fits.size() > 1 || !fits.front().second.is_singleton();
      if (several && !choose) {
        alike.insert(c.op);
        continue;
      }
      const Reading &r = *fits.front().first;
      std::vector<int64_t> key;
      fits.front().second.lexmin().foreach_point(
          [&](isl::point pt) { key = keyOf(pt); });
      choose = false;
      taken.insert({r.herd.getOperation(), key});
      InstanceIdentity::Named named{r.herd.getOperation(), key,
                                    r.bufferOf,        r.unnamed,
                                    receiving == 1,    r.herdOps,
                                    r.coreOps};
      // What it sends: its buffers' numbers to its instance's.
      for (auto &[alloc, buffer] : r.bufferOf) {
        auto w = llvm::find(rel.computed, buffer);
        auto pc = ps.computed.find(alloc);
        if (w != rel.computed.end() && pc != ps.computed.end())
          out.computedOf[w - rel.computed.begin()] = pc->second.who(key);
      }
      named.proven = compared[&r];
      named.alike = several;
      out.named[c.op] = std::move(named);
      progress = true;
    }
    if (!progress && !alike.empty()) {
      choose = true;
      progress = true;
    }
  }
  for (Operation *core : alike)
    if (!out.named.count(core) && !out.notNamed.count(core))
      out.notNamed[core] = "several instances receive its data";
  for (Core &c : cores)
    if (!out.named.count(c.op) && !out.notNamed.count(c.op))
      out.notNamed[c.op] = "its data carries what cores no round named send";
  return out;
}
