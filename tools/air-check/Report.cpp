//===- Report.cpp - `air-check report` -------------------------------------===//
#include "tools/air-check/Report.h"

#include "analyses/aie/AIEDesign.h"
#include "dialects/AIR/AIRDialect.h"
#include "tools/air-check/AIEReport.h"

#include "analyses/ImplicitHierarchy.h"
#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "analyses/Placement.h"
#include "analyses/ResourceFit.h"
#include "tools/Registration.h"
#include "tools/air-check/HtmlReport.h"
#include "tools/air-check/Output.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"

using namespace aircheck;
using namespace mlir;
namespace json = llvm::json;

void aircheck::listDeviceModels(llvm::raw_ostream &os) {
  std::string dir = deviceDirectory();
  for (const std::string &name : listDevices(dir)) {
    auto dev = loadDevice(name, dir);
    if (!dev) {
      os << llvm::left_justify(name, 12) << "(unreadable: "
         << llvm::toString(dev.takeError()) << ")\n";
      continue;
    }
    os << llvm::left_justify(name, 12);
    if (dev->isAIE())
      os << llvm::formatv("{0} array, {1} columns x {2} rows, {3} compute "
                          "tiles, {4} memory tiles, {5} KiB L1 per tile",
                          dev->arch, dev->columns, dev->rows, dev->computeTiles,
                          dev->memtiles, dev->l1Bytes / 1024);
    else
      os << llvm::formatv("{0} GPU, {1} XCDs x {2} CUs, {3} KiB LDS per CU, "
                          "{4} waves per CU",
                          dev->arch, dev->xcds, dev->cusPerXcd,
                          dev->ldsBytesPerCu / 1024, dev->maxWavesPerCu);
    os << "\n";
  }
}

namespace {
/// What the NPU lowering (air-check compile) says of the same program on the
/// same device: it counts DMA channels, BDs, locks and bytes per tile, after
/// splitting L2 buffers over memory tiles, where the lines above pool them
/// per segment. The report's verdict is "fits" only when both agree.
struct LoweringFit {
  bool ran = false;
  /// "does not fit" refusals: where, and what.
  std::vector<std::pair<SourcePos, std::string>> over;
  /// The first other refusal (a construct the lowering does not lower).
  std::optional<std::pair<SourcePos, std::string>> other;
  /// The design it wrote (null when it refused), and every diagnostic as
  /// `file:line:col: message` (for the HTML report's picture).
  OwningOpRef<ModuleOp> design;
  std::vector<std::string> diagnostics;
};
} // namespace

static LoweringFit lowerForFit(ModuleOp module, const DeviceModel &dev) {
  LoweringFit fit;
  fit.ran = true;
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  ScopedDiagnosticHandler capture(module.getContext(), [&](Diagnostic &d) {
    std::string text = d.str();
    if (d.getSeverity() != DiagnosticSeverity::Error) {
      SourcePos at = toSourcePos(d.getLocation());
      fit.diagnostics.push_back(at.file + ":" + std::to_string(at.line) + ":" +
                                std::to_string(at.column) + ": " + text);
      return success();
    }
    StringRef msg(text);
    msg.consume_front("[compile-unsupported] ");
    SourcePos at = toSourcePos(d.getLocation());
    fit.diagnostics.push_back(at.file + ":" + std::to_string(at.line) + ":" +
                              std::to_string(at.column) + ": " + text);
    if (msg.starts_with("does not fit") || msg.starts_with("no placement"))
      fit.over.push_back({at, msg.str()});
    else if (!fit.other)
      fit.other = std::make_pair(at, msg.str());
    return success();
  });
  fit.design = lowerAIRToAIE(*copy, dev);
  return fit;
}

static std::string statusName(FitLine::Status s) {
  switch (s) {
  case FitLine::Status::Fits:
    return "fits";
  case FitLine::Status::Over:
    return "over";
  case FitLine::Status::Unknown:
    return "unknown";
  }
  return "unknown";
}

int aircheck::runReport(llvm::StringRef path, const ReportOptions &options,
                        llvm::raw_ostream &os) {
  DialectRegistry registry;
  registerDialects(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx, llvm::errs());
  std::string error;
  auto buffer = mlir::openInputFile(path, &error);
  if (!buffer) {
    llvm::errs() << "air-check report: error: " << error << "\n";
    return 2;
  }
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseModule(sourceMgr, config);
  if (!module)
    return 2;
  // As lint: what mlir::verify cannot safely verify is reported first.
  if (failed(checkVerifierPreconditions(*module)) || failed(verify(*module)))
    return 2;
  // An aie.device module: per tile, against each device's own model. A
  // module with AIR ops as well gets the AIR report when --device is given.
  if (aiecheck::hasAIE(*module)) {
    bool airOps = false;
    module->walk([&](Operation *op) {
      if (isa<air::AIRDialect>(op->getDialect())) {
        airOps = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!airOps || options.device.empty())
      return writeAIEReport(*module, path, options.format, os);
  }
  std::string deviceName = options.device.empty() ? options.target : options.device;
  if (deviceName.empty()) {
    llvm::errs() << "air-check report: error: give a file and --device "
                    "(see --list-devices)\n";
    return 2;
  }
  if (!options.target.empty() && options.target != deviceName) {
    llvm::errs() << "air-check report: error: --target=" << options.target
                 << " and --device=" << deviceName
                 << " name two devices; give one\n";
    return 2;
  }
  auto dev = loadDevice(deviceName, deviceDirectory());
  if (!dev) {
    llvm::errs() << "air-check report: error: " << llvm::toString(dev.takeError())
                 << "\n";
    return 2;
  }
  wrapBareHierarchy(*module);

  AsyncGraph graph(*module);
  ResourceFootprint fp(*module, graph);
  std::vector<FitLine> lines = checkFit(fp, *dev);
  unsigned over = 0, unknown = 0;
  for (const FitLine &l : lines) {
    over += l.status == FitLine::Status::Over;
    unknown += l.status == FitLine::Status::Unknown;
  }
  std::vector<PlacementResult> placements;
  if (dev->isAIE() && !over)
    placements = placeLaunches(fp, *dev, cascadeLinksOf(*module));
  for (const PlacementResult &p : placements) {
    over += p.kind == PlacementResult::Kind::Impossible;
    unknown += p.kind == PlacementResult::Kind::Unknown;
  }
  // The lowering's count, where the pooled one fits (docs/report.md).
  LoweringFit lowering;
  if (dev->isAIE() && !over && !unknown) {
    lowering = lowerForFit(*module, *dev);
    over += !lowering.over.empty();
  }
  std::string verdict = over ? "over capacity" : unknown ? "unknown" : "fits";
  auto placementStatus = [](const PlacementResult &p) {
    return p.kind == PlacementResult::Kind::Placed       ? "placed"
           : p.kind == PlacementResult::Kind::Impossible ? "impossible"
                                                         : "unknown";
  };

  if (options.format == OutputFormat::Html) {
    // --target: the design the lowering writes, drawn beside the placement.
    TargetDesign target;
    if (!options.target.empty()) {
      target.target = options.target;
      if (!dev->isAIE()) {
        target.why = options.target + " is not an AIE device";
      } else if (placements.empty() ||
                 placements.front().kind != PlacementResult::Kind::Placed) {
        target.why = "the program is not placed on " + options.target;
      } else {
        // The design the fit count lowered, where it ran (else lowered now,
        // for the picture alone: the verdict stands as the lines gave it).
        if (!lowering.ran)
          lowering = lowerForFit(*module, *dev);
        target.diagnostics = lowering.diagnostics;
        std::vector<aiecheck::Device> designs;
        if (lowering.design)
          designs = aiecheck::collectDevices(*lowering.design);
        if (!designs.empty())
          target.device = std::move(designs.front());
        else
          target.why = "compile refuses to lower this program";
      }
    }
    writeHtmlReport(os, path, *dev, lines, placements, verdict,
                    options.target.empty() ? nullptr : &target);
  } else if (options.format == OutputFormat::Json) {
    json::Array out;
    for (const FitLine &l : lines) {
      SourcePos pos = toSourcePos(l.scope->getLoc());
      json::Object o{{"scope", l.scopeName},
                     {"depth", l.depth},
                     {"resource", l.resource},
                     {"capacity", l.capacity},
                     {"status", statusName(l.status)},
                     {"location", json::Object{{"file", pos.file},
                                               {"line", pos.line},
                                               {"column", pos.column}}}};
      o["need"] = l.need.known() ? json::Value(*l.need.value) : json::Value(nullptr);
      if (l.need.known() && l.capacity > 0)
        o["percent"] = 100.0 * double(*l.need.value) / double(l.capacity);
      if (!l.message.empty())
        o["message"] = l.message;
      out.push_back(std::move(o));
    }
    json::Value doc = json::Object{
        {"tool", "air-check"},
        {"version", kVersion},
        {"file", path},
        {"device", json::Object{{"name", dev->name},
                                {"kind", dev->kind},
                                {"arch", dev->arch},
                                {"columns", dev->columns},
                                {"rows", dev->rows}}},
        {"lines", std::move(out)},
        {"placement", [&] {
           json::Array arr;
           for (const PlacementResult &p : placements) {
             json::Array rects;
             for (const PlacedRect &r : p.rects)
               rects.push_back(json::Object{{"label", r.label},
                                            {"kind", r.isHerd ? "herd" : "segment"},
                                            {"x", r.x},
                                            {"y", r.y},
                                            {"width", r.width},
                                            {"height", r.height}});
             json::Object o{{"launch", hierarchyName(p.launch)},
                            {"status", placementStatus(p)},
                            {"rects", std::move(rects)}};
             if (!p.why.empty())
               o["why"] = p.why;
             if (!p.notes.empty()) {
               json::Array notes;
               for (auto &[op, text] : p.notes) {
                 SourcePos at = toSourcePos(op->getLoc());
                 notes.push_back(json::Object{
                     {"message", text},
                     {"location", json::Object{{"file", at.file},
                                               {"line", at.line},
                                               {"column", at.column}}}});
               }
               o["notes"] = std::move(notes);
             }
             arr.push_back(std::move(o));
           }
           return arr;
         }()},
        {"verdict", verdict}};
    if (lowering.ran) {
      json::Array overs;
      for (auto &[at, msg] : lowering.over)
        overs.push_back(json::Object{
            {"message", msg},
            {"location", json::Object{{"file", at.file},
                                      {"line", at.line},
                                      {"column", at.column}}}});
      json::Object l{{"status", !lowering.over.empty() ? "over"
                                : lowering.other      ? "refused"
                                                      : "fits"},
                     {"over", std::move(overs)}};
      if (lowering.other)
        l["refused"] = lowering.other->second;
      doc.getAsObject()->insert({"lowering", std::move(l)});
    }
    os << llvm::formatv("{0:2}", doc) << "\n";
  } else {
    os << "air-check report: " << path << " on " << dev->name << " ("
       << dev->arch << ")\n\n";
    os << llvm::formatv("{0,-34} {1,-36} {2,10} {3,10} {4,7}\n", "scope",
                        "resource", "need", "capacity", "use");
    for (const FitLine &l : lines) {
      std::string scope = std::string(2 * l.depth, ' ') + l.scopeName;
      std::string need = l.need.known() ? std::to_string(*l.need.value) : "unknown";
      std::string use = l.need.known() && l.capacity > 0
                            ? llvm::formatv("{0:F1}%", 100.0 * double(*l.need.value) /
                                                           double(l.capacity))
                                  .str()
                            : "-";
      if (l.resource == "placement")
        need = use = "-";
      os << llvm::formatv("{0,-34} {1,-36} {2,10} {3,10} {4,7}", scope,
                          l.resource, need, l.resource == "placement" ? 0 : l.capacity,
                          use);
      if (l.status != FitLine::Status::Fits)
        os << "  " << statusName(l.status);
      os << "\n";
    }
    os << "\n";
    for (const FitLine &l : lines)
      if (!l.message.empty()) {
        SourcePos pos = toSourcePos(l.scope->getLoc());
        os << pos.file << ":" << pos.line << ":" << pos.column << ": "
           << (l.status == FitLine::Status::Over ? "error: " : "warning: ")
           << l.message << "\n";
      }
    for (const PlacementResult &p : placements) {
      SourcePos pos = toSourcePos(p.launch->getLoc());
      if (p.kind == PlacementResult::Kind::Placed)
        os << "\nplacement of " << hierarchyName(p.launch) << ":\n"
           << placementMap(p, *dev);
      else
        os << pos.file << ":" << pos.line << ":" << pos.column << ": "
           << (p.kind == PlacementResult::Kind::Impossible ? "error: " : "warning: ")
           << p.why << "\n";
      if (p.kind != PlacementResult::Kind::Placed)
        for (auto &[op, text] : p.notes) {
          SourcePos at = toSourcePos(op->getLoc());
          os << at.file << ":" << at.line << ":" << at.column << ": note: "
             << text << "\n";
        }
    }
    if (lowering.ran) {
      os << "\nthe lowering (air-check compile --target=" << dev->name
         << "), per tile: "
         << (!lowering.over.empty() ? "does not fit"
             : lowering.other       ? "not lowered (see below)"
                                    : "fits")
         << "\n";
      for (auto &[at, msg] : lowering.over)
        os << at.file << ":" << at.line << ":" << at.column << ": error: "
           << msg << "\n";
      if (lowering.other)
        os << lowering.other->first.file << ":" << lowering.other->first.line
           << ":" << lowering.other->first.column
           << ": note: compile would refuse it for another reason: "
           << lowering.other->second << "\n";
    }
    os << "\nverdict: " << verdict << "\n";
  }
  return over || unknown ? 1 : 0;
}
