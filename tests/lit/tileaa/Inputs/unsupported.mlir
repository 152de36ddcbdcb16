func.func @f(%x: f32) {
  %y = nv_tileaa.exp2 %x : f32 -> f32
  return
}
