//===- SymbolicDeadlock.cpp - deadlock freedom for every size -------------===//
#include "analyses/symbolic/SymbolicDeadlock.h"
#include "analyses/AsyncGraph.h"
#include "analyses/ChannelModel.h"
#include "analyses/PolyhedralModel.h"
#include "analyses/symbolic/FifoMatching.h"
#include "analyses/symbolic/InstanceOrder.h"

#include <isl/options.h>
#include <isl/schedule.h>
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace aircheck;

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
    if (!islx::scheduleOrdersEveryWait(events, waits)) {
      v.why = "isl's schedule does not order every wait (no affine schedule "
              "was found)";
      return v;
    }
    v.proven = true;
  } catch (const NotModelled &n) {
    v.why = n.why;
    v.loc = n.loc;
    v.needsSeveralPlaces = n.severalPlaces;
  } catch (const isl::exception &e) {
    v.why = std::string("isl found no affine schedule of the waits (") +
            e.what() + ")";
  }
  return v;
}
