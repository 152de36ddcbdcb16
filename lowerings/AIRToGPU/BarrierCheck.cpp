//===- BarrierCheck.cpp - the after-check on outlined GPU kernels ----------===//
//
// Reads a gpu.func kernel into the statements of BarrierRaceEngine.h:
// memref.load and memref.store on a workgroup attribution are reads and
// writes, gpu.barrier a barrier; scf.for adds a loop counter k (its value
// is lb + step * k, the step a constant), scf.if a condition. Index values
// are modelled in isl syntax: constants, thread ids, loop values, + and -,
// products and floor divisions and remainders by constants, affine.apply;
// block ids, grid sizes and integer kernel arguments are parameters (one
// value for the whole block). An index it cannot model is any element (so
// only more pairs are found); a loop bound or condition it cannot model
// widens an access's instances the same way, but around a barrier it is an
// error: the check would not know which barriers run. So is a barrier under
// control flow that depends on the thread, and any other use of workgroup
// memory (a view, a call, a vector access) or a region it does not know.
//
//===----------------------------------------------------------------------===//
#include "analyses/IndexExprs.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"
#include "lowerings/AIRToGPU/BarrierRaceEngine.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace aircheck;

namespace {

/// An expression in isl syntax; marked: it depends on the thread.
using Expr = IndexExpr;

/// #gpu.address_space<workgroup>, or 3 (AMDGPU's LDS, as air-to-gpu
/// spells it).
bool isWorkgroup(Attribute space) {
  if (!space)
    return false;
  if (auto a = dyn_cast<gpu::AddressSpaceAttr>(space))
    return a.getValue() == gpu::AddressSpace::Workgroup;
  if (auto i = dyn_cast<IntegerAttr>(space))
    return i.getInt() == 3;
  return false;
}

class KernelReader {
public:
  explicit KernelReader(gpu::GPUFuncOp f)
      : func(f), reader([this](Value v) { return leaf(v); }) {}

  /// Builds `program`; on an unsupported construct emits an error and fails.
  LogicalResult read(RaceProgram &program) {
    prog = &program;
    for (auto [i, arg] : llvm::enumerate(func.getWorkgroupAttributions()))
      buffers[arg] = "wg" + std::to_string(i);
    // Workgroup memory from anywhere else (a global, an argument, a cast)
    // is not modelled.
    Operation *other = nullptr;
    func.walk([&](Operation *op) {
      for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
        if (auto t = dyn_cast<BaseMemRefType>(v.getType()))
          if (isWorkgroup(t.getMemorySpace()) &&
              !buffers.count(v) && !other)
            other = op;
    });
    if (other)
      return other->emitError()
             << kGPUUnsupported
             << "barrier check: workgroup memory that is not a workgroup "
                "attribution of the kernel is not modelled";
    bool barriers = false;
    func.walk([&](gpu::BarrierOp) { barriers = true; });
    if (buffers.empty() && !barriers)
      return success();
    // Without workgroup memory only the barriers' uniformity is checked,
    // which needs no block size.
    std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
    if (!buffers.empty() && (!known || known->size() != 3))
      return func.emitError()
             << kGPUUnsupported
             << "barrier check: the kernel has no known block size "
                "(known_block_size)";
    for (int i = 0; known && known->size() == 3 && i < 3; ++i)
      prog->block[i] = (*known)[i];
    if (!func.getBody().hasOneBlock())
      return func.emitError()
             << kGPUUnsupported
             << "barrier check: a kernel of more than one block "
                "(unstructured control flow) is not modelled";
    Scope top;
    return walkBlock(func.getBody().front(), top);
  }

  /// The op of statement i (for the diagnostic).
  SmallVector<Operation *> origin;
  /// read() failed on a definite bug of the lowering (a divergent barrier
  /// it made); otherwise on what the check cannot model (unproven) or on
  /// the program's own divergent barrier: refused.
  bool loweringBug = false;

  /// The herd whose body op `op` came from ("" for the block body).
  static std::string herdOf(Operation *op) {
    if (auto a = op->getAttrOfType<StringAttr>(kHerdOriginAttr))
      return a.str();
    return "";
  }

private:
  gpu::GPUFuncOp func;
  RaceProgram *prog = nullptr;
  llvm::DenseMap<Value, std::string> buffers;
  llvm::DenseMap<Value, std::string> params;
  llvm::DenseMap<Value, Expr> loopValues;
  IndexExprReader reader;

  struct Scope {
    std::vector<std::string> schedule; // prefix, without the position
    std::vector<std::string> domain;   // conjuncts
    unsigned depth = 0;
    bool exact = true;      // every bound and condition modelled
    bool divergent = false; // some bound or condition depends on the thread
  };

  std::string param(Value v) {
    auto it = params.find(v);
    if (it != params.end())
      return it->second;
    std::string name = "p" + std::to_string(prog->params.size());
    prog->params.push_back(name);
    params[v] = name;
    return name;
  }

  static int dimIndex(gpu::Dimension d) {
    return d == gpu::Dimension::x ? 0 : d == gpu::Dimension::y ? 1 : 2;
  }

  /// Thread ids, loop values, block dims, and the values uniform across
  /// the block (block ids, grid sizes, integer kernel arguments: params).
  IndexExprReader::Leaf leaf(Value v) {
    using Leaf = IndexExprReader::Leaf;
    auto lv = loopValues.find(v);
    if (lv != loopValues.end())
      return Leaf::named(lv->second.text, lv->second.marked);
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == &func.getBody().front() &&
          arg.getArgNumber() < func.getNumArguments() &&
          (arg.getType().isIndex() || arg.getType().isInteger()))
        return Leaf::named(param(v));
      return Leaf::opaque();
    }
    Operation *op = v.getDefiningOp();
    if (auto t = dyn_cast<gpu::ThreadIdOp>(op))
      return Leaf::named("t" + std::to_string(dimIndex(t.getDimension())),
                         true);
    if (auto b = dyn_cast<gpu::BlockDimOp>(op))
      return Leaf::named(
          std::to_string(prog->block[dimIndex(b.getDimension())]));
    if (isa<gpu::BlockIdOp, gpu::GridDimOp>(op))
      return Leaf::named(param(v));
    return Leaf::notALeaf();
  }

  std::optional<Expr> expr(Value v) { return reader.expr(v); }

  std::optional<Expr> condition(Value v, bool negate) {
    return reader.condition(v, negate);
  }

  std::optional<std::string> bufferOf(Value memref) {
    auto it = buffers.find(memref);
    if (it == buffers.end())
      return std::nullopt;
    return it->second;
  }

  void addStatement(RaceStatement::Kind kind, const std::string &buffer,
                    const Scope &scope, unsigned pos,
                    std::vector<std::string> index, Operation *op) {
    RaceStatement s;
    s.kind = kind;
    s.buffer = buffer;
    s.depth = scope.depth;
    for (size_t i = 0; i < scope.domain.size(); ++i)
      s.domain += (i ? " and " : "") + ("(" + scope.domain[i] + ")");
    s.schedule = scope.schedule;
    s.schedule.push_back(std::to_string(pos));
    s.index = std::move(index);
    prog->statements.push_back(std::move(s));
    origin.push_back(op);
  }

  LogicalResult access(Operation *op, Value memref, ValueRange idx, bool write,
                       const Scope &scope, unsigned pos) {
    std::optional<std::string> buf = bufferOf(memref);
    if (!buf)
      return success();
    std::vector<std::string> index;
    for (Value i : idx) {
      auto e = expr(i);
      index.push_back(e ? e->text : "");
    }
    addStatement(write ? RaceStatement::Kind::Write : RaceStatement::Kind::Read,
                 *buf, scope, pos, std::move(index), op);
    return success();
  }

  static bool touchesWorkgroup(Operation *op,
                               const llvm::DenseMap<Value, std::string> &bufs,
                               bool &barrier) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (isa<gpu::BarrierOp>(inner))
        barrier = true;
      for (Value v : inner->getOperands())
        if (bufs.count(v))
          found = true;
    });
    return found;
  }

  /// A loop: its iterations are a schedule dimension k<depth> after the
  /// loop's position, its induction value lb + step * k, below ub.
  LogicalResult walkLoop(const Scope &scope, size_t pos, Value iv,
                         std::optional<Expr> lb, std::optional<Expr> ub,
                         std::optional<int64_t> step, Block &body) {
    Scope inner = scope;
    std::string k = "k" + std::to_string(scope.depth);
    inner.depth = scope.depth + 1;
    inner.schedule.push_back(std::to_string(pos));
    inner.schedule.push_back(k);
    if (lb && step && *step > 0) {
      Expr value{"(" + lb->text + " + " + std::to_string(*step) + " * " + k + ")",
                 lb->marked};
      loopValues[iv] = value;
      if (ub)
        inner.domain.push_back(value.text + " < " + ub->text);
      else
        inner.exact = false;
      inner.divergent |= lb->marked || (ub && ub->marked);
    } else {
      inner.exact = false;
      inner.divergent |= (lb && lb->marked) || (ub && ub->marked);
    }
    return walkBlock(body, inner);
  }

  LogicalResult walkBlock(Block &block, const Scope &scope) {
    unsigned pos = 0;
    for (Operation &op : block) {
      ++pos;
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        if (failed(access(&op, load.getMemRef(), load.getIndices(), false,
                          scope, pos)))
          return failure();
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(op)) {
        if (failed(access(&op, store.getMemRef(), store.getIndices(), true,
                          scope, pos)))
          return failure();
        continue;
      }
      if (isa<gpu::BarrierOp>(op)) {
        if (scope.divergent) {
          std::string herd = herdOf(&op);
          if (!herd.empty()) {
            return op.emitError()
                   << kGPUUnsupported << "a gpu.barrier of herd " << herd
                   << " under control flow that depends on the tile (a tile "
                      "is a thread, and not every thread would reach it)";
          }
          loweringBug = true;
          return op.emitError()
                 << kGPULoweringBug
                 << "barrier check: a gpu.barrier under control flow that "
                    "depends on the thread (not every thread reaches it)";
        }
        if (!scope.exact)
          return op.emitError()
                 << kGPUUnsupported
                 << "barrier check: cannot model the loop bounds or "
                    "conditions around this gpu.barrier";
        addStatement(RaceStatement::Kind::Barrier, "", scope, pos, {}, &op);
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (failed(walkLoop(scope, pos, loop.getInductionVar(),
                            expr(loop.getLowerBound()),
                            expr(loop.getUpperBound()),
                            getConstantIntValue(loop.getStep()),
                            *loop.getBody())))
          return failure();
        continue;
      }
      if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
        if (failed(walkLoop(scope, pos, loop.getInductionVar(),
                            reader.mapResult(loop.getLowerBoundMap(),
                                             loop.getLowerBoundOperands()),
                            reader.mapResult(loop.getUpperBoundMap(),
                                             loop.getUpperBoundOperands()),
                            loop.getStepAsInt(), *loop.getBody())))
          return failure();
        continue;
      }
      if (auto ifOp = dyn_cast<affine::AffineIfOp>(op)) {
        for (int branch = 0; branch < 2; ++branch) {
          Region &r = branch ? ifOp.getElseRegion() : ifOp.getThenRegion();
          if (r.empty())
            continue;
          Scope inner = scope;
          inner.schedule.push_back(std::to_string(pos));
          inner.schedule.push_back(std::to_string(branch));
          if (auto c = reader.integerSet(ifOp.getIntegerSet(),
                                         ifOp.getOperands(), branch == 1)) {
            inner.domain.push_back(c->text);
            inner.divergent |= c->marked;
          } else {
            inner.exact = false;
          }
          if (failed(walkBlock(r.front(), inner)))
            return failure();
        }
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        for (int branch = 0; branch < 2; ++branch) {
          Region &r = branch ? ifOp.getElseRegion() : ifOp.getThenRegion();
          if (r.empty())
            continue;
          Scope inner = scope;
          inner.schedule.push_back(std::to_string(pos));
          inner.schedule.push_back(std::to_string(branch));
          if (auto c = condition(ifOp.getCondition(), branch == 1)) {
            inner.domain.push_back(c->text);
            inner.divergent |= c->marked;
          } else {
            inner.exact = false;
            // Unknown whether it depends on the thread: a barrier inside is
            // refused through `exact`.
          }
          if (failed(walkBlock(r.front(), inner)))
            return failure();
        }
        continue;
      }
      bool barrier = false;
      bool touches = touchesWorkgroup(&op, buffers, barrier);
      if (!touches && !barrier)
        continue;
      if (isa<affine::AffineApplyOp, gpu::ReturnOp>(op) && !touches)
        continue;
      if (op.getNumRegions())
        return op.emitError() << kGPUUnsupported << "barrier check: '"
                              << op.getName()
                              << "' holds workgroup-memory accesses or "
                                 "barriers the check does not model";
      return op.emitError() << kGPUUnsupported << "barrier check: '"
                            << op.getName()
                            << "' uses workgroup memory in a way the check "
                               "does not model";
    }
    return success();
  }
};

BarrierVerdict checkKernel(gpu::GPUFuncOp func) {
  RaceProgram prog;
  KernelReader reader(func);
  if (failed(reader.read(prog)))
    return reader.loweringBug ? BarrierVerdict::Failed
                              : BarrierVerdict::Refused;
  if (llvm::none_of(prog.statements, [](const RaceStatement &s) {
        return s.kind != RaceStatement::Kind::Barrier;
      }))
    return BarrierVerdict::Ok;
  if (std::getenv("AIRCHECK_DEBUG_BARRIER_CHECK")) {
    for (const RaceStatement &s : prog.statements) {
      llvm::errs() << (s.kind == RaceStatement::Kind::Barrier ? "barrier"
                       : s.kind == RaceStatement::Kind::Write ? "write"
                                                              : "read")
                   << " " << s.buffer << " depth " << s.depth << " domain {"
                   << s.domain << "} schedule [";
      for (const std::string &t : s.schedule)
        llvm::errs() << t << ";";
      llvm::errs() << "] index [";
      for (const std::string &t : s.index)
        llvm::errs() << t << ";";
      llvm::errs() << "]\n";
    }
  }
  RaceResult r = checkBarrierRaces(prog);
  switch (r.verdict) {
  case RaceResult::Verdict::NoRace:
    return BarrierVerdict::Ok;
  case RaceResult::Verdict::Unknown:
    func.emitError() << kGPUUnsupported
                     << "barrier check: could not decide whether "
                        "the kernel's workgroup accesses race ("
                     << r.why << ")";
    return BarrierVerdict::Refused;
  case RaceResult::Verdict::Race: {
    const RaceStatement &a = prog.statements[r.first];
    const RaceStatement &b = prog.statements[r.second];
    bool approximated = false;
    for (const RaceStatement *s : {&a, &b})
      for (const std::string &i : s->index)
        approximated |= i.empty();
    auto kind = [](const RaceStatement &s) {
      return s.kind == RaceStatement::Kind::Write ? "write" : "read";
    };
    std::string herdA = KernelReader::herdOf(reader.origin[r.first]);
    std::string herdB = KernelReader::herdOf(reader.origin[r.second]);
    bool program = !approximated && !herdA.empty() && herdA == herdB;
    InFlightDiagnostic d = reader.origin[r.first]->emitError();
    if (program)
      d << kGPUUnsupported << "the tiles of herd " << herdA
        << " race on L2 (workgroup memory): this " << kind(a) << " and a "
        << kind(b)
        << " of the same element by another tile have no gpu.barrier "
           "between them in the program, e.g. "
        << r.witness << " (tiles are threads; a herd needs a gpu.barrier "
        << "between the tiles' writes and the other tiles' accesses)";
    else if (approximated)
      d << kGPUUnsupported << "barrier check: cannot prove that this " << kind(a)
        << " of workgroup memory and a " << kind(b)
        << " by another thread are separated by a gpu.barrier (an index is "
           "not affine); e.g. "
        << r.witness;
    else
      d << kGPULoweringBug << "barrier check: data race on workgroup memory: this " << kind(a)
        << " and a " << kind(b)
        << " of the same element by another thread have no gpu.barrier "
           "between them, e.g. "
        << r.witness;
    d.attachNote(reader.origin[r.second]->getLoc())
        << "the other " << kind(b) << " is here";
    return program || approximated ? BarrierVerdict::Refused
                                   : BarrierVerdict::Failed;
  }
  }
  return BarrierVerdict::Failed;
}

struct GPUBarrierCheckPass
    : PassWrapper<GPUBarrierCheckPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GPUBarrierCheckPass)
  StringRef getArgument() const override { return "air-gpu-barrier-check"; }
  StringRef getDescription() const override {
    return "Check that every workgroup-memory access of an outlined kernel "
           "is separated by a gpu.barrier from another thread's write to the "
           "same element (isl)";
  }
  void runOnOperation() override {
    if (checkKernelBarriers(getOperation()) != BarrierVerdict::Ok)
      signalPassFailure();
  }
};

} // namespace

BarrierVerdict aircheck::checkKernelBarriers(ModuleOp module) {
  BarrierVerdict verdict = BarrierVerdict::Ok;
  module.walk([&](gpu::GPUFuncOp f) {
    if (!f.isKernel())
      return;
    BarrierVerdict v = checkKernel(f);
    if (v == BarrierVerdict::Failed ||
        (v == BarrierVerdict::Refused && verdict == BarrierVerdict::Ok))
      verdict = v;
  });
  // The origin tags have done their work.
  module.walk([](Operation *op) { op->removeAttr(kHerdOriginAttr); });
  return verdict;
}

std::unique_ptr<Pass> aircheck::createGPUBarrierCheckPass() {
  return std::make_unique<GPUBarrierCheckPass>();
}
