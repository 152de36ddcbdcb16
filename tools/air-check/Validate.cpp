//===- Validate.cpp - `air-check validate` --------------------------------===//
#include "tools/air-check/Validate.h"

#include "analyses/DeviceModel.h"
#include "analyses/ImplicitHierarchy.h"
#include "analyses/validate/Equivalence.h"
#include "analyses/validate/InstanceIdentity.h"
#include "analyses/validate/SymbolicVerdict.h"
#include "analyses/validate/Validation.h"
#include "analyses/validate/KernelCopies.h"
#include "analyses/validate/RelationEquality.h"
#include "analyses/validate/ReplayAgreement.h"
#include "solvers/IslSupport.h"
#include "tools/Registration.h"
#include "tools/air-check/Compile.h"
#include "tools/air-check/Lint.h"
#include "tools/frontend/VerifyGuard.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CrashRecoveryContext.h"

#include <chrono>
#include <cstdlib>
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace aircheck;

/// Lints one input; 0 clean, else validate's exit code.
static int checked(StringRef path, const std::string &device,
                   uint64_t maxSteps, std::unique_ptr<llvm::MemoryBuffer> &text) {
  LintOptions lint;
  lint.check.device = device;
  lint.check.maxSteps = maxSteps;
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError()) {
    (void)unreadableInput(path, ec.message(), lint);
    return 2;
  }
  text = std::move(*buffer);
  LintOutcome out = lintBuffer(
      path,
      llvm::MemoryBuffer::getMemBufferCopy(text->getBuffer(),
                                           text->getBufferIdentifier()),
      lint);
  const FileResult &r = out.result;
  if (r.status == "internal-error")
    return 3;
  if (r.status == "parse-error" || r.status == "unreadable")
    return 2;
  for (const Finding &f : r.findings)
    if (blocksCompilation(f)) {
      llvm::errs() << "air-check validate: " << path
                   << ": not validated: its checks have findings (above); "
                      "validation replays verified programs and designs "
                      "only\n";
      return 1;
    }
  return 0;
}

/// Runs one of the hidden cross-checks (`body` sets its exit code): a
/// crash in it is an internal error (exit 3).
static int crossCheck(StringRef path, llvm::function_ref<void(int &)> body) {
  int rc = 0;
  llvm::CrashRecoveryContext crc;
  if (crc.RunSafely([&] { body(rc); }))
    return rc;
  llvm::errs() << "air-check validate: internal error: air-check crashed "
                  "while cross-checking "
               << path << "\n";
  return 3;
}

/// With AIR_CHECK_CROSS_CHECK_TIMES set, the cross-checks print how long
/// their parts took (docs/validate.md): the milliseconds since `from`.
using Clock = std::chrono::steady_clock;
static bool timedCrossChecks() {
  return std::getenv("AIR_CHECK_CROSS_CHECK_TIMES") != nullptr;
}
static int64_t msSince(Clock::time_point from,
                       Clock::time_point to = Clock::now()) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from)
      .count();
}

/// The end of a cross-check's summary line (the comparisons isl gave up
/// on), why buffers are not covered, and each disagreement as an internal
/// error (exit 3).
static void
finishReport(int64_t undecided, const std::map<std::string, int> &reasons,
             const std::vector<std::pair<Operation *, std::string>> &differ,
             StringRef what, int &rc) {
  if (undecided)
    llvm::outs() << ", " << undecided << " not compared (isl's budget ran out)";
  llvm::outs() << "\n";
  for (auto &[why, n] : reasons)
    llvm::outs() << "  not covered (" << n << "): " << why << "\n";
  for (auto &[op, witness] : differ) {
    emitError(op->getLoc()) << "internal error: " << what << witness;
    rc = 3;
  }
}

/// The design replay against the stream relations, device by device:
/// 0 when they agree wherever the relations cover a buffer, else 3.
static int crossCheckStreams(ModuleOp design, StringRef path) {
  return crossCheck(path, [&](int &rc) {
    for (aiecheck::Device &d : aiecheck::collectDevices(design)) {
      validate::DesignDelivery replay = validate::replayDesign(
          d, validate::ValidateOptions().budget,
          validate::ValidateOptions().designSteps);
      if (replay.unknown || replay.wrong) {
        llvm::outs() << "air-check validate: stream cross-check: the replay "
                        "is unknown: "
                     << (replay.unknown ? replay.unknown.why
                                        : replay.wrong.why)
                     << "\n";
        continue;
      }
      IslContext isl;
      try {
        auto t0 = Clock::now();
        validate::StreamRelations rel =
            validate::deriveStreamRelations(d, isl);
        if (timedCrossChecks())
          llvm::errs() << "stream cross-check: derived in " << msSince(t0)
                       << " ms"
                       << (rel.cycleRounds
                               ? ", streams that depend on themselves "
                                 "settled in at most " +
                                     std::to_string(rel.cycleRounds) +
                                     " rounds"
                               : std::string())
                       << "\n";
        validate::Agreement a =
            validate::compareWithReplay(rel, replay, isl);
        std::map<std::string, int> reasons;
        for (auto &[buffer, why] : rel.notCovered)
          ++reasons[why];
        llvm::outs() << "air-check validate: stream cross-check: " << a.agree
                     << " core buffers' fills agree with the replay, "
                     << a.differ.size() << " differ, " << rel.notCovered.size()
                     << " not covered";
        finishReport(a.undecided, reasons, a.differ,
                     "the replay and the stream relations disagree on this "
                     "buffer's fills: ",
                     rc);
        std::vector<unsigned> differing;
        validate::Agreement r =
            validate::compareResultsWithReplay(rel, replay, isl, differing);
        std::map<std::string, int> resultReasons;
        for (auto &[g, why] : rel.resultsNotCovered)
          ++resultReasons[why];
        llvm::outs() << "air-check validate: stream cross-check: " << r.agree
                     << " arguments' results agree with the replay, "
                     << r.differ.size() << " differ, "
                     << rel.resultsNotCovered.size() << " not covered";
        finishReport(r.undecided, resultReasons, r.differ,
                     "the replay and the stream relations disagree on the "
                     "results: ",
                     rc);
      } catch (const isl::exception &e) {
        llvm::outs() << "air-check validate: stream cross-check: isl gave "
                        "up: "
                     << islx::reason(e) << "\n";
      }
    }
  });
}

/// The program side: the stream relations of the program's L1 buffers
/// (ProgramStreams.h) against the program's replay.
static int crossCheckProgramStreams(ModuleOp program, StringRef path,
                                    uint64_t maxSteps) {
  return crossCheck(path, [&](int &rc) {
    validate::ProgramDelivery replay = validate::replayProgram(
        program, maxSteps, validate::ValidateOptions().budget);
    if (replay.unknown) {
      llvm::outs() << "air-check validate: program stream cross-check: the "
                      "replay is unknown: "
                   << replay.unknown.why << "\n";
      return;
    }
    auto t0 = Clock::now();
    validate::ProgramStreams rel = validate::deriveProgramStreams(program);
    auto t1 = Clock::now();
    bool timed = timedCrossChecks();
    if (timed)
      llvm::errs() << "program stream cross-check: derived in "
                   << msSince(t0, t1) << " ms\n";
    validate::Agreement a = validate::compareWithReplay(rel, replay);
    if (timed)
      llvm::errs() << "program stream cross-check: compared in "
                   << msSince(t1) << " ms\n";
    std::map<std::string, int> reasons;
    for (auto &[buffer, why] : rel.notCovered)
      ++reasons[why];
    llvm::outs() << "air-check validate: program stream cross-check: "
                 << a.agree << " herd instances' buffers agree with the "
                 << "replay, " << a.differ.size() << " differ, "
                 << rel.fills.size() << " L1 allocs covered, "
                 << rel.notCovered.size() << " not covered";
    finishReport(a.undecided, reasons, a.differ,
                 "the program's replay and its stream relations disagree on "
                 "this buffer's fills: ",
                 rc);
    validate::Agreement r = validate::compareResultsWithReplay(rel, replay);
    std::map<std::string, int> resultReasons;
    for (auto &[g, why] : rel.resultsNotCovered)
      ++resultReasons[why];
    llvm::outs() << "air-check validate: program stream cross-check: "
                 << r.agree << " arguments' results agree with the replay, "
                 << r.differ.size() << " differ, "
                 << rel.resultsNotCovered.size() << " not covered";
    finishReport(r.undecided, resultReasons, r.differ,
                 "the program's replay and its stream relations disagree on "
                 "the results: ",
                 rc);
  });
}

/// What the relation cross-check's parts share: both sides' functions
/// (one isl context, the program's), the replays' verdict and their
/// pairing of the buffers cores send, and the exit code they set.
struct RelationCheck {
  ModuleOp program;
  validate::ProgramStreams &ps;
  validate::StreamRelations &rel;
  const validate::Verdict &v;
  std::map<int64_t, int64_t> &computedOf;
  aiecheck::Device &device;
  bool timed;
  int &rc;
  Clock::time_point t0;
};

/// Each buffer the replays paired, where both sides cover it: its
/// function against its instance's, and the instances the functions alone
/// name for it.
static void compareBuffers(RelationCheck &c) {
  auto &[program, ps, rel, v, computedOf, device, timed, rc, t0] = c;
  int64_t equal = 0, uncovered = 0, undecided = 0, named = 0, unique = 0;
  std::vector<std::pair<Operation *, std::string>> differ;
  for (const validate::Verdict::Pair &pair : v.paired) {
    auto d = rel.functions.find(pair.buffer);
    auto p = ps.functions.find(pair.alloc);
    if (d == rel.functions.end() || p == ps.functions.end()) {
      ++uncovered;
      continue;
    }
    std::string witness;
    try {
      ps.isl->resetBudget();
      auto s0 = Clock::now();
      bool same = validate::sameRelation(
          d->second, validate::atInstance(p->second, pair.key),
          v.argumentOf, witness, computedOf);
      if (!same) {
        differ.push_back({pair.buffer, witness});
        continue;
      }
      ++equal;
      if (timed)
        llvm::errs() << "relation cross-check: equal in "
                     << msSince(s0) << " ms\n";
      // The instance, read from the functions alone: the replays' must
      // be among those that receive the buffer's data.
      isl::set found =
          validate::matchingInstances(d->second, p->second, v.argumentOf,
                                      computedOf);
      if (timed)
        llvm::errs() << "relation cross-check: a buffer (and its "
                        "instances) in "
                     << msSince(s0) << " ms\n";
      std::string key = validate::keyText(pair.key);
      if (!isl::set(found.ctx(), "{ X[" + key + "] }").is_subset(found)) {
        differ.push_back(
            {pair.buffer, "the functions alone do not name the instance (" +
                              key + ") the replays pair it with"});
        continue;
      }
      ++named;
      unique += found.is_singleton();
    } catch (const isl::exception &) {
      ++undecided;
    }
  }
  if (timed)
    llvm::errs() << "relation cross-check: " << msSince(t0) << " ms\n";
  llvm::outs() << "air-check validate: relation cross-check: " << equal
               << " core buffers' relations equal their instance's in the "
                  "program, "
               << differ.size() << " differ, " << uncovered
               << " not covered on a side";
  finishReport(undecided, {}, differ,
               "the replays pair this buffer with a herd instance whose fill "
               "relation differs from the design's: ",
               rc);
  if (equal)
    llvm::outs() << "air-check validate: relation cross-check: the "
                    "relations alone name that instance for "
                 << named << " of them (" << unique
                 << " the only instance that receives its data)\n";
}

/// The results, argument by argument, on a verdict of equivalence (the
/// core buffers' renaming needs the replays' pairing).
static void compareResults(RelationCheck &c) {
  auto &[program, ps, rel, v, computedOf, device, timed, rc, t0] = c;
  if (v.kind == validate::Verdict::Equivalent) {
    int64_t same = 0, open = 0, sides = 0;
    std::vector<std::pair<Operation *, std::string>> wrong;
    for (auto &[g, f] : rel.results) {
      int gp = g < v.argumentOf.size() ? v.argumentOf[g] : -1;
      auto p = ps.results.find(gp);
      if (p == ps.results.end()) {
        ++sides;
        continue;
      }
      std::string witness;
      if (timed)
        llvm::errs() << "relation cross-check: argument " << gp
                     << "'s results in "
                     << isl_pw_multi_aff_n_piece(f.get())
                     << " pieces (design), "
                     << isl_pw_multi_aff_n_piece(p->second.get())
                     << " (program)\n";
      try {
        ps.isl->resetBudget();
        auto r0 = Clock::now();
        bool equalResults = validate::sameResults(
            f, (int)g, p->second, gp, v.argumentOf, computedOf, witness);
        if (timed)
          llvm::errs() << "relation cross-check: argument " << gp
                       << "'s results compared in " << msSince(r0)
                       << " ms\n";
        if (equalResults)
          ++same;
        else
          wrong.push_back({device.op,
                           "argument " + std::to_string(gp) + ": " +
                               witness});
      } catch (const isl::exception &) {
        ++open;
      }
    }
    sides += rel.resultsNotCovered.size();
    llvm::outs() << "air-check validate: relation cross-check: " << same
                 << " arguments' results equal the program's, "
                 << wrong.size() << " differ, " << sides
                 << " not covered on a side";
    finishReport(open, {}, wrong,
                 "the replays find the results equal, the functions "
                 "differ: ",
                 rc);
  }
}

/// Which herd instance each core runs, from the functions and the code
/// alone (InstanceIdentity.h), and the data verdict from the functions
/// alone (SymbolicVerdict.h), against the replays'.
static void compareIdentification(RelationCheck &c) {
  auto &[program, ps, rel, v, computedOf, device, timed, rc, t0] = c;
  if (!v.argumentOf.empty()) {
    auto i0 = Clock::now();
    try {
      ps.isl->resetBudget();
      validate::InstanceIdentity id = validate::identifyInstances(
          program, device.op, ps, rel, v.argumentOf);
      int64_t same = 0, other = 0, renamed = 0;
      std::vector<std::pair<Operation *, std::string>> wrongCores;
      std::map<Operation *, std::vector<int64_t>> replayKey;
      for (const validate::Verdict::Pair &pair : v.pairedBuffers)
        replayKey[pair.buffer] = pair.key;
      for (auto &[core, named] : id.named) {
        std::optional<std::vector<int64_t>> theirs;
        std::vector<Operation *> buffers = named.unnamed;
        for (auto &[alloc, buffer] : named.bufferOf)
          buffers.push_back(buffer);
        for (Operation *buffer : buffers)
          if (auto it = replayKey.find(buffer); it != replayKey.end())
            theirs = it->second;
        if (!theirs)
          continue;
        if (*theirs == named.key) {
          ++same;
          continue;
        }
        ++other;
        // The only instance that receives its data, and the replays
        // name another: one of the four parts is wrong.
        if (named.only)
          wrongCores.push_back(
              {core, "the functions and the code name instance (" +
                         validate::keyText(named.key) +
                         ") alone, the replays (" +
                         validate::keyText(*theirs) + ")"});
      }
      for (auto &[w, who] : id.computedOf)
        if (auto it = computedOf.find(w);
            it != computedOf.end() && it->second == who)
          ++renamed;
      if (timed)
        llvm::errs() << "identification cross-check: " << msSince(i0)
                     << " ms\n";
      llvm::outs() << "air-check validate: identification cross-check: "
                   << id.named.size() << " cores' instances named by the "
                   << "functions and the code alone, " << same
                   << " as the replays name them, " << other
                   << " otherwise, " << id.notNamed.size()
                   << " not named";
      std::map<std::string, int> reasons;
      for (auto &[core, why] : id.notNamed)
        ++reasons[why];
      finishReport(0, reasons, wrongCores,
                   "the replays and the functions name different herd "
                   "instances for this core: ",
                   rc);
      if (!id.computedOf.empty())
        llvm::outs() << "air-check validate: identification cross-check: "
                     << renamed << " of " << id.computedOf.size()
                     << " buffers cores send renamed as the replays' "
                        "pairing renames them\n";
      // The data verdict from the functions alone, against the replays'.
      auto s0 = Clock::now();
      ps.isl->resetBudget();
      validate::SymbolicVerdict sv =
          validate::decideSymbolically(ps, rel, id, v.argumentOf);
      if (timed)
        llvm::errs() << "symbolic verdict: " << msSince(s0) << " ms\n";
      llvm::outs() << "air-check validate: symbolic verdict cross-check: ";
      if (sv.kind == validate::SymbolicVerdict::Equivalent)
        llvm::outs() << "equivalent (" << sv.cores
                     << " cores named, the code of " << sv.code
                     << " compared, " << sv.buffers << " core buffers and "
                     << sv.results
                     << " result arguments equal as functions)\n";
      else if (sv.kind == validate::SymbolicVerdict::Different)
        llvm::outs() << "different: " << sv.why << "\n";
      else
        llvm::outs() << "undecided: " << sv.why << "\n";
      bool clash =
          (sv.kind == validate::SymbolicVerdict::Equivalent &&
           v.kind == validate::Verdict::Different) ||
          (sv.kind == validate::SymbolicVerdict::Different &&
           v.kind == validate::Verdict::Equivalent);
      if (clash) {
        emitError(device.op->getLoc())
            << "internal error: the replays and the functions disagree on "
               "whether the design moves the program's data: "
            << (sv.kind == validate::SymbolicVerdict::Different
                    ? sv.why
                    : "the replays find a difference");
        rc = 3;
      }
    } catch (const isl::exception &) {
      llvm::outs() << "air-check validate: identification cross-check: "
                      "isl gave up\n";
    }
  }
}

/// Buffers matched against every covered alloc, without the replays'
/// pairing (for the mutation benchmark).
static void matchUnpaired(RelationCheck &c) {
  auto &[program, ps, rel, v, computedOf, device, timed, rc, t0] = c;
  // Without the replays' pairing: does each covered design buffer
  // receive what some instance of some covered L1 alloc receives? On a
  // design that moves the program's data, every buffer whose alloc is
  // covered does; a buffer that does not is a difference the functions
  // alone find (for the mutation benchmark; the verdict is the replays').
  int64_t some = 0, none = 0, open = 0, cores = 0;
  if (v.argumentOf.empty())
    return; // the verdict came before the arguments were paired
  for (auto &[buffer, f] : rel.functions) {
    // What cores send (kind-2 tags) the program side does not read yet.
    if (computedOf.empty() &&
        !f.as_map().range().unwrap().range().intersect(
               isl::set(f.ctx(), "{ V[k, w, r, x] : k = 2 }"))
             .is_empty()) {
      ++cores;
      continue;
    }
    bool found = false, gaveUp = false;
    for (auto &[alloc, g] : ps.functions) {
      try {
        ps.isl->resetBudget();
        if (!validate::matchingInstances(f, g, v.argumentOf, computedOf)
                 .is_empty()) {
          found = true;
          break;
        }
      } catch (const isl::exception &) {
        gaveUp = true;
      }
    }
    found ? ++some : gaveUp ? ++open : ++none;
  }
  llvm::outs() << "air-check validate: relation cross-check: " << some
               << " covered core buffers receive what a herd instance "
                  "receives, "
               << none << " what none of a covered alloc does";
  if (open)
    llvm::outs() << ", " << open << " undecided";
  if (cores)
    llvm::outs() << " (" << cores
                 << " more receive what cores send: without the replays' "
                    "pairing of buffers, not compared)";
  llvm::outs() << "\n";
}

/// Relation against relation: each design core buffer the replays paired
/// with a herd instance's L1 alloc, where both sides' functions cover it,
/// compared without the replayed logs (RelationEquality.h).
static int crossCheckRelations(ModuleOp program, ModuleOp design,
                               const validate::Verdict &v, StringRef path) {
  return crossCheck(path, [&](int &rc) {
    std::vector<aiecheck::Device> devices = aiecheck::collectDevices(design);
    if (devices.size() != 1)
      return;
    auto t0 = Clock::now();
    // Both sides in one isl context: the program's.
    validate::ProgramStreams ps = validate::deriveProgramStreams(program);
    auto tp = Clock::now();
    validate::StreamRelations rel;
    try {
      rel = validate::deriveStreamRelations(devices.front(), *ps.isl);
    } catch (const isl::exception &) {
      return;
    }
    bool timed = timedCrossChecks();
    if (timed)
      llvm::errs() << "relation cross-check: the program's functions derived "
                      "in "
                   << msSince(t0, tp) << " ms, the design's in "
                   << msSince(tp) << " ms\n";
    // Kind-2 tags: each design buffer's number to its instance's in the
    // program, from the replays' pairing (none on a verdict of difference).
    std::map<int64_t, int64_t> computedOf;
    for (const validate::Verdict::Pair &pair : v.pairedBuffers) {
      auto w = llvm::find(rel.computed, pair.buffer);
      auto c = ps.computed.find(pair.alloc);
      if (w != rel.computed.end() && c != ps.computed.end())
        computedOf[w - rel.computed.begin()] = c->second.who(pair.key);
    }
    RelationCheck check{program, ps, rel, v, computedOf, devices.front(),
                        timed, rc, t0};
    compareBuffers(check);
    compareResults(check);
    compareIdentification(check);
    matchUnpaired(check);
  });
}

int aircheck::runValidate(StringRef programPath, StringRef designPath,
                          const ValidateCommandOptions &options) {
  validate::ValidateOptions::Method method;
  if (options.method == "auto")
    method = validate::ValidateOptions::Method::Auto;
  else if (options.method == "replays")
    method = validate::ValidateOptions::Method::Replays;
  else if (options.method == "functions")
    method = validate::ValidateOptions::Method::Functions;
  else {
    llvm::errs() << "air-check validate: error: --method is auto, replays "
                    "or functions, not '"
                 << options.method << "'\n";
    return 2;
  }
  // The cross-checks compare with the replays' pairing: the replays decide.
  if (options.crossCheckStreams || options.crossCheckRelations)
    method = validate::ValidateOptions::Method::Replays;
  auto dev = loadDevice(options.target, deviceDirectory());
  if (!dev) {
    llvm::errs() << "air-check validate: error: "
                 << llvm::toString(dev.takeError()) << "\n";
    return 2;
  }
  bool gpu = dev->isGPU();
  if (!dev->isAIE() && !gpu) {
    llvm::errs() << "air-check validate: error: device '" << options.target
                 << "' is neither an AIE device nor a GPU\n";
    return 2;
  }
  std::unique_ptr<llvm::MemoryBuffer> programText, designText;
  if (int rc = checked(programPath, options.target, options.maxSteps,
                       programText))
    return rc;
  if (gpu) {
    // air-to-gpu's gpu.launch (air-opt --air-to-gpu): gpu and upstream
    // dialects that lint has no checks for; it is parsed and verified
    // below.
    auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(designPath, true);
    if (std::error_code ec = buffer.getError()) {
      llvm::errs() << "air-check validate: error: cannot read " << designPath
                   << ": " << ec.message() << "\n";
      return 2;
    }
    designText = std::move(*buffer);
  } else if (int rc = checked(designPath, "", options.maxSteps, designText)) {
    return rc;
  }

  std::unique_ptr<MLIRContext> ctxOwner = newToolContext();
  MLIRContext &ctx = *ctxOwner;
  // Diagnostics name either file: one SourceMgr holds copies of both.
  llvm::SourceMgr diagnostics, programMgr, designMgr;
  for (auto *text : {programText.get(), designText.get()})
    diagnostics.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text->getBuffer(),
                                             text->getBufferIdentifier()),
        llvm::SMLoc());
  std::optional<SourceMgrDiagnosticHandler> printer;
  std::optional<SourceMgrDiagnosticVerifierHandler> verifier;
  if (options.verifyDiagnostics)
    verifier.emplace(diagnostics, &ctx);
  else
    printer.emplace(diagnostics, &ctx, llvm::errs());
  auto result = [&](int rc) {
    if (!verifier)
      return rc;
    return succeeded(verifier->verify()) ? 0 : 1;
  };
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  programMgr.AddNewSourceBuffer(std::move(programText), llvm::SMLoc());
  designMgr.AddNewSourceBuffer(std::move(designText), llvm::SMLoc());
  OwningOpRef<ModuleOp> program = parseSourceFile<ModuleOp>(programMgr, config);
  OwningOpRef<ModuleOp> design = parseSourceFile<ModuleOp>(designMgr, config);
  if (!program || !design || failed(checkVerifierPreconditions(*program)) ||
      failed(verify(*program)) || failed(checkVerifierPreconditions(*design)) ||
      failed(verify(*design)))
    return 2; // lint just read the same texts: it does not get here

  if (options.crossCheckStreams && !gpu) {
    wrapBareHierarchy(*program);
    int rc = crossCheckProgramStreams(
        *program, programPath, std::max(options.maxSteps, kCompileRunSteps));
    if (!rc)
      rc = crossCheckStreams(*design, designPath);
    if (rc)
      return rc;
  }

  validate::Verdict v;
  llvm::CrashRecoveryContext crc;
  bool finished = crc.RunSafely([&] {
    wrapBareHierarchy(*program);
    if (gpu) {
      v = validate::validateKernelCopies(*program, *design);
      return;
    }
    validate::ValidateOptions vo;
    // The program's run takes compile's budget (what compile validates,
    // validate does).
    vo.maxSteps = std::max(options.maxSteps, kCompileRunSteps);
    if (options.maxElements)
      vo.budget = int64_t(std::min<uint64_t>(options.maxElements, INT64_MAX));
    vo.method = method;
    vo.functionsLimit = std::chrono::seconds(options.functionsLimit);
    // The program as written: the replay runs host copies and tells a
    // segment's instances apart (docs/validate.md), so compile's rewrites
    // are checked, not trusted.
    v = validate::validateDesign(*program, *design, vo);
  });
  if (!finished) {
    (void)ctxOwner.release();
    (void)program.release();
    (void)design.release();
    llvm::errs() << "air-check validate: internal error: air-check crashed "
                    "while validating (please report it with these inputs)\n";
    return 3;
  }
  if ((options.crossCheckStreams || options.crossCheckRelations) && !gpu &&
      v.kind != validate::Verdict::Unknown)
    if (int rc = crossCheckRelations(*program, *design, v, designPath))
      return rc;
  Location loc = v.at ? v.at->getLoc() : (*design)->getLoc();
  switch (v.kind) {
  case validate::Verdict::Equivalent:
    if (gpu) {
      llvm::outs() << "air-check validate: " << designPath
                   << " copies what " << programPath << " names: "
                   << v.buffers << " copy loops compared (isl, for every "
                                   "block, loop value and tile)\n";
      return result(0);
    }
    if (v.decidedBy == validate::Verdict::Functions) {
      llvm::outs() << "air-check validate: " << designPath
                   << " moves the data of " << programPath
                   << " (decided from both sides' functions, every round at "
                      "once): "
                   << v.cores << " cores named, " << v.buffers
                   << " core buffers and " << v.resultArguments
                   << " result arguments equal as functions; " << v.code
                   << " herd instances' code compared\n";
      return result(0);
    }
    llvm::outs() << "air-check validate: " << designPath
                 << " moves the data of " << programPath << ": " << v.buffers
                 << " core buffers, " << v.filled
                 << " elements delivered into them, " << v.results
                 << " result elements compared";
    if (v.initial)
      llvm::outs() << ", " << v.initial << " elements set by npu_mmio channels";
    llvm::outs() << "; " << v.code << " herd instances' code compared\n";
    return result(0);
  case validate::Verdict::Different: {
    InFlightDiagnostic d = emitError(loc)
                           << "[" << kValidateDifferentRule
                           << (gpu ? "] the kernel does not copy the "
                                     "program's data: "
                                   : "] the design does not move the "
                                     "program's data: ")
                           << v.message;
    for (auto &[op, text] : v.notes)
      d.attachNote(op ? op->getLoc() : loc) << text;
    d.attachNote(loc) << (gpu ? "hint: a copy loop moves other elements than "
                                "the program's transfer (docs/validate.md); "
                                "if air-to-gpu made it, this is a bug of the "
                                "lowering"
                              : "hint: the design moves other elements than "
                                "the program (docs/validate.md); if compile "
                                "wrote it, this is a bug of the lowering");
    d.report();
    return result(1);
  }
  case validate::Verdict::Unknown:
    if (v.clash) {
      emitError(loc) << "internal error: " << v.message;
      return 3;
    }
    emitWarning(loc) << "[" << kValidateUnknownRule
                     << "] not validated: " << v.message
                     << " (docs/validate.md lists what each method reads)";
    return result(1);
  }
  return 3;
}
