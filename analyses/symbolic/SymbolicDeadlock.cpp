//===- SymbolicDeadlock.cpp - deadlock freedom for every size -------------===//
#include "analyses/symbolic/SymbolicDeadlock.h"
#include "analyses/AsyncGraph.h"
#include "analyses/ChannelModel.h"
#include "analyses/PolyhedralModel.h"
#include "analyses/symbolic/FifoMatching.h"
#include "analyses/symbolic/InstanceOrder.h"

#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/union_set.h>
#include <isl/val.h>
#include <isl/schedule.h>
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace aircheck;

/// Points of a superset of the deadlocking values the caller runs.
constexpr int kWitnesses = 4;

/// The parameter values for which some instance waits for itself (isl's
/// transitive closure), and the smallest of them; none when isl finds none
/// or gives up.
static std::optional<SymbolicVerdict::Witness>
cycleValues(PolyhedralModel &poly, const isl::union_set &events,
            const isl::union_map &waits) {
  try {
    poly.isl().resetBudget();
    // Component by component (smaller closures are exact more often).
    std::optional<isl::set> when;
    bool allExact = true;
    for (const isl::union_map &w : islx::cyclicComponents(events, waits)) {
      isl_bool exact = isl_bool_false;
      isl_union_map *c = isl_union_map_transitive_closure(w.copy(), &exact);
      isl::union_map closure =
          isl::manage(islx::checked(poly.ctx().get(), c));
      allExact = allExact && exact == isl_bool_true;
      isl::set here = isl::manage(isl_union_set_params(
          closure.intersect(events.identity()).domain().release()));
      when = when ? when->unite(here) : here;
    }
    if (!when || when->is_empty())
      return std::nullopt;
    *when = when->coalesce();
    SymbolicVerdict::Witness out;
    out.exact = allExact;
    // The constraints, over the parameters' readable names.
    unsigned n = isl_set_dim(when->get(), isl_dim_param);
    char *text = isl_set_to_str(when->get());
    std::string t = text ? text : "";
    free(text);
    size_t colon = t.find(" : "), close = t.rfind(" }");
    out.when = colon == std::string::npos || close == std::string::npos ||
                       close < colon
                   ? std::string("every value")
                   : t.substr(colon + 3, close - colon - 3);
    std::vector<std::pair<std::string, std::string>> names;
    for (unsigned i = 0; i < n; ++i) {
      const char *name = isl_set_get_dim_name(when->get(), isl_dim_param, i);
      names.push_back({name ? name : "?", poly.describeParam(name ? name : "?")});
    }
    // Longest names first, so that p1 does not rewrite p10.
    std::vector<std::pair<std::string, std::string>> byLength = names;
    llvm::sort(byLength, [](auto &a, auto &b) {
      return a.first.size() > b.first.size();
    });
    for (auto &[name, readable] : byLength)
      for (size_t at = out.when.find(name); at != std::string::npos;
           at = out.when.find(name, at + readable.size()))
        out.when.replace(at, name.size(), readable);
    // The smallest values: the parameters as set dims, lexmin.
    isl_set *dims = isl_set_move_dims(isl_set_from_params(when->copy()),
                                      isl_dim_set, 0, isl_dim_param, 0, n);
    isl::set least = isl::manage(islx::checked(poly.ctx().get(), dims));
    // Sizes are counts: the smallest non-negative values where there are.
    isl::set nonneg = least;
    for (unsigned i = 0; i < n; ++i)
      nonneg = isl::manage(isl_set_lower_bound_si(nonneg.release(),
                                                  isl_dim_set, i, 0));
    if (!nonneg.is_empty())
      least = nonneg;
    for (int k = 0; k < kWitnesses && !least.is_empty(); ++k) {
      isl::set lex = least.lexmin();
      isl::point pt = (lex.is_empty() ? least : lex).sample_point();
      SymbolicVerdict::Witness::Point p;
      for (unsigned i = 0; i < n; ++i) {
        isl::val v = isl::manage(
            isl_point_get_coordinate_val(pt.get(), isl_dim_set, i));
        mlir::Value arg = poly.paramValue(names[i].first);
        if (!v.is_int() || !arg)
          return std::nullopt;
        p.values.push_back({arg, v.get_num_si()});
        p.text += (i ? ", " : "") + names[i].second + " = " +
                  std::to_string(v.get_num_si());
      }
      out.smallest.push_back(std::move(p));
      least = least.subtract(isl::set(pt));
    }
    return out;
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

SymbolicVerdict
aircheck::proveDeadlockFreedomSymbolically(ModuleOp module,
                                           AnalysisManager &am,
                                           bool severalPlaces) {
  SymbolicVerdict v;
  auto &poly = am.getAnalysis<PolyhedralModel>();
  auto &channels = am.getAnalysis<ChannelModel>();
  auto &graph = am.getAnalysis<AsyncGraph>();
  try {
    poly.isl().resetBudget();
    InstanceOrder order(module, poly, graph);
    FifoMatching fifos(module, order, channels, severalPlaces);
    v.eventOps = order.events().size();
    v.fifoSides = fifos.fifoSides();
    isl::union_set events = order.eventDomains();
    // Restricted to the events' instances component by component (by
    // scheduleOrdersEveryWait), where the waits that can close a cycle are.
    isl::union_map waits = order.waits().unite(fifos.waits());
    {
      isl_space *sp = isl_union_set_get_space(events.get());
      for (int i = 0, n = isl_space_dim(sp, isl_dim_param); i < n; ++i) {
        const char *name = isl_space_get_dim_name(sp, isl_dim_param, i);
        v.parameters.push_back(poly.describeParam(name ? name : "?"));
      }
      isl_space_free(sp);
    }
    if (waits.is_empty()) {
      v.proven = true;
      return v;
    }
    bool scheduled = false;
    try {
      scheduled = islx::scheduleOrdersEveryWait(events, waits);
      if (!scheduled)
        v.why = "isl's schedule does not order every wait (no affine "
                "schedule was found)";
    } catch (const isl::exception &e) {
      v.why = std::string("isl found no affine schedule of the waits (") +
              islx::reason(e) + ")";
    }
    if (!scheduled) {
      if (!v.parameters.empty())
        v.cycle = cycleValues(poly, events, waits);
      return v;
    }
    v.proven = true;
  } catch (const NotModelled &n) {
    v.why = n.why;
    v.loc = n.loc;
    v.needsSeveralPlaces = n.severalPlaces;
  } catch (const isl::exception &e) {
    v.why = std::string("isl found no affine schedule of the waits (") +
            islx::reason(e) + ")";
  }
  return v;
}
