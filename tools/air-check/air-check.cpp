//===- air-check.cpp - the user's command ----------------------------------===//
//
//   air-check lint [options] <file.mlir | folder>...
//
// Exit codes: 0 clean, 1 findings (any error), 2 usage, unreadable input or
// parse error, 3 internal error (air-check crashed on an input).
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/Compile.h"
#include "tools/air-check/Validate.h"
#include "tools/air-check/InputFiles.h"
#include "tools/air-check/HtmlLint.h"
#include "tools/air-check/Lint.h"
#include "tools/air-check/Output.h"
#include "tools/air-check/Report.h"

#include "analyses/DeviceModel.h"
#include "solvers/IslSupport.h"
#include "solvers/Versions.h"

#include "llvm/Config/llvm-config.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace aircheck;
namespace cl = llvm::cl;

static cl::OptionCategory lintCat("lint options");

static cl::SubCommand lintCmd(
    "lint", "Check AIR programs: the compute model's structural rules and "
            "every checker. Exit 0 clean, 1 findings, 2 usage or parse "
            "error, 3 internal error.");

static cl::list<std::string> inputs(cl::Positional,
                                    cl::desc("<file.mlir | folder>..."),
                                    cl::sub(lintCmd), cl::cat(lintCat));
static cl::list<std::string> excludes(
    "exclude",
    cl::desc("In a folder, leave out the files and folders whose path below "
             "it, or whose name, matches this glob (repeatable)"),
    cl::value_desc("glob"), cl::sub(lintCmd), cl::cat(lintCat));

static cl::OptionCategory reportCat("report options");
static cl::SubCommand reportCmd(
    "report", "What each launch, segment and herd holds (tiles, L1, L2) "
              "against a device; on an aie.device module, per tile (memory, "
              "locks, BDs, DMA channels) against its own device. Exit 0 "
              "fits, 1 over capacity or unknown, 2 usage or parse error.");
static cl::opt<std::string> reportInput(cl::Positional, cl::desc("<file.mlir>"),
                                        cl::sub(reportCmd), cl::cat(reportCat));
static cl::opt<std::string> reportDevice("device", cl::desc("The target device (see --list-devices); not read for an aie.device module"),
                                         cl::value_desc("name"), cl::sub(reportCmd),
                                         cl::cat(reportCat));
static cl::opt<std::string> reportTarget(
    "target",
    cl::desc("With --format=html, also draw the aie design 'air-check "
             "compile --target=<name>' writes, beside the placement (stands "
             "for --device)"),
    cl::value_desc("name"), cl::sub(reportCmd), cl::cat(reportCat));
static cl::opt<bool> listDevicesFlag("list-devices", cl::desc("List the known devices and exit"),
                                     cl::sub(reportCmd), cl::cat(reportCat));
static cl::opt<OutputFormat> reportFormat(
    "format", cl::desc("Output format (default text)"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "a table and a text map"),
               clEnumValN(OutputFormat::Json, "json", "JSON on stdout"),
               clEnumValN(OutputFormat::Html, "html",
                          "a page with an SVG map of the tile array")),
    cl::init(OutputFormat::Text), cl::sub(reportCmd), cl::cat(reportCat));
static cl::opt<OutputFormat> format(
    "format", cl::desc("Output format (default text)"),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "compiler-style diagnostics on stderr"),
               clEnumValN(OutputFormat::Json, "json", "air-check JSON on stdout"),
               clEnumValN(OutputFormat::Sarif, "sarif",
                          "SARIF 2.1.0 on stdout, for code-scanning tools"),
               clEnumValN(OutputFormat::Html, "html",
                          "a page on stdout; a deadlock drawn as its "
                          "wait-for cycle")),
    cl::init(OutputFormat::Text), cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<std::string> outputFile(
    "o", cl::desc("Write JSON, SARIF or HTML to this file instead of stdout"),
    cl::value_desc("file"), cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check diagnostics against expected-error/warning/note "
             "annotations in the input (for tests)"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> strict(
    "strict", cl::desc("Report the compute model's strict rules as errors"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> hostPolling(
    "host-polling",
    cl::desc("aie: a push onto a full DMA task queue waits for room (a later "
             "mlir-aie) instead of being dropped (the mlir-aie mlir-air pins)"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> allowFabricBuffering(
    "allow-fabric-buffering",
    cl::desc("aie: a dispatch that deadlocks with rendezvous streams but "
             "completes with the words the fabric is measured to buffer is "
             "a warning, not an error"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> repeatedDispatch(
    "repeated-dispatch",
    cl::desc("aie: the host dispatches the design again and again: a "
             "deadlock or unclean end in a later dispatch (from where the "
             "one before left the locks, cores and chains) is an error, not "
             "a warning"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<std::string> device(
    "device", cl::desc("Check resource use against this device"),
    cl::value_desc("name"), cl::sub(lintCmd), cl::cat(lintCat));
static cl::list<std::string> onlyChecks(
    "checks", cl::desc("Run only these checks (comma-separated ids; the "
                       "structural rules always apply)"),
    cl::CommaSeparated, cl::value_desc("id"), cl::sub(lintCmd), cl::cat(lintCat));
static cl::list<std::string> disable(
    "disable", cl::desc("Do not run these checks (comma-separated ids)"),
    cl::CommaSeparated, cl::value_desc("id"), cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> showProofs(
    "show-proofs",
    cl::desc("Also print what was proven (text output; JSON always has it)"),
    cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<uint64_t> maxSteps(
    "max-steps",
    cl::desc("The deadlock proof's budget: steps of the run on the program's "
             "concrete sizes (default 100000, about 25 ms)"),
    cl::value_desc("N"), cl::init(0), cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<unsigned long> islMaxOperations(
    "isl-max-operations",
    cl::desc("Bound of isl operations per analysis step (default 20000000; "
             "for tests of the budget)"),
    cl::init(0), cl::Hidden, cl::sub(lintCmd), cl::cat(lintCat));

// Hidden, for tests of crash recovery: dereference a null pointer in a
// stage ("parse", "verify", "wrap-hierarchy" or a checker id), in every
// file or, as `<stage>:<file>`, in the inputs whose path ends with <file>.
static cl::opt<std::string> crashIn(
    "crash-in", cl::desc("(testing) crash in this stage"), cl::Hidden,
    cl::value_desc("stage[:file]"), cl::sub(lintCmd), cl::cat(lintCat));
static cl::opt<bool> listChecks("list-checks",
                                cl::desc("List the checks lint runs and exit"),
                                cl::sub(lintCmd), cl::cat(lintCat));

static cl::OptionCategory compileCat("compile options");
static cl::SubCommand compileCmd(
    "compile", "Verified compilation: lower a program to the target only if "
               "every check passed, and check the lowered program again. "
               "Exit 0 written, 1 refused, 2 usage or parse error, 3 "
               "internal error (no output is written unless 0).");
static cl::opt<std::string> compileInput(cl::Positional, cl::desc("<file.mlir>"),
                                         cl::sub(compileCmd), cl::cat(compileCat));
static cl::opt<std::string> compileTarget(
    "target", cl::desc("The device to compile for (see 'air-check report --list-devices')"),
    cl::value_desc("name"), cl::sub(compileCmd), cl::cat(compileCat));
static cl::opt<std::string> compileEmit(
    "emit",
    cl::desc("What to write: for an AIE device aie (default) or air (the "
             "checked input, normalised); for a GPU gpu, llvm, isa (default) "
             "or bin"),
    cl::value_desc("level"), cl::sub(compileCmd), cl::cat(compileCat));
static cl::opt<uint64_t> compileMaxSteps(
    "max-steps",
    cl::desc("The deadlock proof's budget (lint's --max-steps)"),
    cl::value_desc("N"), cl::init(0), cl::sub(compileCmd), cl::cat(compileCat));
static cl::opt<bool> compileAllowUnvalidated(
    "allow-unvalidated",
    cl::desc("Write a design whose translation validation is unknown (a "
             "warning then); by default compile refuses it (exit 1)"),
    cl::sub(compileCmd), cl::cat(compileCat));
static cl::opt<std::string> compileOutput(
    "o", cl::desc("The output file (default: stdout)"), cl::value_desc("file"),
    cl::init("-"), cl::sub(compileCmd), cl::cat(compileCat));

static cl::OptionCategory validateCat("validate options");
static cl::SubCommand validateCmd(
    "validate",
    "Translation validation: whether an aie design moves the data of the AIR "
    "program it was compiled from, element by element (for a GPU target: "
    "whether air-to-gpu's copy loops copy what the program's transfers "
    "name). Exit 0 equivalent, 1 "
    "a difference (with the element) or unknown, 2 usage or parse error, 3 "
    "internal error.");
static cl::list<std::string> validateInputs(cl::Positional,
                                            cl::desc("<prog.mlir> <design.mlir>"),
                                            cl::sub(validateCmd),
                                            cl::cat(validateCat));
static cl::opt<std::string> validateTarget(
    "target", cl::desc("The device the design is for"), cl::value_desc("name"),
    cl::sub(validateCmd), cl::cat(validateCat));
static cl::opt<uint64_t> validateMaxSteps(
    "max-steps", cl::desc("The program run's step budget"),
    cl::value_desc("N"), cl::init(1000000), cl::sub(validateCmd),
    cl::cat(validateCat));
static cl::opt<uint64_t> validateMaxElements(
    "max-elements",
    cl::desc("The replays' budget: elements either may move (default 2^31; "
             "past it the verdict is unknown)"),
    cl::value_desc("N"), cl::init(0), cl::sub(validateCmd),
    cl::cat(validateCat));

static cl::opt<std::string> validateMethod(
    "method",
    cl::desc("Who decides: 'auto' (the replays where they fit 2^26 "
             "elements, else the functions, then the replays within "
             "--max-elements), 'replays' or 'functions' alone "
             "(docs/validate.md)"),
    cl::value_desc("auto|replays|functions"), cl::init("auto"),
    cl::sub(validateCmd), cl::cat(validateCat));

static cl::opt<unsigned> validateFunctionsLimit(
    "functions-time-limit",
    cl::desc("Seconds the functions may take on a design before they give "
             "up (isl's pivots grow dear with their numbers; default 120)"),
    cl::value_desc("seconds"), cl::init(120), cl::sub(validateCmd),
    cl::cat(validateCat));

static cl::opt<bool> validateCrossCheck(
    "cross-check-streams",
    cl::desc("Also derive the design's core-buffer fills as isl relations "
             "and check the replay against them (a disagreement is an "
             "internal error, exit 3; for tests of the two models)"),
    cl::Hidden, cl::sub(validateCmd), cl::cat(validateCat));
static cl::opt<bool> validateCrossCheckRelations(
    "cross-check-relations",
    cl::desc("Only the relation cross-check of --cross-check-streams: the "
             "design's and the program's fill functions compared with each "
             "other, not with the replayed logs (for benches)"),
    cl::Hidden, cl::sub(validateCmd), cl::cat(validateCat));
static cl::opt<bool> validateVerify(
    "verify-diagnostics",
    cl::desc("Match expected-error annotations in both files (for tests)"),
    cl::sub(validateCmd), cl::cat(validateCat));

// isl's limits, for every command that runs isl.
static cl::OptionCategory islCat("isl options");
static cl::opt<unsigned> islTimeLimit(
    "isl-time-limit",
    cl::desc("Seconds one analysis step may spend in isl before it gives up "
             "and its verdict is unknown (default 60; 0: no limit). isl's "
             "operation budget alone does not bound time: its pivots grow "
             "dear with their numbers"),
    cl::value_desc("seconds"), cl::init(60), cl::sub(lintCmd),
    cl::sub(reportCmd), cl::sub(compileCmd), cl::sub(validateCmd),
    cl::cat(islCat));
static cl::opt<unsigned> islTimeLimitMs(
    "isl-time-limit-ms",
    cl::desc("The same in milliseconds, over --isl-time-limit (for tests)"),
    cl::init(0), cl::Hidden, cl::sub(lintCmd), cl::sub(reportCmd),
    cl::sub(compileCmd), cl::sub(validateCmd), cl::cat(islCat));

static const char *const overview = R"(air-check: static analysis and verification for MLIR AIR programs

air-check finds the errors that otherwise surface as hangs on hardware or deep
inside air-to-aie: structure that breaks the AIR compute model, channels whose
puts and gets do not balance (proven for every value of symbolic sizes),
broadcasts that miss a tile, blocking transfers that deadlock, and designs
that do not fit a device. Where it cannot decide, it says 'unknown' and why;
it never passes silently.

USAGE
  air-check lint [options] <file.mlir | folder>...
  air-check report --device=<name> [--format=text|json|html] <file.mlir>
  air-check report [--format=text|json|html] <aie-device-file.mlir>
  air-check report --list-devices
  air-check compile --target=<name> [--emit=<level>] [-o <out>] <file.mlir>
  air-check validate --target=<name> <prog.mlir> <design.aie.mlir | launch.gpu.mlir>

EXAMPLES
  air-check lint prog.mlir                    compiler-style diagnostics
  air-check lint --format=sarif -o out.sarif *.mlir
  air-check lint --exclude='*_wip.mlir' designs/   every *.mlir below designs/
  air-check lint --list-checks
  air-check report --device=npu1_4col --format=html prog.mlir > report.html
  air-check compile --target=npu1_4col prog.mlir -o prog.aie.mlir

EXIT CODES
  0  no findings        1  findings (at least one error)
  2  usage error, unreadable input or a parse error
  3  internal error: air-check crashed on an input (the other files are
     still checked)

Run 'air-check lint --help' for the options of lint.
)";

static std::vector<RuleInfo> ruleInfos() {
  std::vector<RuleInfo> rules{
      {"input", "Input could not be read or holds no module"},
      {"parse", "Input is not valid MLIR"},
      {kStructureRule.str(),
       "Well-formed ops: operand and block-argument shapes, sizes and "
       "strides, channel declarations and references"},
      {kInternalErrorRule.str(),
       "air-check itself crashed on the input (a bug in air-check)"}};
  for (const auto &c : allCheckers())
    rules.push_back({c->id().str(), c->summary().str()});
  return rules;
}

static int runLint() {
  if (listChecks) {
    std::vector<RuleInfo> rules = ruleInfos();
    size_t width = 0;
    for (const RuleInfo &r : rules)
      width = std::max(width, r.id.size());
    for (const RuleInfo &r : rules)
      llvm::outs() << llvm::left_justify(r.id, width + 2) << r.summary << "\n";
    return 0;
  }
  if (inputs.empty()) {
    llvm::errs() << "air-check lint: error: no input files (try "
                    "'air-check lint --help')\n";
    return 2;
  }
  LintOptions options;
  options.format = format;
  options.verifyDiagnostics = verifyDiagnostics;
  options.showProofs = showProofs;
  if (islMaxOperations)
    aircheck::IslContext::setDefaultMaxOperations(islMaxOperations);
  options.check.strict = strict;
  options.check.hostPolling = hostPolling;
  options.check.allowFabricBuffering = allowFabricBuffering;
  options.check.repeatedDispatch = repeatedDispatch;
  options.check.device = device;
  if (maxSteps)
    options.check.maxSteps = maxSteps;
  options.crashIn = crashIn;
  if (!device.empty())
    if (auto dev = loadDevice(device, deviceDirectory()); !dev) {
      llvm::errs() << "air-check lint: error: " << llvm::toString(dev.takeError())
                   << "\n";
      return 2;
    }
  auto isCheck = [](llvm::StringRef id) {
    return llvm::any_of(allCheckers(),
                        [&](const auto &c) { return c->id() == id; });
  };
  for (const auto *list : {&onlyChecks, &disable})
    for (const std::string &id : *list)
      if (!isCheck(id)) {
        llvm::errs() << "air-check lint: error: --"
                     << (list == &disable ? "disable" : "checks")
                     << ": no check is called '" << id
                     << "' (see --list-checks)\n";
        return 2;
      }
  for (const std::string &id : disable)
    options.disabled.insert(id);
  if (!onlyChecks.empty())
    for (const auto &c : allCheckers())
      if (!llvm::is_contained(onlyChecks, c->id()))
        options.disabled.insert(c->id());

  // Folders stand for the *.mlir files below them.
  auto files = expandInputs(inputs, excludes);
  if (!files) {
    llvm::errs() << "air-check lint: error: " << llvm::toString(files.takeError())
                 << "\n";
    return 2;
  }

  std::vector<FileResult> results;
  bool inputError = false, internalError = false, mismatch = false;
  for (const InputFile &in : *files) {
    LintOutcome o = in.error.empty() ? lintFile(in.path, options)
                                     : unreadableInput(in.path, in.error, options);
    inputError |= o.result.status == "parse-error" || o.result.status == "unreadable";
    internalError |= o.result.status == "internal-error";
    mismatch |= !o.diagnosticsMatched;
    results.push_back(std::move(o.result));
  }

  if (verifyDiagnostics)
    return internalError ? 3 : mismatch ? 1 : 0;

  if (options.format != OutputFormat::Text) {
    std::error_code ec;
    std::unique_ptr<llvm::raw_fd_ostream> file;
    if (!outputFile.empty()) {
      file = std::make_unique<llvm::raw_fd_ostream>(outputFile, ec,
                                                    llvm::sys::fs::OF_Text);
      if (ec) {
        llvm::errs() << "air-check lint: error: cannot write '" << outputFile
                     << "': " << ec.message() << "\n";
        return 2;
      }
    }
    llvm::raw_ostream &os = file ? *file : llvm::outs();
    if (options.format == OutputFormat::Json)
      writeJson(os, results);
    else if (options.format == OutputFormat::Html)
      writeLintHtml(os, results);
    else
      writeSarif(os, results, ruleInfos());
  } else {
    llvm::errs() << "air-check: " << summaryLine(results) << "\n";
  }

  if (internalError)
    return 3;
  if (inputError)
    return 2;
  for (const FileResult &r : results)
    if (r.count(Severity::Error))
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // lint runs each stage of each file under a CrashRecoveryContext, so a
  // crash on one input is reported and the other inputs are still checked.
  llvm::CrashRecoveryContext::Enable();
  cl::HideUnrelatedOptions({&lintCat}, cl::SubCommand::getTopLevel());
  cl::HideUnrelatedOptions({&lintCat, &islCat}, lintCmd);
  cl::HideUnrelatedOptions({&reportCat, &islCat}, reportCmd);
  cl::HideUnrelatedOptions({&compileCat, &islCat}, compileCmd);
  cl::HideUnrelatedOptions({&validateCat, &islCat}, validateCmd);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "air-check " << kVersion << "\n"
       << "  LLVM/MLIR " << LLVM_VERSION_STRING << "\n"
       << "  isl " << islVersion() << " (static)\n"
       << "  z3 " << z3Version() << "\n"
       << "  device models: " << deviceDirectory() << "\n";
  });
  if (!cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs()))
    return 2;
  aircheck::IslContext::setDefaultTimeLimit(
      islTimeLimitMs ? std::chrono::milliseconds(islTimeLimitMs)
                     : std::chrono::milliseconds(islTimeLimit * 1000ull));
  if (lintCmd)
    return runLint();
  if (reportCmd) {
    if (listDevicesFlag) {
      listDeviceModels(llvm::outs());
      return 0;
    }
    // An aie module needs no --device (runReport says so otherwise).
    if (reportInput.empty()) {
      llvm::errs() << "air-check report: error: give a file and --device "
                      "(see --list-devices)\n";
      return 2;
    }
    ReportOptions ro;
    ro.device = reportDevice;
    ro.target = reportTarget;
    ro.format = reportFormat;
    return runReport(reportInput, ro, llvm::outs());
  }
  if (compileCmd) {
    if (compileInput.empty() || compileTarget.empty()) {
      llvm::errs() << "air-check compile: error: give a file and --target "
                      "(see 'air-check report --list-devices')\n";
      return 2;
    }
    return runCompile(compileInput,
                      {compileTarget, compileEmit, compileOutput,
                       compileMaxSteps ? uint64_t(compileMaxSteps)
                                       : kDefaultMaxSteps,
                       compileAllowUnvalidated});
  }
  if (validateCmd) {
    if (validateInputs.size() != 2 || validateTarget.empty()) {
      llvm::errs() << "air-check validate: error: give the program, the "
                      "design and --target\n";
      return 2;
    }
    return runValidate(validateInputs[0], validateInputs[1],
                       {validateTarget, validateMaxSteps, validateMaxElements,
                        validateVerify, validateCrossCheck,
                        validateCrossCheckRelations, validateMethod,
                        validateFunctionsLimit});
  }
  llvm::errs() << "air-check: error: expected a command; run 'air-check --help'\n";
  return 2;
}
