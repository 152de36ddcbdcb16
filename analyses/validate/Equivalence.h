//===- Equivalence.h - does the design move the program's data --*- C++ -*-===//
//
// Translation validation (docs/validate.md): replays the AIR program
// (ProgramRun.h) and the aie design (DesignRun.h) and compares what they
// deliver:
//
//  * each core of the design runs one herd instance: its code is the herd
//    body's (the memory operations of both, in order, with the same op
//    names; an L1 alloc the herd body names and the aie.buffer the core
//    names at the same place are one buffer), and which instance it runs is
//    read from the data it receives (the one instance whose fills it
//    matches; a buffer no code names is paired by its fills);
//  * every buffer of that instance receives, in the same order, elements
//    with the same tags in the same places;
//  * every element of every L3 argument ends with the same tag.
//
// An element the program never writes may hold anything in the design.
// Anything either replay does not read is `unknown`, never a pass.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_EQUIVALENCE_H
#define AIRCHECK_ANALYSES_VALIDATE_EQUIVALENCE_H

#include "mlir/IR/BuiltinOps.h"

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace aircheck::aiecheck {
struct Device;
} // namespace aircheck::aiecheck

namespace aircheck::validate {

struct Verdict {
  enum Kind { Equivalent, Different, Unknown } kind = Unknown;
  /// Different: the first difference, naming the element; Unknown: why.
  std::string message;
  mlir::Operation *at = nullptr;
  std::vector<std::pair<mlir::Operation *, std::string>> notes;
  /// What was compared (for the report): core buffers, fills' elements, L3
  /// elements, elements npu_mmio channels set, herd parts of cores' code
  /// compared with their herd bodies (a core runs one per herd it holds).
  int64_t buffers = 0, filled = 0, results = 0, initial = 0, code = 0;
  /// Decided by the functions: cores named, result arguments equal as
  /// functions (`buffers` and `code` count as above; no element is).
  int64_t cores = 0, resultArguments = 0;
  /// On Equivalent, for a design of one device: each design core buffer a
  /// DMA fills (its aie.buffer) with the program buffer it was paired with
  /// (an L1 alloc of a herd) and that instance's segment and herd ids.
  struct Pair {
    mlir::Operation *buffer = nullptr, *alloc = nullptr;
    std::vector<int64_t> key;
  };
  std::vector<Pair> paired;
  /// Every design buffer paired with a herd instance's L1 alloc, filled by
  /// DMAs or not (a buffer its core sends from), on a verdict of
  /// equivalence.
  std::vector<Pair> pairedBuffers;
  /// Per runtime-sequence argument, the function argument it is (-1: none;
  /// set whatever the verdict, empty where the two do not correspond).
  std::vector<int> argumentOf;
  /// Unknown because a replay ran past its budget (Unknown::pastBudget).
  bool pastBudget = false;
  /// Who decided: the replays (this file) or the functions
  /// (SymbolicVerdict.h), which count cores, core buffers and result
  /// arguments rather than elements.
  enum Method { Replays, Functions } decidedBy = Replays;
  /// Unknown because the two methods disagree: a bug of air-check's
  /// (validate exits 3, compile writes nothing).
  bool clash = false;
  /// Modules `at` and the notes' ops may live in (a copy of the program
  /// per function, for a design of several devices).
  std::vector<std::shared_ptr<void>> keep;
};

struct ValidateOptions {
  uint64_t maxSteps = 1000000; // the program run's step budget
  /// Elements either replay may move (2^31: seed 003's GEMM at 4096 x
  /// 4096 x 1024 moves 2^30 into core buffers; `validate --max-elements`).
  int64_t budget = int64_t(1) << 31;
  /// The design replay's step budget (steps of the dispatch model's
  /// agents: a lock operation, a BD's start or completion, a task's push).
  uint64_t designSteps = 160000000;
  /// Who decides (Validation.h): the replays where they fit
  /// `replaysFirst` elements, else the functions, then the replays within
  /// `budget` where the functions do not decide (Auto); the replays alone;
  /// the functions alone.
  enum class Method { Auto, Replays, Functions } method = Method::Auto;
  int64_t replaysFirst = int64_t(1) << 26;
  /// The functions' wall-clock limit (isl's pivots grow dear with their
  /// numbers; past it they do not decide).
  std::chrono::milliseconds functionsLimit{120000};
};

/// The replays' verdict: whether `dev` moves the data `program` (verified,
/// hierarchy-wrapped, one function with AIR ops) does, within
/// `options.budget` and the step budgets (Validation.h decides who runs).
Verdict replayVerdict(mlir::ModuleOp program, aiecheck::Device &dev,
                      const ValidateOptions &options);

} // namespace aircheck::validate

#endif
