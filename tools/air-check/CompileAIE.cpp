//===- CompileAIE.cpp - the NPU back end of `air-check compile` -----------===//
//
// Lowers with lowerings/AIRToAIE, verifies the result, prints it, parses the
// printed text again and runs every aie-level check on it. Any finding
// there is a bug of the lowering: the output is not written.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/Compile.h"
#include "tools/air-check/Validate.h"
#include "analyses/HoldsAIR.h"
#include "analyses/validate/Validation.h"
#include "mlir/Parser/Parser.h"

#include "tools/air-check/Lint.h"

#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "dialects/AIR/AIRDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include <set>
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace aircheck;
using namespace mlir;

static std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().useLocalScope());
  os << "\n";
  return text;
}

namespace {
/// One lowering and its second check. The findings are kept, not printed:
/// the caller decides which attempt's to show.
struct Attempt {
  CompileResult::Status status = CompileResult::Status::Ok;
  std::string text, report;
  unsigned errors = 0;
  /// Of the errors, the second check's deadlocks (aie-deadlock).
  unsigned deadlocks = 0;
};
} // namespace

static Attempt lowerAndCheck(ModuleOp module, ModuleOp written,
                             const DeviceModel &device,
                             StringRef inputName,
                             const AIRToAIEOptions &lowering,
                             bool allowUnvalidated) {
  Attempt a;
  OwningOpRef<ModuleOp> out = lowerAIRToAIE(module, device, lowering);
  if (!out) {
    a.status = CompileResult::Status::Refused;
    return a;
  }
  if (failed(verify(*out))) {
    module.emitError() << "[" << kLoweringBugRule
                       << "] the lowered design fails the aie dialect's "
                          "verifier";
    a.status = CompileResult::Status::Internal;
    return a;
  }
  a.text = print(*out);

  // The second check: the printed design, read back, against every
  // aie-level check (resources, lock protocol, deadlock freedom).
  LintOptions options;
  options.format = OutputFormat::Json; // collect; print only what fails
  std::string name = (inputName + " (lowered)").str();
  LintOutcome again = lintBuffer(
      name, llvm::MemoryBuffer::getMemBufferCopy(a.text, name), options);
  // An error there is a bug of the lowering; an unknown (a warning) means
  // the design could not be proven, and verified compilation refuses it.
  llvm::raw_string_ostream os(a.report);
  unsigned bad = 0;
  for (const Finding &f : again.result.findings) {
    if (f.severity != Severity::Error && f.severity != Severity::Warning)
      continue;
    ++bad;
    a.errors += f.severity == Severity::Error;
    a.deadlocks += f.severity == Severity::Error && f.rule == "aie-deadlock";
    os << f.pos.file << ":" << f.pos.line << ":" << f.pos.column << ": "
       << severityName(f.severity) << ": ["
       << (f.severity == Severity::Error ? kLoweringBugRule
                                         : kCompileUnsupportedRule)
       << "] the lowered design: " << f.message << " [" << f.rule << "]\n";
    for (const FindingNote &n : f.notes)
      os << n.pos.file << ":" << n.pos.line << ":" << n.pos.column
         << ": note: " << n.message << "\n";
  }
  // The third check: the design moves the program's data, element by
  // element (analyses/validate, docs/validate.md). A difference is a bug
  // of the lowering; an unknown refuses (--allow-unvalidated: a warning).
  if (!bad && again.result.status == "clean") {
    ParserConfig config(module.getContext(), /*verifyAfterParse=*/false);
    OwningOpRef<ModuleOp> design =
        parseSourceString<ModuleOp>(a.text, config, name);
    validate::Verdict v;
    validate::ValidateOptions vo;
    vo.maxSteps = std::max(vo.maxSteps, lowering.maxSteps);
    if (design)
      v = validate::validateDesign(written, *design, vo);
    auto where = [&](Operation *op) {
      std::string out = name;
      if (op)
        if (auto l = dyn_cast<FileLineColLoc>(op->getLoc()))
          out = (l.getFilename().str() + ":" + std::to_string(l.getLine()) +
                 ":" + std::to_string(l.getColumn()));
      return out;
    };
    if (v.kind == validate::Verdict::Different) {
      os << where(v.at) << ": error: [" << kLoweringBugRule
         << "] the lowered design does not move the program's data: "
         << v.message << " [" << kValidateDifferentRule << "]\n";
      for (auto &[op, text] : v.notes)
        os << where(op) << ": note: " << text << "\n";
      a.errors += 1;
      a.status = CompileResult::Status::Internal;
      return a;
    }
    if (v.clash) {
      os << where(v.at) << ": error: [" << kLoweringBugRule
         << "] internal error: " << v.message << "\n";
      a.errors += 1;
      a.status = CompileResult::Status::Internal;
      return a;
    }
    if (v.kind == validate::Verdict::Unknown) {
      // Verified compilation refuses what it could not prove, unless told
      // to write it anyway (then the unknown is a warning).
      os << where(v.at)
         << (allowUnvalidated ? ": warning: [" : ": error: [")
         << kValidateUnknownRule
         << "] the lowered design's data movement is not validated: "
         << v.message << "\n";
      if (!allowUnvalidated) {
        os << name << ": note: the design passed the checks before this "
                      "one; --allow-unvalidated writes it with this as a "
                      "warning\n";
        a.status = CompileResult::Status::Refused;
        return a;
      }
    }
  }
  if (bad && !a.errors && again.result.status == "findings") {
    a.status = CompileResult::Status::Refused;
  } else if (bad || again.result.status != "clean") {
    if (!bad)
      os << name << ": error: [" << kLoweringBugRule
         << "] the lowered design did not read back (" << again.result.status
         << ")\n";
    a.status = CompileResult::Status::Internal;
  }
  return a;
}

/// Whether the second check failed `a` by deadlocks alone (a choice of
/// the lowering's, which another design may avoid), not by anything else.
static bool onlyDeadlocks(const Attempt &a) {
  return a.status == CompileResult::Status::Internal && a.errors &&
         a.errors == a.deadlocks;
}

/// Readers of an L2 fill that take turns in the run's order (one drains
/// its share before the next starts) can make cores that need two readers'
/// data at once wait on each other: the second check finds the deadlock.
/// Reads of one fill commute, so the order is the lowering's choice: where
/// `a` failed by deadlocks alone, lower again with the readers taking turns
/// transfer by transfer (AIRToAIEOptions::interleaveReads) and keep that
/// design if it passes every check. If it is refused, or deadlocks too,
/// the first design's finding is the one shown; if it fails otherwise (a
/// lowering bug), that is shown, with what the lowering said.
static void interleaveIfDeadlocked(Attempt &a, ModuleOp module,
                                   ModuleOp written,
                                   const DeviceModel &device,
                                   StringRef inputName,
                                   AIRToAIEOptions lowering,
                                   bool allowUnvalidated) {
  if (!onlyDeadlocks(a))
    return;
  lowering.interleaveReads = true;
  lowering.merged = nullptr;
  Attempt again;
  std::string said;
  {
    // Kept, not printed: a refusal of this design (it may need BDs the
    // first design folded) is not the one to show.
    ScopedDiagnosticHandler keep(module.getContext(), [&](Diagnostic &d) {
      llvm::raw_string_ostream os(said);
      if (auto l = dyn_cast<FileLineColLoc>(d.getLocation()))
        os << l.getFilename() << ":" << l.getLine() << ":" << l.getColumn()
           << ": ";
      os << (d.getSeverity() == DiagnosticSeverity::Error ? "error: "
                                                          : "note: ")
         << d.str() << "\n";
      for (const Diagnostic &n : d.getNotes())
        os << "  note: " << n.str() << "\n";
      return success();
    });
    again = lowerAndCheck(module, written, device, inputName, lowering,
                          allowUnvalidated);
  }
  // A design that passes replaces the first. One that fails for another
  // reason than a deadlock is a bug of the lowering: shown, never hidden.
  if (again.status == CompileResult::Status::Ok)
    a = std::move(again);
  else if (again.status == CompileResult::Status::Internal &&
           !onlyDeadlocks(again)) {
    again.report = said + again.report;
    a = std::move(again);
  }
}

/// One function's program to one aie.device.
static CompileResult compileOne(ModuleOp module, const DeviceModel &device,
                                StringRef inputName, uint64_t maxSteps,
                                bool allowUnvalidated) {
  bool merged = false;
  AIRToAIEOptions lowering;
  lowering.merged = &merged;
  lowering.maxSteps = maxSteps;
  // The program as written, for the third check: the lowering rewrites
  // `module` (host copies the design need not run, a segment's instances
  // apart), and the replay does not trust those rewrites: it runs host
  // copies and tells a segment's instances apart (docs/validate.md).
  OwningOpRef<ModuleOp> written = module.clone();
  Attempt first = lowerAndCheck(module, *written, device, inputName, lowering,
                    allowUnvalidated);
  interleaveIfDeadlocked(first, module, *written, device, inputName, lowering,
                         allowUnvalidated);
  Attempt *shown = &first;
  Attempt second;
  // A design that sends identical transfers once (a broadcast) ties their
  // destinations together; where the program needed one ahead of another,
  // the second check finds a deadlock. That is a choice of the lowering,
  // not a property of the program: lower again without it.
  if (onlyDeadlocks(first) && merged) {
    lowering.mergeIdenticalSources = false;
    lowering.merged = nullptr;
    second = lowerAndCheck(module, *written, device, inputName, lowering,
                    allowUnvalidated);
    interleaveIfDeadlocked(second, module, *written, device, inputName,
                           lowering, allowUnvalidated);
    shown = &second;
    if (second.status == CompileResult::Status::Refused) {
      // The refusal is printed; say why the first design was not kept.
      StringRef firstLine = StringRef(first.report).split('\n').first;
      llvm::errs() << inputName << ": note: [" << kCompileUnsupportedRule
                   << "] the design that sends identical transfers once, as "
                      "a broadcast, was lowered first and failed the second "
                      "check (its destinations cannot all take them at "
                      "once); without that merge, the refusal above. The "
                      "first design's finding: "
                   << firstLine.split(": error: ").second << "\n";
      return {CompileResult::Status::Refused, ""};
    }
  }
  llvm::errs() << shown->report;
  if (shown->status != CompileResult::Status::Ok)
    return {shown->status, ""};
  return {CompileResult::Status::Ok, shown->text};
}

/// Each function that holds AIR ops is a program of its own (the host
/// calls each): one aie.device each, lowered and checked (all three
/// checks) from a copy of the module without the other such functions,
/// then gathered in one module. Devices are independent (each is loaded
/// on its own), so each device's proofs hold in the whole. Device names
/// that two functions' segments share get the function's name appended.
CompileResult aircheck::compileForAIE(ModuleOp module, const DeviceModel &device,
                                      StringRef emit, StringRef inputName,
                                      uint64_t maxSteps,
                                      bool allowUnvalidated) {
  if (emit == "air")
    return {CompileResult::Status::Ok, print(module)};
  SmallVector<func::FuncOp> programs = airPrograms(module);
  if (programs.size() <= 1)
    return compileOne(module, device, inputName, maxSteps, allowUnvalidated);
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> all = ModuleOp::create(module.getLoc());
  std::set<std::string> names;
  for (func::FuncOp program : programs) {
    OwningOpRef<ModuleOp> copy = programAlone(module, program.getSymName());
    CompileResult one = compileOne(*copy, device, inputName, maxSteps,
                                   allowUnvalidated);
    if (one.status != CompileResult::Status::Ok)
      return one;
    ParserConfig config(ctx, /*verifyAfterParse=*/false);
    OwningOpRef<ModuleOp> design =
        parseSourceString<ModuleOp>(one.text, config, inputName);
    if (!design) {
      module.emitError() << "[" << kLoweringBugRule
                         << "] the design of @" << program.getSymName()
                         << " did not read back";
      return {CompileResult::Status::Internal, ""};
    }
    for (Operation &op :
         llvm::make_early_inc_range(design->getBody()->getOperations())) {
      if (auto name = op.getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName())) {
        std::string n = name.getValue().str();
        if (names.count(n))
          n += "_" + program.getSymName().str();
        names.insert(n);
        op.setAttr(SymbolTable::getSymbolAttrName(),
                   StringAttr::get(ctx, n));
      }
      op.moveBefore(all->getBody(), all->getBody()->end());
    }
  }
  return {CompileResult::Status::Ok, print(*all)};
}
