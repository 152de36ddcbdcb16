//===- TileAAOps.td - the nv_tileaa subset air-check reads -*- tablegen -*-===//
//
// The part of nv_tileaa (seed 001_4da84685423c781e.txt, "nv_tileaa Operation
// Roster") that air-check parses and checks: the pointer, memref, memory
// effect, token, dot, grid and queue families, the function shell and the
// shape ops its examples need. Mnemonics, operand slots and attributes are
// the seed's. Any other nv_tileaa op or type is a "not supported" parse
// error (TileAADialect.cpp).
//
// Memory ops keep the seed's operand layout: `operandSegmentSizes` has four
// entries ({base, indices, mask, other} for loads, {base, value, indices,
// mask} for stores, {base, values, indices, mask} for atomics) and the token
// is the one operand after them, as in the seed's worked example where the
// segments count 1 + 2 + 0 + 0 operands and a fifth, the token, follows.
// The operands are therefore one ODS group and the accessors are written by
// hand (TileAADialect.h, `MemAccess`).
//
// Enumerated attributes (mem_semantic, mem_scope, cache_modifier,
// eviction_policy, rmw_mode, signedness_a/_b) are strings whose values the
// verifiers check against the seed's tables.
//
// No upstream code is copied: the ops are written from the seed's text.
//
//===----------------------------------------------------------------------===//

#ifndef AIRCHECK_TILEAA_OPS
#define AIRCHECK_TILEAA_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"

def TileAA_Dialect : Dialect {
  let name = "nv_tileaa";
  let cppNamespace = "::aircheck::tileaa";
  let summary = "nv_tileaa: the alias-aware, token-ordered tile dialect (seed 001)";
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    std::optional<::mlir::Dialect::ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class TileAA_Type<string name, string typeMnemonic> :
    TypeDef<TileAA_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def TileAA_PtrType : TileAA_Type<"Ptr", "ptr"> {
  let summary = "a pointer to elements of one type in one address space";
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$addressSpace);
  let assemblyFormat = "`<` $elementType `,` $addressSpace `>`";
}

def TileAA_MemRefType : TileAA_Type<"TileMemRef", "memref"> {
  let summary = "an addressable object: base, shape, strides, element type, space";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType, "unsigned":$addressSpace);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    unsigned getNumDynamicDims() const;
  }];
}

def TileAA_TileType : TileAA_Type<"Tile", "tile"> {
  let summary = "a tile-shaped value: static shape and element type";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    int64_t getNumElements() const;
  }];
}

def TileAA_MemTokenType : TileAA_Type<"MemToken", "mem_token"> {
  let summary = "an ordering edge between memory effects";
}

def TileAA_QueueType : TileAA_Type<"Queue", "queue"> {
  let summary = "a queue between producer and consumer regions";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def TileAA_Token : Type<CPred<"::llvm::isa<::aircheck::tileaa::MemTokenType>($_self)">,
                        "!nv_tileaa.mem_token">,
                   BuildableType<"::aircheck::tileaa::MemTokenType::get($_builder.getContext())">;
def TileAA_Queue : Type<CPred<"::llvm::isa<::aircheck::tileaa::QueueType>($_self)">,
                        "!nv_tileaa.queue">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class TileAA_Op<string mnemonic, list<Trait> traits = []> :
    Op<TileAA_Dialect, mnemonic, traits>;

// Tokens.
def TileAA_CreateMemTokenOp : TileAA_Op<"create_mem_token", [Pure]> {
  let summary = "an initial memory-order value";
  let results = (outs TileAA_Token:$token);
  let assemblyFormat = "attr-dict `:` type($token)";
}

def TileAA_JoinMemTokenOp : TileAA_Op<"join_mem_token", [Pure]> {
  let summary = "merges several order edges into one";
  let arguments = (ins Variadic<TileAA_Token>:$inputs);
  let results = (outs TileAA_Token:$token);
  let assemblyFormat = "$inputs attr-dict `:` type($token)";
}

// Pointers and memrefs.
def TileAA_AddPtrOp : TileAA_Op<"addptr", [Pure]> {
  let summary = "pointer arithmetic preserving element type, space, provenance";
  let arguments = (ins AnyType:$base, AnyType:$offset);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_MakeMemRefOp : TileAA_Op<"make_memref", [Pure]> {
  let summary = "packages a base pointer with offset, sizes and strides";
  // {base, offset, sizes, strides}, as the seed's operandSegmentSizes.
  let arguments = (ins Variadic<AnyType>:$args,
                       DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<AnyI64Attr>:$alias_scope);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::OperandRange segment(unsigned i);
    ::mlir::Value getBase() { return segment(0).front(); }
    ::mlir::Value getOffset() {
      auto s = segment(1); return s.empty() ? ::mlir::Value() : s.front();
    }
    ::mlir::OperandRange getSizes() { return segment(2); }
    ::mlir::OperandRange getStrides() { return segment(3); }
  }];
}

// Memory effects: one operand group, the seed's four segments, the token
// after them (see the file comment).
class TileAA_MemOp<string mnemonic> : TileAA_Op<mnemonic> {
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class TileAA_LoadLike<string mnemonic> : TileAA_MemOp<mnemonic> {
  let arguments = (ins Variadic<AnyType>:$args,
                       DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<StrAttr>:$cache_modifier,
                       OptionalAttr<StrAttr>:$eviction_policy,
                       OptionalAttr<StrAttr>:$mem_semantic,
                       OptionalAttr<StrAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds);
  let results = (outs AnyType:$value, Optional<TileAA_Token>:$token_out);
}

class TileAA_StoreLike<string mnemonic> : TileAA_MemOp<mnemonic> {
  let arguments = (ins Variadic<AnyType>:$args,
                       DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<StrAttr>:$cache_modifier,
                       OptionalAttr<StrAttr>:$eviction_policy,
                       OptionalAttr<StrAttr>:$mem_semantic,
                       OptionalAttr<StrAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds);
  let results = (outs Optional<TileAA_Token>:$token_out);
}

class TileAA_AtomicLike<string mnemonic> : TileAA_MemOp<mnemonic> {
  let arguments = (ins Variadic<AnyType>:$args,
                       DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<StrAttr>:$rmw_mode,
                       OptionalAttr<StrAttr>:$mem_semantic,
                       OptionalAttr<StrAttr>:$mem_scope);
  let results = (outs AnyType:$old, Optional<TileAA_Token>:$token_out);
}

def TileAA_LoadOp : TileAA_LoadLike<"load"> { let summary = "scalar or tile load"; }
def TileAA_TiledLoadOp : TileAA_LoadLike<"tiled_load"> { let summary = "TMA-aware tile load"; }
def TileAA_GatherLoadOp : TileAA_LoadLike<"gather_load"> { let summary = "per-lane-address load"; }
def TileAA_StoreOp : TileAA_StoreLike<"store"> { let summary = "scalar or tile store"; }
def TileAA_TiledStoreOp : TileAA_StoreLike<"tiled_store"> { let summary = "TMA-aware tile store"; }
def TileAA_ScatterStoreOp : TileAA_StoreLike<"scatter_store"> { let summary = "per-lane-address store"; }
def TileAA_AtomicRMWOp : TileAA_AtomicLike<"atomic_rmw"> { let summary = "atomic read-modify-write"; }
def TileAA_AtomicCASOp : TileAA_AtomicLike<"atomic_cas"> { let summary = "atomic compare-and-swap"; }

// Dot.
def TileAA_DotOp : TileAA_Op<"dot", [Pure]> {
  let summary = "matrix multiply-accumulate, optionally block-scaled";
  // {A, B, C, sfa, sfb}, as the seed's operandSegmentSizes.
  let arguments = (ins Variadic<AnyType>:$args,
                       DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<StrAttr>:$signedness_a,
                       OptionalAttr<StrAttr>:$signedness_b,
                       OptionalAttr<BoolAttr>:$propagate_nan);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Grid.
def TileAA_GetProgramIdOp : TileAA_Op<"get_program_id", [Pure]> {
  let summary = "this program's id along one grid dimension";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$dim);
  let results = (outs AnyTypeOf<[I32, Index]>:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
}

def TileAA_GetNumProgramsOp : TileAA_Op<"get_num_programs", [Pure]> {
  let summary = "the grid's size along one dimension";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$dim);
  let results = (outs AnyTypeOf<[I32, Index]>:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
}

// Queues.
def TileAA_CreateQueueOp : TileAA_Op<"create_queue"> {
  let summary = "a queue of bounded depth";
  let arguments = (ins DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$depth);
  let results = (outs TileAA_Queue:$queue);
  let assemblyFormat = "attr-dict `:` type($queue)";
}

def TileAA_QueuePutOp : TileAA_Op<"queue.put"> {
  let summary = "producer commit: puts a value into a queue (blocks when full)";
  let arguments = (ins TileAA_Queue:$queue, AnyType:$value);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_QueueGetOp : TileAA_Op<"queue.get"> {
  let summary = "consumer wait: takes a value from a queue (blocks when empty)";
  let arguments = (ins TileAA_Queue:$queue);
  let results = (outs AnyType:$value);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_QueueYieldOp : TileAA_Op<"queue.yield", [Terminator, Pure]> {
  let summary = "closes a queue region with its yielded values";
  let arguments = (ins Variadic<AnyType>:$values);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Producer and consumer regions. Seed 001 says queue.get, queue.put and
// queue.yield "form a dataflow shell that TileAS later collapses into
// producer and consumer pipeline regions", and its lower_queue_region walks a
// region's queue ops up to the queue.yield that closes it; it does not name
// the op that holds such regions. This op is air-check's (not the seed's):
// each of its regions is one pipeline region, a sequential process, and the
// regions run concurrently, communicating through the queues they share
// (values from above); the op completes when every region has reached its
// queue.yield (docs/tileaa.md, "Queue regions").
def TileAA_QueueRegionsOp : TileAA_Op<"queue.regions", [RecursiveMemoryEffects]> {
  let summary = "concurrent producer/consumer regions (air-check's op, not the seed's)";
  let regions = (region VariadicRegion<SizedRegion<1>>:$partitions);
  let assemblyFormat = "$partitions attr-dict";
  let hasVerifier = 1;
}

// Function shell.
def TileAA_FuncOp : TileAA_Op<"func", [FunctionOpInterface, IsolatedFromAbove,
                                        CallableOpInterface]> {
  let summary = "an nv_tileaa function";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
  }];
}

def TileAA_ReturnOp : TileAA_Op<"return", [Terminator, Pure, HasParent<"FuncOp">]> {
  let summary = "returns from an nv_tileaa.func";
  let arguments = (ins Variadic<AnyType>:$values);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_YieldOp : TileAA_Op<"yield", [Terminator, Pure]> {
  let summary = "yields values to the parent region's op";
  let arguments = (ins Variadic<AnyType>:$values);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Shape ops the examples need.
def TileAA_SplatOp : TileAA_Op<"splat", [Pure]> {
  let summary = "scalar-to-tile constructor";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_MakeRangeOp : TileAA_Op<"make_range", [Pure]> {
  let summary = "the 1-D tile start, start + 1, ..., end - 1";
  let arguments = (ins I64Attr:$start, I64Attr:$end);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_BroadcastOp : TileAA_Op<"broadcast", [Pure]> {
  let summary = "repeats a tile across larger axes";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_ViewOp : TileAA_Op<"view", [Pure]> {
  let summary = "reinterprets a tile's shape, same element count";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif
