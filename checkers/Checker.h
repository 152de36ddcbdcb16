//===- Checker.h - the interface every lint check implements ----*- C++ -*-===//
//
// A checker inspects one verified module and reports through MLIR
// diagnostics (error, warning, remark) with notes at every op involved. The
// lint driver tags what a checker emits with its id, so text, JSON and SARIF
// output all name the rule.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_CHECKERS_CHECKER_H
#define AIRCHECK_CHECKERS_CHECKER_H

#include "checkers/WaitGraph.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aircheck {

/// The deadlock proof's budget: steps of a run on the program's concrete
/// sizes. At about 0.25 us a step, 100000 steps (about 25 ms) keep lint
/// within a few times air-opt's parse and verify on every program
/// (bench/lint_cost.py); `--max-steps` raises it for one invocation.
inline constexpr uint64_t kDefaultMaxSteps = 100000;

/// What the user asked of lint.
struct CheckOptions {
  /// Treat the compute model's strict rules as errors (see each checker).
  bool strict = false;
  /// The device the resource checks compare against; empty for none.
  std::string device;
  /// The deadlock proof's step budget (--max-steps).
  uint64_t maxSteps = kDefaultMaxSteps;
  /// aie-deadlock: a push onto a full DMA task queue waits for room (the
  /// host polls, later mlir-aie) instead of being dropped (the mlir-aie
  /// mlir-air pins).
  bool hostPolling = false;
  /// aie-deadlock: a dispatch that deadlocks with rendezvous streams but
  /// completes with the fabric's measured buffering is a warning, not an
  /// error.
  bool allowFabricBuffering = false;
  /// aie-deadlock: a finding in a later dispatch of a design whose cores
  /// loop forever (the host runs the sequence again from where the one
  /// before left the array) is an error, not a warning.
  bool repeatedDispatch = false;
};

/// What a checker sees: the module, the options, and the analysis manager
/// that caches the program model across checkers.
struct CheckContext {
  mlir::ModuleOp module;
  const CheckOptions &options;
  mlir::AnalysisManager analyses;
  /// Errors and warnings reported so far under one rule by the checks that
  /// ran before.
  std::function<unsigned(llvm::StringRef rule)> errorsOf =
      [](llvm::StringRef) { return 0u; };
  std::function<unsigned(llvm::StringRef rule)> warningsOf =
      [](llvm::StringRef) { return 0u; };
  /// Records a property the checker proved, at the op it is about.
  std::function<void(mlir::Location, const std::string &)> proved =
      [](mlir::Location, const std::string &) {};
  /// Hands over the wait-for graph of the diagnostic the checker emitted
  /// last (a deadlock), for pictures (lint --format=html); call it after the
  /// diagnostic is emitted. Text, JSON and SARIF output ignore it.
  std::function<void(WaitGraph)> drew = [](WaitGraph) {};
  /// The text of the program being checked and the file name its locations
  /// carry ("<stdin>" for standard input), for messages that quote the
  /// source as written; empty when unknown (a check then reads the file).
  std::string sourceName;
  llvm::StringRef sourceText;
};

/// Where a whole-program verdict goes: the first launch, else the first
/// function with a body, else the module.
mlir::Location programLoc(mlir::ModuleOp module);

/// The level a checker reads: AIR programs, `aie.device` designs, or
/// nv_tileaa modules (seed 001).
enum class CheckLevel { AIR, AIE, TileAA };

class Checker {
public:
  virtual ~Checker() = default;
  /// Lint runs AIR checks on modules with AIR ops or without an
  /// `aie.device`, and AIE checks on modules with an `aie.device`.
  virtual CheckLevel level() const { return CheckLevel::AIR; }
  /// A stable identifier, e.g. "channel-balance"; used in JSON and SARIF.
  virtual llvm::StringRef id() const = 0;
  /// One line for `air-check lint --list-checks` and SARIF rule metadata.
  virtual llvm::StringRef summary() const = 0;
  virtual void run(CheckContext &ctx) = 0;
};

/// The rule id of the compute model's structural rules (the op verifiers).
inline constexpr llvm::StringLiteral kStructureRule = "structure";
/// The rule id of a crash inside air-check (a bug in the tool, not in the
/// program).
inline constexpr llvm::StringLiteral kInternalErrorRule = "internal-error";

std::unique_ptr<Checker> createHierarchyNesting();
std::unique_ptr<Checker> createLaunchTokenScope();
std::unique_ptr<Checker> createMemoryLevels();
std::unique_ptr<Checker> createSyncProgramOrder();
std::unique_ptr<Checker> createChannelReferences();
std::unique_ptr<Checker> createChannelPairing();
std::unique_ptr<Checker> createChannelCountBalance();
std::unique_ptr<Checker> createChannelVolumeBalance();
std::unique_ptr<Checker> createDmaVolumeBalance();
std::unique_ptr<Checker> createChannelIndexResolution();
std::unique_ptr<Checker> createBroadcastCoverage();
std::unique_ptr<Checker> createResourceFit();
std::unique_ptr<Checker> createCascadeAdjacency();
std::unique_ptr<Checker> createSyncOrderDeadlock();
std::unique_ptr<Checker> createLaunchCrossing();
std::unique_ptr<Checker> createDeadlockFreedom();
std::unique_ptr<Checker> createTokenConsistency();
std::unique_ptr<Checker> createDataRace();
std::unique_ptr<Checker> createBufferLifetime();
std::unique_ptr<Checker> createAccessBounds();
std::unique_ptr<Checker> createAIEDataRace();
std::unique_ptr<Checker> createAIETiles();
std::unique_ptr<Checker> createAIEMemory();
std::unique_ptr<Checker> createAIELocks();
std::unique_ptr<Checker> createAIEBDs();
std::unique_ptr<Checker> createAIEDMAChannels();
std::unique_ptr<Checker> createAIEObjectFifoResources();
std::unique_ptr<Checker> createAIEFlows();
std::unique_ptr<Checker> createAIELockProtocol();
std::unique_ptr<Checker> createAIEDeadlock();
std::unique_ptr<Checker> createTokenProtocol();
std::unique_ptr<Checker> createMemoryRace();
std::unique_ptr<Checker> createQueueBalance();
std::unique_ptr<Checker> createQueueDeadlock();

/// Every checker, in the order lint runs them.
const std::vector<std::unique_ptr<Checker>> &allCheckers();

} // namespace aircheck

#endif
