func.func @host_only(%a: memref<16xf32>) {
  return
}
