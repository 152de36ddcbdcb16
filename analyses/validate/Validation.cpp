//===- Validation.cpp - who decides translation validation ----------------===//
#include "analyses/validate/Validation.h"

#include "analyses/HoldsAIR.h"
#include "analyses/aie/AIEDesign.h"
#include "analyses/aie/DispatchModel.h"
#include "analyses/validate/ArgumentCorrespondence.h"
#include "analyses/validate/InstanceIdentity.h"
#include "analyses/validate/ProgramStreams.h"
#include "analyses/validate/StreamRelations.h"
#include "dialects/AIE/AIEDialect.h"
#include "dialects/AIR/AIRDialect.h"

#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::validate;

SymbolicVerdict
aircheck::validate::verdictFromFunctions(ModuleOp program, Device &device,
                                         std::chrono::milliseconds limit) {
  SymbolicVerdict undecided;
  auto why = [&](std::string text) {
    undecided.why = std::move(text);
    return undecided;
  };
  if (!device.model)
    return why("no device model: " + device.noModel);
  SmallVector<func::FuncOp> fns = airPrograms(program);
  if (fns.size() != 1)
    return why("the program has " + std::to_string(fns.size()) +
               " functions with AIR ops");
  ProgramStreams ps = deriveProgramStreams(program);
  if (!ps.outside.empty())
    return why("the program is outside the symbolic model: " + ps.outside);
  IslDeadline deadline(ps.isl->getRaw(), limit);
  std::string pastLimit =
      "isl did not finish within the functions' time limit (" +
      std::to_string(limit.count() / 1000) + " s)";
  try {
    StreamRelations rel = deriveStreamRelations(device, *ps.isl);
    // A program without arguments moves nothing from or to the host: a
    // design of it without a runtime sequence has none to pair.
    if (rel.sequenceArguments < 0 && fns.front().getNumArguments() == 0 &&
        dispatch::runtimeSequences(device).empty())
      rel.sequenceArguments = 0;
    if (rel.sequenceArguments < 0)
      return why("the design has no runtime sequence (or two): no host "
                 "runs it");
    std::optional<std::vector<int>> argumentOf =
        correspondingArguments(fns.front(), rel.sequenceArguments);
    if (!argumentOf)
      return why("the runtime sequence's arguments are not the function's "
                 "(all of them, or its memrefs, in order)");
    ps.isl->resetBudget();
    InstanceIdentity id =
        identifyInstances(program, device.op, ps, rel, *argumentOf);
    ps.isl->resetBudget();
    SymbolicVerdict v = decideSymbolically(ps, rel, id, *argumentOf);
    // Whatever was read after the limit failed (a buffer not covered, a
    // core not named): only a verdict reached before it counts.
    return deadline.expired() ? why(pastLimit) : v;
  } catch (const isl::exception &e) {
    if (deadline.expired())
      return why(pastLimit);
    return why(std::string("isl gave up: ") + islx::reason(e));
  }
}

namespace {

/// The functions' verdict as validation's: equivalent or different (an
/// undecided one is not turned into a verdict).
Verdict fromFunctions(const SymbolicVerdict &sv, Device &device) {
  Verdict v;
  v.decidedBy = Verdict::Functions;
  if (sv.kind == SymbolicVerdict::Equivalent) {
    v.kind = Verdict::Equivalent;
    v.cores = sv.cores;
    v.buffers = sv.buffers;
    v.resultArguments = sv.results;
    v.code = sv.code;
    return v;
  }
  v.kind = sv.kind == SymbolicVerdict::Different ? Verdict::Different
                                                 : Verdict::Unknown;
  v.message = sv.kind == SymbolicVerdict::Different
                  ? sv.why + " (read from both sides' functions over every "
                             "round at once)"
                  : "the functions do not decide: " + sv.why;
  v.at = sv.at ? sv.at : device.op.getOperation();
  return v;
}

/// The elements the runtime sequence's tasks move, each task's static
/// sizes multiplied (saturating): what the host moves, at most what the
/// replays move (the cores' buffers are filled from it, often several
/// times over), read from the text alone.
int64_t hostElements(Device &device) {
  int64_t total = 0;
  device.op.walk([&](aiex::NpuDmaMemcpyNdOp task) {
    int64_t n = 1;
    for (int64_t size : task.getStaticSizes())
      if (size > 0 && n < (int64_t(1) << 40))
        n *= size;
    total = std::min(total + n, int64_t(1) << 62);
  });
  return total;
}

/// One device against the program (one function with AIR ops).
Verdict validateOne(ModuleOp program, Device &device,
                    const ValidateOptions &options) {
  using Method = ValidateOptions::Method;
  if (options.method == Method::Replays)
    return replayVerdict(program, device, options);
  if (options.method == Method::Functions)
    return fromFunctions(
        verdictFromFunctions(program, device, options.functionsLimit), device);
  // The replays first, where they fit: where the host alone moves more
  // than they may, they are not tried first (their run up to the budget
  // would be lost).
  ValidateOptions first = options;
  first.budget = std::min(options.budget, options.replaysFirst);
  std::optional<Verdict> quick;
  if (hostElements(device) <= first.budget) {
    quick = replayVerdict(program, device, first);
    if (quick->kind != Verdict::Unknown || !quick->pastBudget)
      return std::move(*quick);
  }
  SymbolicVerdict sv =
      verdictFromFunctions(program, device, options.functionsLimit);
  if (sv.kind == SymbolicVerdict::Equivalent)
    return fromFunctions(sv, device);
  Verdict full = quick && first.budget >= options.budget
                     ? std::move(*quick)
                     : replayVerdict(program, device, options);
  if (sv.kind == SymbolicVerdict::Different) {
    if (full.kind == Verdict::Equivalent) {
      Verdict clash;
      clash.clash = true;
      clash.message = "the replays find the design equivalent, its "
                      "functions find a difference (" +
                      sv.why +
                      "): a bug of air-check's, please report it with "
                      "these inputs";
      clash.at = sv.at ? sv.at : device.op.getOperation();
      return clash;
    }
    // The replays' witness is concrete (the element, the BD, the flow).
    if (full.kind == Verdict::Different)
      return full;
    return fromFunctions(sv, device);
  }
  if (full.kind == Verdict::Unknown)
    full.message += "; the functions do not decide either: " + sv.why;
  return full;
}

} // namespace

Verdict aircheck::validate::validateDesign(ModuleOp program, ModuleOp design,
                                           const ValidateOptions &options) {
  Verdict v;
  std::vector<Device> devices = collectDevices(design);
  if (devices.size() == 1)
    return validateOne(program, devices.front(), options);
  // Several functions, one device each (as compile writes them): a device
  // is named after a segment of its function, or that name and "_" and
  // the function's. Each pair is validated as a program of its own.
  SmallVector<func::FuncOp> fns = airPrograms(program);
  if (devices.size() < 2 || devices.size() != fns.size()) {
    v.message = "the design has " + std::to_string(devices.size()) +
                " aie.device ops and the program " +
                std::to_string(fns.size()) +
                " functions with AIR ops; validation pairs one device per "
                "function";
    return v;
  }
  v.kind = Verdict::Equivalent;
  std::set<Operation *> used;
  for (func::FuncOp f : fns) {
    Device *dev = nullptr;
    f.walk([&](air::SegmentOp seg) {
      auto name = seg.getSymNameAttr();
      for (Device &d : devices) {
        std::optional<StringRef> dn = d.op.getSymName();
        if (dev || !name || !dn || used.count(d.op))
          continue;
        if (*dn == name.getValue() ||
            *dn == (name.getValue() + "_" + f.getSymName()).str())
          dev = &d;
      }
    });
    if (!dev) {
      Verdict u;
      u.message = "no aie.device is named after a segment of @" +
                  f.getSymName().str() +
                  ": which device runs it is not read";
      u.at = f;
      return u;
    }
    used.insert(dev->op);
    // The function alone: a copy of the module without the others. The
    // verdict's ops may live in the copy, which it keeps.
    auto copy = std::make_shared<OwningOpRef<ModuleOp>>(
        programAlone(program, f.getSymName()));
    Verdict one = validateOne(**copy, *dev, options);
    one.keep.push_back(copy);
    if (one.kind != Verdict::Equivalent) {
      one.message = "@" + f.getSymName().str() + " on device @" +
                    dev->op.getSymName()->str() + ": " + one.message;
      return one;
    }
    v.cores += one.cores;
    v.resultArguments += one.resultArguments;
    if (one.decidedBy == Verdict::Functions)
      v.decidedBy = Verdict::Functions;
    v.buffers += one.buffers;
    v.filled += one.filled;
    v.results += one.results;
    v.initial += one.initial;
    v.code += one.code;
    v.keep.insert(v.keep.end(), one.keep.begin(), one.keep.end());
  }
  return v;
}

