//===- LintFuzzer.cpp - libFuzzer over `air-check lint` ---------------------===//
//
// Each input is one .mlir file run through lint as `air-check lint
// --device=npu1_4col --format=json` runs it: parse, the verifier guard,
// verify, wrap, every check. An input without an error then goes through
// the NPU lowering (lowerings/AIRToAIE), as `air-check compile` would
// lower it. Lint's own crash recovery is not enabled here, so a crash
// reaches libFuzzer (with ASan and UBSan reports).
//
// Besides libFuzzer's byte mutations, a custom mutator works on lines and
// tokens, the units MLIR programs are made of: delete, duplicate, swap or
// splice lines (from another input), and replace a token with one of the
// AIR dialect's keywords. Seeds are corpus/ and tests/ (bench/fuzz.sh).
//
//===----------------------------------------------------------------------===//
#include "tools/Registration.h"
#include "tools/air-check/Lint.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "analyses/DeviceModel.h"
#include "analyses/ImplicitHierarchy.h"
#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace aircheck;

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  LintOptions options;
  options.format = OutputFormat::Json; // nothing printed
  options.check.device = "npu1_4col";
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.mlir");
  LintOutcome outcome = lintBuffer("fuzz.mlir", std::move(buffer), options);
  if (outcome.result.status != "clean" && outcome.result.status != "findings")
    return 0;
  if (outcome.result.count(Severity::Error))
    return 0;
  // What compile does next: read again, wrap, lower (no output written).
  static const std::optional<DeviceModel> device = []() -> std::optional<DeviceModel> {
    auto d = loadDevice("npu1_4col", deviceDirectory());
    if (!d) {
      llvm::consumeError(d.takeError());
      return std::nullopt;
    }
    return *d;
  }();
  if (!device)
    return 0;
  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&ctx, [](mlir::Diagnostic &) {
    return mlir::success();
  });
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module = parseModule(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), config);
  if (!module || mlir::failed(checkVerifierPreconditions(*module)) ||
      mlir::failed(mlir::verify(*module)))
    return 0;
  wrapBareHierarchy(*module);
  (void)lowerAIRToAIE(*module, *device);
  return 0;
}

namespace {

const char *const kTokens[] = {
    "air.launch", "air.segment", "air.herd", "air.channel", "air.channel.put",
    "air.channel.get", "air.dma_memcpy_nd", "air.wait_all", "air.execute",
    "air.execute_terminator", "async", "sync", "args", "tile", "in", "@c",
    "[]", "[0]", "[1, 1]", "[%x]", "[%x, %y]", "%c0", "%c1", "%c2", "%t",
    "%x", "%y", "!air.token", "!air.async.token", "index", "i32",
    "memref<64xi32, 2 : i32>", "memref<64xi32, 1 : i32>", "memref<64xi32>",
    "broadcast_shape", "channel_type = \"cascade\"", "x_loc", "y_loc",
    "scf.for", "scf.parallel", "scf.reduce", "scf.yield", "scf.if",
    "affine.if", "affine.for", "arith.constant", "{", "}", "(", ")", ",",
    "=", ":", "0", "1", "2", "4", "-1", "65536"};

std::vector<std::string> splitLines(const uint8_t *data, size_t size) {
  std::vector<std::string> lines;
  std::string cur;
  for (size_t i = 0; i < size; ++i) {
    cur += static_cast<char>(data[i]);
    if (data[i] == '\n') {
      lines.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty())
    lines.push_back(std::move(cur));
  return lines;
}

size_t store(const std::vector<std::string> &lines, uint8_t *data, size_t maxSize) {
  size_t n = 0;
  for (const std::string &l : lines) {
    if (n + l.size() > maxSize)
      break;
    std::memcpy(data + n, l.data(), l.size());
    n += l.size();
  }
  return n;
}

/// Replaces one blank-separated token of a line with a keyword.
void replaceToken(std::string &line, std::mt19937 &rng) {
  std::vector<std::pair<size_t, size_t>> tokens;
  for (size_t i = 0; i < line.size();) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\n'))
      ++i;
    size_t b = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\n')
      ++i;
    if (i > b)
      tokens.push_back({b, i - b});
  }
  const char *tok = kTokens[rng() % (sizeof(kTokens) / sizeof(*kTokens))];
  if (tokens.empty()) {
    line.insert(0, std::string(tok) + " ");
    return;
  }
  auto [b, len] = tokens[rng() % tokens.size()];
  line.replace(b, len, tok);
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::mt19937 rng(seed);
  if (size == 0 || rng() % 4 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::vector<std::string> lines = splitLines(data, size);
  size_t a = rng() % lines.size(), b = rng() % lines.size();
  switch (rng() % 5) {
  case 0: // delete a line
    if (lines.size() > 1)
      lines.erase(lines.begin() + a);
    break;
  case 1: // duplicate a line
    lines.insert(lines.begin() + b, lines[a]);
    break;
  case 2: // swap two lines
    std::swap(lines[a], lines[b]);
    break;
  case 3: // move a line
  {
    std::string l = lines[a];
    lines.erase(lines.begin() + a);
    lines.insert(lines.begin() + (lines.empty() ? 0 : b % (lines.size() + 1)), l);
    break;
  }
  default:
    replaceToken(lines[a], rng);
  }
  return store(lines, data, maxSize);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2,
                                            uint8_t *out, size_t maxOutSize,
                                            unsigned seed) {
  // Splice: the first lines of one input, then the last lines of the other.
  std::mt19937 rng(seed);
  std::vector<std::string> l1 = splitLines(data1, size1), l2 = splitLines(data2, size2);
  std::vector<std::string> out1(l1.begin(), l1.begin() + (l1.empty() ? 0 : rng() % (l1.size() + 1)));
  if (!l2.empty())
    out1.insert(out1.end(), l2.begin() + rng() % l2.size(), l2.end());
  return store(out1, out, maxOutSize);
}
