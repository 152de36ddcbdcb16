//===- AIEOps.td - the aie and aiex dialects, as air-check models them -*- tablegen -*-===//
//
// The subset of mlir-aie's `aie` and `aiex` dialects that air-check reads and
// checks: the physical level mlir-air's air-to-aie and airrt-to-npu passes
// emit (tiles, buffers, locks, cores, tile/memtile/shim DMAs with their
// buffer-descriptor chains, circuit-switched flows, shim DMA allocations and
// the runtime sequence).
//
// Textual syntax: mlir-aie's as emitted by the mlir-aie that upstream
// mlir-air pins. Issue 10 names mlir-aie 7e00b579 (2026-08-17); the newest
// utils/clone-mlir-aie.sh of mlir-air that air-check's references hold pins
// 26a0fd1e (wheel 2026022821), and the forms below are checked against
// mlir-air's AIRToAIE and AIRRtToNpu test CHECK lines of that version:
//   aie.device(npu1_1col) @name { ... }   (or `} {sym_name = "name"}`)
//   aie.shim_dma_allocation @sym(%tile, MM2S, 0)      (tile operand form)
//   aie.dma_start(S2MM, 0, ^bd, ^end, repeat_count = 1)
//   aie.dma_bd(%buf : memref<64xi32, 2>, 0, 64, [<size = 8, stride = 1>])
//   aiex.dma_configure_task_for @sym { ... aie.end } {issue_token = true}
// dma_bd also parses the keyword form (`offset = 0 len = 64`) of later
// mlir-aie, and seed 004's quoted enum spellings ("Acquire", "MM2S"); it
// prints the positional form above. See docs/aie.md.
//
// No upstream code is copied: the ops are written from the syntax and the
// documented meaning.
//
//===----------------------------------------------------------------------===//

#ifndef AIRCHECK_AIE_OPS
#define AIRCHECK_AIE_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AIE_Dialect : Dialect {
  let name = "aie";
  let cppNamespace = "::aircheck::aie";
  let summary = "The AIE array: tiles, buffers, locks, cores, DMAs, flows";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    std::optional<::mlir::Dialect::ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

def AIEX_Dialect : Dialect {
  let name = "aiex";
  let cppNamespace = "::aircheck::aiex";
  let summary = "The AIE runtime sequence: shim DMA tasks issued by the host";
  // aiex ops carry aie attributes (a transfer's #aie.packet_info): loading
  // aiex loads aie, or a design of aiex ops alone would build an attribute
  // of an unloaded dialect (found by fuzz-aie).
  let dependentDialects = ["::aircheck::aie::AIEDialect"];
  let extraClassDeclaration = [{
    std::optional<::mlir::Dialect::ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def AIE_DeviceKind : I32EnumAttr<"AIEDevice", "an AIE device", [
    I32EnumAttrCase<"xcvc1902", 1>, I32EnumAttrCase<"xcve2302", 2>,
    I32EnumAttrCase<"xcve2802", 3>, I32EnumAttrCase<"npu1", 4>,
    I32EnumAttrCase<"npu1_1col", 5>, I32EnumAttrCase<"npu1_2col", 6>,
    I32EnumAttrCase<"npu1_3col", 7>, I32EnumAttrCase<"npu1_4col", 8>,
    I32EnumAttrCase<"npu2", 9>, I32EnumAttrCase<"npu2_1col", 10>,
    I32EnumAttrCase<"npu2_2col", 11>, I32EnumAttrCase<"npu2_3col", 12>,
    I32EnumAttrCase<"npu2_4col", 13>, I32EnumAttrCase<"npu2_5col", 14>,
    I32EnumAttrCase<"npu2_6col", 15>, I32EnumAttrCase<"npu2_7col", 16>]> {
  let cppNamespace = "::aircheck::aie";
}

def AIE_WireBundle : I32EnumAttr<"WireBundle", "a stream-switch bundle", [
    I32EnumAttrCase<"Core", 0>, I32EnumAttrCase<"DMA", 1>,
    I32EnumAttrCase<"FIFO", 2>, I32EnumAttrCase<"South", 3>,
    I32EnumAttrCase<"West", 4>, I32EnumAttrCase<"North", 5>,
    I32EnumAttrCase<"East", 6>, I32EnumAttrCase<"PLIO", 7>,
    I32EnumAttrCase<"NOC", 8>, I32EnumAttrCase<"Trace", 9>,
    I32EnumAttrCase<"TileControl", 10, "Ctrl">]> {
  let cppNamespace = "::aircheck::aie";
}

def AIE_DMAChannelDir : I32EnumAttr<"DMAChannelDir", "a DMA direction", [
    I32EnumAttrCase<"S2MM", 0>, I32EnumAttrCase<"MM2S", 1>]> {
  let cppNamespace = "::aircheck::aie";
}

def AIE_LockAction : I32EnumAttr<"LockAction", "a lock action", [
    I32EnumAttrCase<"Acquire", 0>, I32EnumAttrCase<"Release", 1>,
    I32EnumAttrCase<"AcquireGreaterEqual", 2>]> {
  let cppNamespace = "::aircheck::aie";
}

// The kind of tile an aie.logical_tile asks the placer for (mlir-aie's
// AIETileType spellings).
def AIE_TileType : I32EnumAttr<"AIETileType", "a kind of tile", [
    I32EnumAttrCase<"CoreTile", 0>, I32EnumAttrCase<"MemTile", 1>,
    I32EnumAttrCase<"ShimNOCTile", 2>, I32EnumAttrCase<"ShimPLTile", 3>]> {
  let cppNamespace = "::aircheck::aie";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// `#aie.packet_info<pkt_type = T, pkt_id = N>`: the header a packet carries
// (later mlir-aie: a tile's `controller_id`, a BD's `packet`). The two
// fields in any order; printed type first, as mlir-aie prints them.
def AIE_PacketInfoAttr : AttrDef<AIE_Dialect, "PacketInfo"> {
  let mnemonic = "packet_info";
  let summary = "A packet header: its type and its id";
  let parameters = (ins "uint16_t":$pkt_type, "uint16_t":$pkt_id);
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// aie ops
//===----------------------------------------------------------------------===//

class AIE_Op<string mnemonic, list<Trait> traits = []> :
    Op<AIE_Dialect, mnemonic, traits>;

def AIE_DeviceOp : AIE_Op<"device", [SymbolTable, SingleBlock, NoTerminator,
                                     IsolatedFromAbove]> {
  let summary = "A design for one AIE device";
  let arguments = (ins AIE_DeviceKind:$device,
                       OptionalAttr<SymbolNameAttr>:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "`(` $device `)` ($sym_name^)? custom<GuardedBlockRegion>($body) attr-dict";
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def AIE_TileOp : AIE_Op<"tile", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A tile of the array, by column and row";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$col,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$row);
  let results = (outs Index:$result);
  let assemblyFormat = "`(` $col `,` $row `)` attr-dict";
}

def AIE_LogicalTileOp : AIE_Op<"logical_tile", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A tile of a kind whose place the placer chooses later";
  // `aie.logical_tile<CoreTile>(?, ?)`, a coordinate given or `?`.
  let arguments = (ins AIE_TileType:$tile_type,
                       OptionalAttr<I32Attr>:$col,
                       OptionalAttr<I32Attr>:$row);
  let results = (outs Index:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def AIE_EndOp : AIE_Op<"end", [Terminator]> {
  let summary = "Ends a core body, a DMA program or a BD task";
  let assemblyFormat = "attr-dict";
}

def AIE_BufferOp : AIE_Op<"buffer", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A buffer in a tile's data memory";
  let arguments = (ins Index:$tile,
                       OptionalAttr<StrAttr>:$sym_name,
                       OptionalAttr<I32Attr>:$address,
                       OptionalAttr<I32Attr>:$mem_bank,
                       OptionalAttr<ElementsAttr>:$initial_value);
  let results = (outs AnyMemRef:$buffer);
  let assemblyFormat = [{
    `(` $tile `)` attr-dict `:` type($buffer)
    custom<InitialValue>(ref(type($buffer)), $initial_value)
  }];
  let hasVerifier = 1;
}

def AIE_LockOp : AIE_Op<"lock", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A lock (a counting semaphore on AIE2) of a tile";
  let arguments = (ins Index:$tile,
                       OptionalAttr<I32Attr>:$lockID,
                       OptionalAttr<I32Attr>:$init,
                       OptionalAttr<StrAttr>:$sym_name);
  let results = (outs Index:$result);
  let assemblyFormat = "`(` $tile (`,` $lockID^)? `)` attr-dict";
  let hasVerifier = 1;
}

def AIE_UseLockOp : AIE_Op<"use_lock", []> {
  let summary = "Acquire or release a lock";
  // The amount: an integer (`aie.use_lock(%l, Release, 1)`, the form the
  // mlir-aie that mlir-air pins prints) or, as later mlir-aie writes it, an
  // i32 value (`aie.use_lock(%l, AcquireGreaterEqual, %one)`).
  let arguments = (ins Index:$lock, AIE_LockAction:$action,
                       OptionalAttr<I32Attr>:$value,
                       Optional<I32>:$amount);
  let builders = [OpBuilder<(ins "::mlir::Value":$lock,
                                 "LockActionAttr":$action,
                                 "::mlir::IntegerAttr":$value), [{
    build($_builder, $_state, lock, action, value, ::mlir::Value());
  }]>];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The value acquired or released (1 when omitted), when it is known:
    /// the integer, or the constant the i32 operand folds to; nullopt for
    /// an operand computed at run time.
    std::optional<int64_t> getKnownAmount();
    /// getKnownAmount(), for callers that checked it is known.
    int64_t getValueOrDefault() { return getKnownAmount().value_or(1); }
    bool isAcquire() { return getAction() != LockAction::Release; }
  }];
}

def AIE_CoreOp : AIE_Op<"core", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The program of a tile's core";
  let arguments = (ins Index:$tile,
                       DefaultValuedAttr<I32Attr, "1024">:$stack_size,
                       OptionalAttr<StrAttr>:$link_with,
                       OptionalAttr<StrAttr>:$elf_file);
  let results = (outs Index:$result);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "`(` $tile `)` custom<GuardedRegion>($body) attr-dict";
  let hasVerifier = 1;
}

class AIE_DMAProgramOp<string mnemonic, string what> : AIE_Op<mnemonic, [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The DMA program (channels and BD chains) of " # what;
  let arguments = (ins Index:$tile);
  let results = (outs Index:$result);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "`(` $tile `)` custom<GuardedRegion>($body) attr-dict";
  let hasVerifier = 1;
}
def AIE_MemOp : AIE_DMAProgramOp<"mem", "a compute tile">;
def AIE_MemTileDMAOp : AIE_DMAProgramOp<"memtile_dma", "a memory tile">;
def AIE_ShimDMAOp : AIE_DMAProgramOp<"shim_dma", "a shim tile">;

def AIE_DMAStartOp : AIE_Op<"dma_start", [Terminator,
    ParentOneOf<["MemOp", "MemTileDMAOp", "ShimDMAOp"]>]> {
  let summary = "Start a DMA channel on the BD chain at `dest`; go on at `chain`";
  let arguments = (ins AIE_DMAChannelDir:$channel_dir,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$channel_index,
                       OptionalAttr<I32Attr>:$repeat_count);
  let results = (outs I1:$valid);
  let successors = (successor AnySuccessor:$dest, AnySuccessor:$chain);
  let assemblyFormat = [{
    `(` $channel_dir `,` $channel_index `,` $dest `,` $chain
    (`,` `repeat_count` `=` $repeat_count^)? `)` attr-dict
  }];
}

def AIE_DMABDOp : AIE_Op<"dma_bd", []> {
  let summary = "A buffer descriptor: what one DMA transfer moves";
  let description = [{
    `offset`, `len`, `sizes` and `strides` count elements of the buffer's
    element type; sizes and strides run outermost first. The pad lists give
    the elements padded before and after each dimension.
  }];
  let arguments = (ins AnyMemRef:$buffer,
                       OptionalAttr<I32Attr>:$offset,
                       OptionalAttr<I32Attr>:$len,
                       OptionalAttr<DenseI32ArrayAttr>:$sizes,
                       OptionalAttr<DenseI32ArrayAttr>:$strides,
                       OptionalAttr<DenseI32ArrayAttr>:$pad_before,
                       OptionalAttr<DenseI32ArrayAttr>:$pad_after,
                       OptionalAttr<I32Attr>:$pad_value,
                       OptionalAttr<AIE_PacketInfoAttr>:$packet);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getOffsetOrDefault() { return getOffset().value_or(0); }
  }];
}

def AIE_NextBDOp : AIE_Op<"next_bd", [Terminator]> {
  let summary = "Chain to the BD in the successor block";
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest attr-dict";
}

def AIE_DMAOp : AIE_Op<"dma", [NoTerminator,
    ParentOneOf<["MemOp", "MemTileDMAOp", "ShimDMAOp"]>]> {
  let summary = "A DMA channel and its BD chain, one region per BD";
  // `%0 = aie.dma(MM2S, 0) [{ use_lock, dma_bd, use_lock }, {...}]`, with
  // `{loop = false, repeat_count = N}` before the list (later mlir-aie):
  // the BDs run in order; with `loop` (the default) the chain goes back to
  // its first BD after its last, else it runs `repeat_count + 1` times.
  let arguments = (ins AIE_DMAChannelDir:$channel_dir,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$channel_index,
                       OptionalAttr<BoolAttr>:$loop,
                       OptionalAttr<I32Attr>:$repeat_count,
                       OptionalAttr<StrAttr>:$sym_name);
  let results = (outs I1:$valid);
  let regions = (region VariadicRegion<SizedRegion<1>>:$bds);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    bool loops() { return getLoop().value_or(true); }
  }];
}

def AIE_CascadeFlowOp : AIE_Op<"cascade_flow", []> {
  let summary = "A cascade stream from one core's tile to a neighbour's";
  let arguments = (ins Index:$source_tile, Index:$dest_tile);
  let assemblyFormat = "`(` $source_tile `,` $dest_tile `)` attr-dict";
}

// A core's end of its cascade streams (aie.cascade_flow): a value put on
// the stream out, or got from the stream in (mlir-aie's forms,
// `aie.put_cascade(%v : vector<16xi32>)`, `%v = aie.get_cascade() :
// vector<16xi32>`). Each blocks while the stream is full (put) or empty
// (get); the dispatch model gives the stream a few values of room
// (docs/aie.md).
def AIE_PutCascadeOp : AIE_Op<"put_cascade", []> {
  let summary = "Put a value on the core's outgoing cascade stream";
  let arguments = (ins AnyType:$cascade_value);
  let assemblyFormat = "`(` $cascade_value `:` type($cascade_value) `)` attr-dict";
}

def AIE_GetCascadeOp : AIE_Op<"get_cascade", []> {
  let summary = "Get a value from the core's incoming cascade stream";
  let results = (outs AnyType:$cascade_value);
  let assemblyFormat = "`(` `)` attr-dict `:` type($cascade_value)";
}

def AIE_FlowOp : AIE_Op<"flow", []> {
  let summary = "A circuit-switched stream from one port to another";
  let arguments = (ins Index:$source, AIE_WireBundle:$source_bundle,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$source_channel,
                       Index:$dest, AIE_WireBundle:$dest_bundle,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dest_channel);
  let assemblyFormat = [{
    `(` $source `,` $source_bundle `:` $source_channel `,`
        $dest `,` $dest_bundle `:` $dest_channel `)` attr-dict
  }];
  let hasVerifier = 1;
}

def AIE_ShimDMAAllocationOp : AIE_Op<"shim_dma_allocation", []> {
  let summary = "A shim DMA channel the runtime sequence drives, by name";
  // Not a Symbol: mlir-aie's older designs declare a `memref.global` of the
  // same name next to it (`memref.global "public" @in : memref<..>` and
  // `aie.shim_dma_allocation @in(MM2S, 0, 0)`), as its op then stored the
  // name as a symbol reference; the name is looked up by
  // aiecheck::allocationNamed.
  // `@s(%tile, MM2S, 0)`; with the packet its tasks' words carry,
  // `@s(%tile, MM2S, 0, <pkt_id = 1>)` (later mlir-aie); and the older
  // `@s(MM2S, 0, col)` with the shim tile's column instead of a tile.
  let arguments = (ins FlatSymbolRefAttr:$sym_name, Optional<Index>:$tile,
                       AIE_DMAChannelDir:$channel_dir,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$channel_index,
                       OptionalAttr<I32Attr>:$col,
                       OptionalAttr<I32Attr>:$pkt_type,
                       OptionalAttr<I32Attr>:$pkt_id);
  let builders = [OpBuilder<(ins "::mlir::StringAttr":$name, "::mlir::Value":$tile,
                                 "DMAChannelDir":$dir, "int32_t":$channel), [{
    build($_builder, $_state, ::mlir::FlatSymbolRefAttr::get(name), tile,
          DMAChannelDirAttr::get($_builder.getContext(), dir),
          $_builder.getI32IntegerAttr(channel), nullptr, nullptr, nullptr);
  }]>];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def AIE_PacketFlowOp : AIE_Op<"packet_flow", [SingleBlock, NoTerminator]> {
  let summary = "A packet-switched stream: its id, one source and its dests";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$id,
                       OptionalAttr<BoolAttr>:$keep_pkt_header);
  let regions = (region SizedRegion<1>:$ports);
  let assemblyFormat = "`(` $id `)` $ports attr-dict";
  let hasVerifier = 1;
}

class AIE_PacketPortOp<string mnemonic, string what> : AIE_Op<mnemonic, [
    HasParent<"PacketFlowOp">]> {
  let summary = "The " # what # " port of a packet flow";
  let arguments = (ins Index:$tile, AIE_WireBundle:$bundle,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$channel);
  let assemblyFormat =
      "`<` custom<PacketPort>($tile, $bundle, $channel) `>` attr-dict";
}
def AIE_PacketSourceOp : AIE_PacketPortOp<"packet_source", "source">;
def AIE_PacketDestOp : AIE_PacketPortOp<"packet_dest", "destination">;

def AIE_RuntimeSequenceOp : AIE_Op<"runtime_sequence", [NoTerminator,
                                                       SingleBlock]> {
  let summary = "What the host does: configure, start and await shim DMAs";
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

include "AIEObjectFifo.td"

//===----------------------------------------------------------------------===//
// aiex ops
//===----------------------------------------------------------------------===//

class AIEX_Op<string mnemonic, list<Trait> traits = []> :
    Op<AIEX_Dialect, mnemonic, traits>;

def AIEX_NpuDmaMemcpyNdOp : AIEX_Op<"npu.dma_memcpy_nd",
    [AttrSizedOperandSegments]> {
  let summary = "Host-issued n-d shim DMA transfer on a named allocation";
  let arguments = (ins OptionalAttr<I64Attr>:$x, OptionalAttr<I64Attr>:$y,
                       AnyMemRef:$memref,
                       Variadic<I64>:$offsets, Variadic<I64>:$sizes,
                       Variadic<I64>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       FlatSymbolRefAttr:$metadata,
                       OptionalAttr<I64Attr>:$id,
                       OptionalAttr<BoolAttr>:$issue_token,
                       OptionalAttr<AIE_PacketInfoAttr>:$packet);
  // Later mlir-aie gives the transfer's packet header after the strides:
  // `(..., packet = <pkt_id = 5, pkt_type = 0>)`; earlier mlir-aie two
  // integers before the memref (`(0, 0, %arg0[...]...)`), kept as read.
  let assemblyFormat = [{
    `(` custom<LeadingXY>($x, $y, $memref)
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    (`,` `packet` `=` $packet^)? `)`
    attr-dict `:` type($memref)
  }];
}

def AIEX_NpuDmaWaitOp : AIEX_Op<"npu.dma_wait", []> {
  let summary = "Host waits for the transfers on a named allocation";
  let arguments = (ins FlatSymbolRefAttr:$symbol);
  let assemblyFormat = "attr-dict";
}

def AIEX_DMAConfigureTaskForOp : AIEX_Op<"dma_configure_task_for", []> {
  let summary = "A BD task on the shim channel a shim_dma_allocation names";
  let arguments = (ins FlatSymbolRefAttr:$alloc,
                       OptionalAttr<BoolAttr>:$issue_token,
                       OptionalAttr<I32Attr>:$repeat_count);
  let results = (outs Index:$result);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "$alloc custom<GuardedRegion>($body) attr-dict";
}

def AIEX_DMAConfigureTaskOp : AIEX_Op<"dma_configure_task", []> {
  let summary = "A BD task on a tile's DMA channel";
  let arguments = (ins Index:$tile, AIE_DMAChannelDir:$direction,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$channel,
                       OptionalAttr<BoolAttr>:$issue_token,
                       OptionalAttr<I32Attr>:$repeat_count);
  let results = (outs Index:$result);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{
    `(` $tile `,` $direction `,` $channel `)` custom<GuardedRegion>($body) attr-dict
  }];
}

def AIEX_RuntimeSequenceOp : AIEX_Op<"runtime_sequence", [NoTerminator,
                                                         SingleBlock]> {
  let summary = "The older spelling of aie.runtime_sequence (read alike)";
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

// Host ops that write the array's registers or reconfigure it. The host
// model does not run them (unknown wherever one appears in the sequence
// it runs): each could change a DMA's state.
def AIEX_NpuWrite32Op : AIEX_Op<"npu.write32", [AttrSizedOperandSegments]> {
  let summary = "Write one 32-bit register (or a word of a buffer)";
  // `{address = A : ui32, value = V : ui32[, column, row | buffer = @b]}`
  // or `(%addr, %value) {...} : i32, i32`.
  let arguments = (ins Optional<AnyInteger>:$dyn_address,
                       Optional<AnyInteger>:$dyn_value);
  let assemblyFormat = [{
    (`(` $dyn_address^ `,` $dyn_value `)`)? attr-dict
    (`:` type($dyn_address)^ `,` type($dyn_value))?
  }];
}
def AIEX_NpuMaskWrite32Op : AIEX_Op<"npu.maskwrite32",
                                   [AttrSizedOperandSegments]> {
  let summary = "Write the bits of a mask in one 32-bit register";
  // `{address = A, value = V, mask = M[, column, row | buffer = @b]}` or
  // `(%addr, %value, %mask) {...} : i32, i32, i32`.
  let arguments = (ins Optional<AnyInteger>:$dyn_address,
                       Optional<AnyInteger>:$dyn_value,
                       Optional<AnyInteger>:$dyn_mask);
  let assemblyFormat = [{
    (`(` $dyn_address^ `,` $dyn_value `,` $dyn_mask `)`)? attr-dict
    (`:` type($dyn_address)^ `,` type($dyn_value) `,` type($dyn_mask))?
  }];
}
def AIEX_SetLockOp : AIEX_Op<"set_lock", []> {
  let summary = "The host sets a lock's value";
  // `aiex.set_lock(%lock, 1)` or `aiex.set_lock(%lock, %v)`.
  let arguments = (ins Index:$lock, OptionalAttr<I32Attr>:$value,
                       Optional<I32>:$dyn_value);
  let hasCustomAssemblyFormat = 1;
}
def AIEX_NpuBlockWriteOp : AIEX_Op<"npu.blockwrite", []> {
  let summary = "Write a block of words into registers or a buffer";
  let arguments = (ins AnyMemRef:$data);
  let assemblyFormat = "`(` $data `)` attr-dict `:` type($data)";
}
def AIEX_NpuSyncOp : AIEX_Op<"npu.sync", []> {
  let summary = "Wait for a DMA channel's task-complete token (by coordinates)";
  let assemblyFormat = "attr-dict";
}
def AIEX_NpuAddressPatchOp : AIEX_Op<"npu.address_patch", []> {
  let summary = "Patch a BD's address with a runtime argument's";
  let assemblyFormat = "attr-dict";
}
def AIEX_NpuPushQueueOp : AIEX_Op<"npu.push_queue", [AttrSizedOperandSegments]> {
  let summary = "Push a BD (by id) onto a DMA channel's task queue";
  // `(col, row, MM2S : 0) {bd_id = 0 : i32, repeat_count = 0 : i32, ...}`
  // or with the BD id and repeat count as values:
  // `(col, row, MM2S : 0) bd_id %b repeat %r {...} : i32, i32`.
  let arguments = (ins I32Attr:$column, I32Attr:$row,
                       AIE_DMAChannelDir:$direction, I32Attr:$channel,
                       Optional<AnyInteger>:$dyn_bd_id,
                       Optional<AnyInteger>:$dyn_repeat);
  let assemblyFormat = [{
    `(` $column `,` $row `,` $direction `:` $channel `)`
    (`bd_id` $dyn_bd_id^ `repeat` $dyn_repeat)? attr-dict
    (`:` type($dyn_bd_id)^ `,` type($dyn_repeat))?
  }];
}
def AIEX_ConfigureOp : AIEX_Op<"configure", [NoTerminator, SingleBlock]> {
  let summary = "Load another device's configuration, then run its sequences";
  let arguments = (ins FlatSymbolRefAttr:$symbol);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$symbol custom<GuardedBlockRegion>($body) attr-dict";
}
def AIEX_RunOp : AIEX_Op<"run", []> {
  let summary = "Run a runtime sequence of the configured device";
  let arguments = (ins FlatSymbolRefAttr:$runtime_sequence,
                       Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $runtime_sequence `(` $args `)` attr-dict `:` `(` type($args) `)`
  }];
}

class AIEX_TaskOp<string mnemonic, string what> : AIEX_Op<mnemonic, []> {
  let summary = what;
  let arguments = (ins Variadic<Index>:$tasks);
  let assemblyFormat = "`(` $tasks `)` attr-dict";
}
def AIEX_DMAStartTaskOp : AIEX_TaskOp<"dma_start_task", "Start BD tasks">;
def AIEX_DMAAwaitTaskOp : AIEX_TaskOp<"dma_await_task", "Wait for BD tasks that issue a token">;
def AIEX_DMAFreeTaskOp : AIEX_TaskOp<"dma_free_task", "Release the BDs of tasks">;

#endif // AIRCHECK_AIE_OPS
