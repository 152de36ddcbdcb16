// Seed 000_3402c488c9f6c083.txt, lines 413-426 (section 2.5 air.channel,
// air.channel.put, air.channel.get), with the channel_type values of lines
// 432-437, the broadcast_shape attribute of line 439 and the depth values of
// lines 443-448. The pseudo-syntax is instantiated: `[dim₀, dim₁, …]` is
// `[2, 2]`, `<N>` is 2, `[indices]` are concrete indices,
// `src[offsets][sizes][strides]` / `dst[…]` are SSA memrefs with concrete
// lists, `(type_src)` / `(type_dst)` concrete memref types, each
// `[%t₀, …]` list names concrete tokens, and `[%token =]` is present in the
// asynchronous forms. The enclosing launch, segment and herd are the
// completion.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// Channel declaration — at module scope
// CHECK: air.channel @name [2, 2] {channel_type = "dma_stream", depth = 2 : i64}
air.channel @name [2, 2] {channel_type = "dma_stream", depth = 2}
// CHECK: air.channel @packet [1] {channel_type = "dma_packet"}
air.channel @packet [1] {channel_type = "dma_packet"}
// CHECK: air.channel @cascade [2, 1] {channel_type = "cascade"}
air.channel @cascade [2, 1] {channel_type = "cascade"}
// CHECK: air.channel @bcast [1, 1] {broadcast_shape = [2, 2]}
air.channel @bcast [1, 1] {broadcast_shape = [2, 2]}
// CHECK: air.channel @deep [] {depth = 4 : i64}
air.channel @deep [] {depth = 4}

// CHECK-LABEL: func.func @channel_forms
func.func @channel_forms() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    // CHECK: air.segment @producers
    air.segment @producers {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %src = memref.alloc() : memref<128xi32, 1>
      %t0 = air.wait_all async
      %t1 = air.wait_all async

// Synchronous put/get — block until the transfer completes
      // CHECK: air.channel.put @name[%c0, %c0] (%{{.*}}[%c0] [%c32] [%c1{{.*}}]) : (memref<128xi32, 1>)
air.channel.put @name[%c0, %c0] (%src[%c0][%c32][%c1_0]) : (memref<128xi32, 1>)

// Asynchronous put/get — return !air.token; transfer completes when token signals
      // CHECK: %[[PUT:.*]] = air.channel.put async [%{{.*}}, %{{.*}}] @name[%c0, %c1{{.*}}] (%{{.*}}[%c32] [%c32] [%c1{{.*}}]) : (memref<128xi32, 1>)
%token = air.channel.put @name[%c0, %c1_0] [dependency = [%t0, %t1]]
           (%src[%c32][%c32][%c1_0]) : (memref<128xi32, 1>)
      air.channel.put [%token] @name[%c1_0, %c0] (%src[%c64] [%c32] [%c1_0]) : (memref<128xi32, 1>)
      air.channel.put @name[%c1_0, %c1_0] (%src[%c64] [%c32] [%c1_0]) : (memref<128xi32, 1>)
      // CHECK: air.channel.put @bcast[] (%{{.*}}[] [] []) : (memref<128xi32, 1>)
      air.channel.put @bcast[] (%src[] [] []) : (memref<128xi32, 1>)

      // CHECK: air.herd @consumers tile
      air.herd @consumers tile (%x, %y) in (%sx=%c2, %sy=%c2) {
        %c0_1 = arith.constant 0 : index
        %c1_2 = arith.constant 1 : index
        %c32_3 = arith.constant 32 : index
        %dst = memref.alloc() : memref<32xi32, 2>
        %t2 = air.wait_all async
        // CHECK: air.channel.get @name[%{{.*}}, %{{.*}}] (%{{.*}}[%c0{{.*}}] [%c32{{.*}}] [%c1{{.*}}]) : (memref<32xi32, 2>)
air.channel.get @name[%x, %y] (%dst[%c0_1][%c32_3][%c1_2]) : (memref<32xi32, 2>)
        // CHECK: %{{.*}} = air.channel.get async [%{{.*}}] @bcast[%{{.*}}, %{{.*}}] (%{{.*}}[] [] []) : (memref<32xi32, 2>)
%token_get = air.channel.get @bcast[%x, %y] [dependency = [%t2]]
           (%dst[][][]) : (memref<32xi32, 2>)
        air.wait_all [%token_get]
        memref.dealloc %dst : memref<32xi32, 2>
      }
      memref.dealloc %src : memref<128xi32, 1>
    }
  }
  return
}
