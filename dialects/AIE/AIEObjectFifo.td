//===- AIEObjectFifo.td - mlir-aie's object FIFOs -------------*- tablegen -*-===//
//
// mlir-aie's object FIFO: a bounded channel of `depth` objects (memrefs)
// from one producer tile to one or more consumer tiles, which a core uses
// through acquire/release and which mlir-aie's objectFifo stateful
// transform lowers to buffers, lock pairs, BD chains and flows. air-check
// analyses it as written, before any lowering (docs/aie.md, "Object
// FIFOs"). Forms, as mlir-aie prints them:
//   aie.objectfifo @of(%t00, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
//   aie.objectfifo @of(%t01 toStream [<size = 8, stride = 4>], {%t02, %t03},
//                      [2, 2, 3]) {via_DMA = true} : !aie.objectfifo<...>
//   aie.objectfifo.link [@a] -> [@b, @c] ([] [0, 64])
//   %s = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
//   %e = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
//   aie.objectfifo.release @of(Consume, 1)
//
//===----------------------------------------------------------------------===//

#ifndef AIRCHECK_AIE_OBJECTFIFO
#define AIRCHECK_AIE_OBJECTFIFO

include "mlir/IR/AttrTypeBase.td"

def AIE_ObjectFifoPort : I32EnumAttr<"ObjectFifoPort", "an object FIFO port", [
    I32EnumAttrCase<"Produce", 0>, I32EnumAttrCase<"Consume", 1>]> {
  let cppNamespace = "::aircheck::aie";
}

class AIE_Type<string name, string typeMnemonic> :
    TypeDef<AIE_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def AIE_ObjectFifoType : AIE_Type<"ObjectFifo", "objectfifo"> {
  let summary = "An object FIFO of memref objects";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def AIE_ObjectFifoSubviewType : AIE_Type<"ObjectFifoSubview",
                                         "objectfifosubview"> {
  let summary = "The objects one acquire of an object FIFO holds";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def AIE_ObjectFifoCreateOp : AIE_Op<"objectfifo", [Symbol]> {
  let summary = "A bounded FIFO of objects from a producer to its consumers";
  let description = [{
    `depths`: one depth for every end, or one per end (producer first).
    `to_stream`: the producer's (size, stride) pairs, flattened;
    `from_stream`: per consumer, its pairs (empty when it has none).
    `init_values`: the objects the FIFO starts with (then it starts full).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Index:$producer,
                       Variadic<Index>:$consumers,
                       DenseI32ArrayAttr:$depths,
                       UnitAttr:$depth_list,
                       OptionalAttr<DenseI32ArrayAttr>:$to_stream,
                       OptionalAttr<ArrayAttr>:$from_stream,
                       OptionalAttr<ArrayAttr>:$init_values,
                       TypeAttr:$elem_type);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The memref type of one object.
    ::mlir::MemRefType getObjectType();
    /// The depth at end `i` (0: the producer, 1..: the consumers).
    int64_t depthAt(size_t i);
  }];
}

def AIE_ObjectFifoLinkOp : AIE_Op<"objectfifo.link", []> {
  let summary = "A memory tile forwarding object FIFOs into object FIFOs";
  let description = [{
    One input and several outputs distribute (the outputs' objects at
    `dst_offsets` of the input's), several inputs and one output join.
  }];
  let arguments = (ins FlatSymbolRefArrayAttr:$fifo_ins,
                       FlatSymbolRefArrayAttr:$fifo_outs,
                       DenseI64ArrayAttr:$src_offsets,
                       DenseI64ArrayAttr:$dst_offsets);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def AIE_ObjectFifoAcquireOp : AIE_Op<"objectfifo.acquire", []> {
  let summary = "Hold `size` objects of a FIFO's port (blocks until they are)";
  let arguments = (ins FlatSymbolRefAttr:$objFifo_name,
                       AIE_ObjectFifoPort:$port,
                       ConfinedAttr<I32Attr, [IntPositive]>:$size);
  // A subview, or (later mlir-aie) the object's memref itself.
  let results = (outs AnyTypeOf<[AIE_ObjectFifoSubviewType, AnyMemRef]>:$subview);
  let assemblyFormat = [{
    $objFifo_name `(` $port `,` $size `)` attr-dict `:` qualified(type($subview))
  }];
  let hasVerifier = 1;
}

def AIE_ObjectFifoReleaseOp : AIE_Op<"objectfifo.release", []> {
  let summary = "Give back the `size` oldest objects a port holds";
  let arguments = (ins FlatSymbolRefAttr:$objFifo_name,
                       AIE_ObjectFifoPort:$port,
                       ConfinedAttr<I32Attr, [IntPositive]>:$size);
  let assemblyFormat = "$objFifo_name `(` $port `,` $size `)` attr-dict";
  let hasVerifier = 1;
}

def AIE_ObjectFifoSubviewAccessOp : AIE_Op<"objectfifo.subview.access", [Pure]> {
  let summary = "The memref of one acquired object";
  let arguments = (ins AIE_ObjectFifoSubviewType:$subview,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs AnyMemRef:$output);
  let assemblyFormat = [{
    $subview `[` $index `]` attr-dict `:` qualified(type($subview)) `->` type($output)
  }];
}

#endif // AIRCHECK_AIE_OBJECTFIFO
