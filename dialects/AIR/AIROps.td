//===- AIROps.td - the AIR dialect, as air-check models it -*- tablegen -*-===//
//
// The AIR dialect of the AIR compute model (seed 000). The textual syntax is
// upstream mlir-air's, so that a program printed by mlir-air parses here
// unchanged, extended with the compute model's forms: `sync`, the
// `[dependency = ...]`, `[affinity = ...]` and `[concurrency = ...]` token
// lists, `!air.token` and `air.token.alloc`.
//
//===----------------------------------------------------------------------===//

#ifndef AIRCHECK_AIR_OPS
#define AIRCHECK_AIR_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def AIR_Dialect : Dialect {
  let name = "air";
  let cppNamespace = "::aircheck::air";
  let summary = "The AIR spatial programming model (launch, segment, herd, channels, tokens)";
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// Upstream's memory space of memrefs on the symmetric heap (HBM that every
// GPU rank reaches): `memref<32xi32, #air.symmetric_heap>`. An L3-level
// memory that, unlike L3 on an NPU, a herd may read and write directly.
def AIR_SymmetricHeapMemorySpace
    : AttrDef<AIR_Dialect, "SymmetricHeapMemorySpace"> {
  let mnemonic = "symmetric_heap";
  let summary = "The symmetric-heap memory space (HBM reached by every rank)";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// One token type for every token kind (compute model 1.5): the kind is given
// by the list a consumer names it in. Spelled `!air.async.token` (upstream)
// or `!air.token` (compute model); printed in the upstream spelling.
def AIR_TokenType : TypeDef<AIR_Dialect, "AsyncToken"> {
  let typeName = "air.async.token";
  let summary = "AIR token";
}

def AIR_Token : Type<CPred<"::llvm::isa<::aircheck::air::AsyncTokenType>($_self)">,
                     "AIR token", "::aircheck::air::AsyncTokenType">,
                BuildableType<"::aircheck::air::AsyncTokenType::get($_builder.getContext())">;

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

def AIR_AsyncOpInterface : OpInterface<"AsyncOpInterface"> {
  let cppNamespace = "::aircheck::air";
  let description = [{
    An op that may run asynchronously: it waits for its dependency tokens,
    may name affinity and concurrency tokens, and, in the asynchronous form,
    returns a token that is signalled when it completes.
  }];
  let methods = [
    InterfaceMethod<"Tokens the op waits for (the dependency list).",
      "::mlir::OperandRange", "getAsyncDependencies">,
    InterfaceMethod<"Tokens naming the op's affinity groups.",
      "::mlir::OperandRange", "getAffinityTokens", (ins), [{}], [{
        return $_op->getOperands().take_front(0);
      }]>,
    InterfaceMethod<"Tokens naming the op's concurrency groups.",
      "::mlir::OperandRange", "getConcurrencyTokens", (ins), [{}], [{
        return $_op->getOperands().take_front(0);
      }]>,
    InterfaceMethod<"The token the op returns; null in the synchronous form.",
      "::mlir::Value", "getAsyncToken">,
  ];
}

def AIR_HierarchyOpInterface : OpInterface<"HierarchyOpInterface"> {
  let cppNamespace = "::aircheck::air";
  let description = [{
    air.launch, air.segment and air.herd: an iteration space, a body that is
    isolated from above, and kernel operands passed in through `args(...)`.
    Body block arguments are [ids..., sizes..., kernel arguments...].
  }];
  let methods = [
    InterfaceMethod<"", "::mlir::OperandRange", "getSizeOperands", (ins), [{}], [{
        return $_op.getSizes(); }]>,
    InterfaceMethod<"", "::mlir::OperandRange", "getKernelOperands", (ins), [{}], [{
        return $_op.getKernelOperandsRaw(); }]>,
    InterfaceMethod<"", "unsigned", "getNumDims", (ins), [{}], [{
        return $_op.getSizes().size(); }]>,
    InterfaceMethod<"", "::mlir::Block &", "getBodyBlock", (ins), [{}], [{
        return $_op.getBody().front(); }]>,
    InterfaceMethod<"", "::llvm::ArrayRef<::mlir::BlockArgument>", "getIds", (ins), [{}], [{
        return $_op.getBody().front().getArguments().take_front($_op.getSizes().size()); }]>,
    InterfaceMethod<"", "::llvm::ArrayRef<::mlir::BlockArgument>", "getSizeArgs", (ins), [{}], [{
        unsigned n = $_op.getSizes().size();
        return $_op.getBody().front().getArguments().slice(n, n); }]>,
    InterfaceMethod<"", "::llvm::ArrayRef<::mlir::BlockArgument>", "getKernelArguments", (ins), [{}], [{
        return $_op.getBody().front().getArguments().drop_front(2 * $_op.getSizes().size()); }]>,
  ];
}

def AIR_ChannelOpInterface : OpInterface<"ChannelOpInterface"> {
  let cppNamespace = "::aircheck::air";
  let description = [{
    air.channel.put and air.channel.get: one side of a FIFO transfer, read
    the same way by every analysis (the channel, the index into its bundle,
    the memref side and its access pattern) instead of casting to each op.
  }];
  let methods = [
    InterfaceMethod<"Whether the op sends (put) or receives (get).",
      "bool", "isPut", (ins), [{}], [{
        return ConcreteOp::getOperationName() == "air.channel.put"; }]>,
    InterfaceMethod<"The channel's symbol.", "::mlir::FlatSymbolRefAttr",
      "getChanNameAttr">,
    InterfaceMethod<"The channel's name.", "::llvm::StringRef", "getChanName">,
    InterfaceMethod<"The index into the channel bundle.",
      "::mlir::OperandRange", "getIndices">,
    InterfaceMethod<"The memref side of the transfer.", "::mlir::Value",
      "getMemref">,
    InterfaceMethod<"", "::llvm::SmallVector<::mlir::OpFoldResult>",
      "getMixedOffsets">,
    InterfaceMethod<"", "::llvm::SmallVector<::mlir::OpFoldResult>",
      "getMixedAccessSizes">,
    InterfaceMethod<"", "::llvm::SmallVector<::mlir::OpFoldResult>",
      "getMixedStrides">,
  ];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class AIR_Op<string mnemonic, list<Trait> traits = []> :
    Op<AIR_Dialect, mnemonic, traits>;

// Operands shared by every hierarchy op, in order.
class AIR_HierarchyOp<string mnemonic, string terminator> : AIR_Op<mnemonic, [
    AIR_AsyncOpInterface,
    AIR_HierarchyOpInterface, AttrSizedOperandSegments, IsolatedFromAbove, AffineScope,
    SingleBlockImplicitTerminator<terminator>, RecursiveMemoryEffects]> {
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       Variadic<AIR_Token>:$async_dependencies,
                       Variadic<AIR_Token>:$affinity_tokens,
                       Variadic<AIR_Token>:$concurrency_tokens,
                       Variadic<Index>:$sizes,
                       Variadic<AnyType>:$kernel_operands_raw);
  let results = (outs Optional<AIR_Token>:$async_token);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def AIR_LaunchOp : AIR_HierarchyOp<"launch", "LaunchTerminatorOp"> {
  let summary = "The outermost hierarchy level: may-be-parallel launch instances";
  let description = [{
    Compute model 2.1. Instances of the iteration space are independent and
    may run in any order or concurrently. No concurrency list is allowed, and
    only dependency tokens may be passed into the body.
  }];
}

def AIR_SegmentOp : AIR_HierarchyOp<"segment", "SegmentTerminatorOp"> {
  let summary = "Cores with shared L2 memory; instances are always concurrent";
  let description = [{ Compute model 2.2. }];
}

def AIR_HerdOp : AIR_HierarchyOp<"herd", "HerdTerminatorOp"> {
  let summary = "A 1-D or 2-D array of processing elements";
  let description = [{ Compute model 2.3. }];
}

class AIR_Terminator<string mnemonic, string parent> : AIR_Op<mnemonic,
    [HasParent<parent>, Pure, Terminator]> {
  let assemblyFormat = "attr-dict";
}
def AIR_LaunchTerminatorOp : AIR_Terminator<"launch_terminator", "LaunchOp">;
def AIR_SegmentTerminatorOp : AIR_Terminator<"segment_terminator", "SegmentOp">;
def AIR_HerdTerminatorOp : AIR_Terminator<"herd_terminator", "HerdOp">;

def AIR_DmaMemcpyNdOp : AIR_Op<"dma_memcpy_nd", [
    AIR_AsyncOpInterface,
    AttrSizedOperandSegments]> {
  let summary = "N-dimensional strided copy between two memrefs";
  let arguments = (ins Variadic<AIR_Token>:$async_dependencies,
                       Variadic<AIR_Token>:$affinity_tokens,
                       Variadic<AIR_Token>:$concurrency_tokens,
                       Arg<AnyRankedOrUnrankedMemRef, "destination", [MemWrite]>:$dst,
                       Variadic<Index>:$dst_offsets,
                       Variadic<Index>:$dst_sizes,
                       Variadic<Index>:$dst_strides,
                       Arg<AnyRankedOrUnrankedMemRef, "source", [MemRead]>:$src,
                       Variadic<Index>:$src_offsets,
                       Variadic<Index>:$src_sizes,
                       Variadic<Index>:$src_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$static_dst_offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$static_dst_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$static_dst_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$static_src_offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$static_src_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$static_src_strides);
  let results = (outs Optional<AIR_Token>:$async_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Each side's pattern with integer entries (`[0, %o]`) merged in.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedDstOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedDstSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedDstStrides();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSrcOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSrcSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSrcStrides();
  }];
}

// The channels' FIFOs: a put or get changes their state, so neither is
// ever dead code (a put only reads its memref; without this, MLIR's DCE
// would delete a put whose token is unused).
def AIR_ChannelResource : Resource<"::aircheck::air::ChannelResource">;

class AIR_ChannelAccessOp<string mnemonic> : AIR_Op<mnemonic, [
    AIR_AsyncOpInterface, AIR_ChannelOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead<AIR_ChannelResource>, MemWrite<AIR_ChannelResource>]>,
    AttrSizedOperandSegments]> {
  let results = (outs Optional<AIR_Token>:$async_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The memref side of the transfer and its access pattern.
    ::mlir::Value getMemref() { return getOperation()->getOperand(getMemrefOperandIndex()); }
    unsigned getMemrefOperandIndex();
    ::mlir::OperandRange getOffsets();
    ::mlir::OperandRange getAccessSizes();
    ::mlir::OperandRange getStrides();
    /// The pattern with integer entries (`[0, %o] [32, 32] [64, 1]`, upstream's
    /// newer printed form) merged in: an attribute where the program wrote
    /// an integer, the operand otherwise.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedAccessSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();
  }];
}

def AIR_ChannelPutOp : AIR_ChannelAccessOp<"channel.put"> {
  let summary = "Send a memref region into a channel";
  let arguments = (ins Variadic<AIR_Token>:$async_dependencies,
                       Variadic<AIR_Token>:$affinity_tokens,
                       Variadic<AIR_Token>:$concurrency_tokens,
                       FlatSymbolRefAttr:$chan_name,
                       Variadic<Index>:$indices,
                       Arg<AnyRankedOrUnrankedMemRef, "source", [MemRead]>:$src,
                       Variadic<Index>:$src_offsets,
                       Variadic<Index>:$src_sizes,
                       Variadic<Index>:$src_strides,
                       // Upstream's packet demux: which destination along the
                       // channel's broadcast dimension this put is for,
                       // chosen at run time (`dest(%d)`).
                       Optional<Index>:$dest,
                       OptionalAttr<DenseI64ArrayAttr>:$static_offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$static_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$static_strides);
}

def AIR_ChannelGetOp : AIR_ChannelAccessOp<"channel.get"> {
  let summary = "Receive from a channel into a memref region";
  let arguments = (ins Variadic<AIR_Token>:$async_dependencies,
                       Variadic<AIR_Token>:$affinity_tokens,
                       Variadic<AIR_Token>:$concurrency_tokens,
                       FlatSymbolRefAttr:$chan_name,
                       Variadic<Index>:$indices,
                       Arg<AnyRankedOrUnrankedMemRef, "destination", [MemWrite]>:$dst,
                       Variadic<Index>:$dst_offsets,
                       Variadic<Index>:$dst_sizes,
                       Variadic<Index>:$dst_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$static_offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$static_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$static_strides);
}

def AIR_ChannelOp : AIR_Op<"channel", [Symbol]> {
  let summary = "A (bundle of) point-to-point or broadcast channel(s)";
  let description = [{
    Compute model 2.5. `size` is the bundle's shape ([] is one channel);
    `depth` (default 1) the number of transfers that may be in flight;
    `broadcast_shape` the destination shape of a broadcast, NumPy rules.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       DefaultValuedAttr<I64ArrayAttr, "{}">:$size,
                       OptionalAttr<StrAttr>:$channel_type,
                       OptionalAttr<I64Attr>:$depth,
                       OptionalAttr<ArrayAttr>:$broadcast_shape);
  let assemblyFormat = "$sym_name $size attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The bundle's shape, [] for a single channel.
    ::llvm::SmallVector<int64_t> getShape();
    /// The number of transfers that may be in flight (default 1).
    int64_t getDepthOrDefault() { return getDepth().value_or(1); }
    /// "dma_stream", "dma_packet" or "cascade" (npu_ prefix dropped).
    ::llvm::StringRef getKind();
  }];
}

def AIR_ExecuteOp : AIR_Op<"execute", [
    AIR_AsyncOpInterface,
    SingleBlockImplicitTerminator<"ExecuteTerminatorOp">,
    RecursiveMemoryEffects]> {
  let summary = "A sequential region dispatched asynchronously";
  let arguments = (ins Variadic<AIR_Token>:$async_dependencies);
  let results = (outs AIR_Token:$async_token, Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    (` ` `[` $async_dependencies^ `]`)?
    (`->` `(` type($results)^ `)`)? custom<ExecuteRegion>($region) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBody() { return getRegion().front(); }
  }];
}

def AIR_ExecuteTerminatorOp : AIR_Op<"execute_terminator", [
    HasParent<"ExecuteOp">, Pure, ReturnLike, Terminator]> {
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ /* no results */ }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def AIR_WaitAllOp : AIR_Op<"wait_all", [AIR_AsyncOpInterface]> {
  let summary = "Join: completes when all its tokens are signalled";
  let arguments = (ins Variadic<AIR_Token>:$async_dependencies);
  let results = (outs Optional<AIR_Token>:$async_token);
  let hasCustomAssemblyFormat = 1;
}

def AIR_TokenAllocOp : AIR_Op<"token.alloc", []> {
  let summary = "A fresh token that names an affinity or concurrency group";
  let results = (outs AIR_Token:$token);
  let assemblyFormat = "attr-dict `:` type($token)";
}

#endif // AIRCHECK_AIR_OPS
