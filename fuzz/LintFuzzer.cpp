//===- LintFuzzer.cpp - libFuzzer over `air-check lint` and `compile` ------===//
//
// Each input is one .mlir file run through lint as `air-check lint
// --device=npu1_4col --format=json` runs it: parse, the verifier guard,
// verify, wrap, every check. An input that compile would accept (no error,
// no warning but the wrapping notice) then goes through both back ends as
// `air-check compile` runs them: the NPU one (lowering, the aie-level
// re-check) and the GPU one (lowering, the barrier check, LLVM's AMDGPU code
// generation). Lint's and compile's crash recovery is not enabled here, so
// a crash reaches libFuzzer (with ASan and UBSan reports); a lowered program
// that fails its re-check (compile's exit 3) traps.
//
// The custom mutator (fuzz/TextMutator.h) works on lines and tokens with
// the AIR dialect's op names and keywords. Seeds are corpus/ and tests/
// (bench/fuzz.sh).
//
//===----------------------------------------------------------------------===//
#include "fuzz/TextMutator.h"
#include "tools/Registration.h"
#include "tools/air-check/Compile.h"
#include "tools/air-check/Lint.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "analyses/DeviceModel.h"
#include "analyses/ImplicitHierarchy.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <optional>

using namespace aircheck;

namespace {

std::optional<DeviceModel> device(const char *name) {
  auto d = loadDevice(name, deviceDirectory());
  if (!d) {
    llvm::consumeError(d.takeError());
    return std::nullopt;
  }
  return *d;
}

/// Lint with `deviceName`: whether compile for it would go on.
bool lintAdmits(llvm::StringRef text, const char *deviceName) {
  LintOptions options;
  options.format = OutputFormat::Json; // nothing printed
  options.check.device = deviceName;
  LintOutcome outcome = lintBuffer(
      "fuzz.mlir", llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.mlir"),
      options);
  if (outcome.result.status != "clean" && outcome.result.status != "findings")
    return false;
  return llvm::none_of(outcome.result.findings, blocksCompilation);
}

/// What compile does after lint: read again, wrap, lower, check the result.
void compileFor(llvm::StringRef text, const DeviceModel &dev) {
  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&ctx, [](mlir::Diagnostic &) {
    return mlir::success();
  });
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module = parseModule(text, config);
  if (!module || mlir::failed(checkVerifierPreconditions(*module)) ||
      mlir::failed(mlir::verify(*module)))
    return;
  wrapBareHierarchy(*module);
  CompileResult out = dev.isAIE()
                          ? compileForAIE(*module, dev, "", "fuzz.mlir")
                          : compileForGPU(*module, dev, "", "fuzz.mlir");
  if (out.status == CompileResult::Status::Internal)
    __builtin_trap(); // compile's exit 3: a lowering bug
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (!lintAdmits(text, "npu1_4col"))
    return 0;
  static const std::optional<DeviceModel> npu = device("npu1_4col");
  static const std::optional<DeviceModel> gpu = device("mi300x");
  if (npu)
    compileFor(text, *npu);
  if (gpu && lintAdmits(text, "mi300x"))
    compileFor(text, *gpu);
  return 0;
}

static const aircheck::fuzz::Dictionary kAIR = {
    {"air.launch", "air.segment", "air.herd", "air.channel.put",
     "air.channel.get", "air.dma_memcpy_nd", "air.wait_all", "air.execute",
     "air.execute_terminator", "scf.for", "scf.parallel", "scf.reduce",
     "scf.yield", "scf.if", "affine.if", "affine.for", "memref.alloc",
     "memref.dealloc", "memref.load", "memref.store", "arith.constant",
     "arith.addi", "linalg.fill"},
    {"air.launch", "air.segment", "air.herd", "air.channel", "async", "sync",
     "args", "tile", "in", "@c", "[]", "[0]", "[1, 1]", "[%x]", "[%x, %y]",
     "%c0", "%c1", "%c2", "%t", "%x", "%y", "!air.token", "!air.async.token",
     "index", "i32", "memref<64xi32, 2 : i32>", "memref<64xi32, 1 : i32>",
     "memref<64xi32>", "broadcast_shape", "channel_type = \"cascade\"",
     "x_loc", "y_loc", "{", "}", "(", ")", ",", "=", ":", "0", "1", "2", "4",
     "-1", "65536"}};

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return aircheck::fuzz::mutate(kAIR, data, size, maxSize, seed);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2,
                                            uint8_t *out, size_t maxOutSize,
                                            unsigned seed) {
  return aircheck::fuzz::crossOver(data1, size1, data2, size2, out, maxOutSize,
                                   seed);
}
