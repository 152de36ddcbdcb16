module {
  func.func @f( {
