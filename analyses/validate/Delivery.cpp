//===- Delivery.cpp - which element lands where, on either side -----------===//
#include "analyses/validate/Delivery.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace aircheck::validate;

std::pair<Operation *, size_t> FillLog::writerOf(size_t i) const {
  auto it = llvm::upper_bound(by, i, [](size_t v, const auto &p) {
    return v < p.first;
  });
  if (it == by.begin())
    return {nullptr, i};
  --it;
  return {it->second, i - it->first};
}

std::vector<Tag> aircheck::validate::argumentTags(BlockArgument a) {
  auto type = dyn_cast<MemRefType>(a.getType());
  std::vector<Tag> tags;
  if (type && type.hasStaticShape())
    for (int64_t e = 0; e < type.getNumElements(); ++e)
      tags.push_back(Tag(Tag::Argument, (int32_t)a.getArgNumber(), e));
  return tags;
}

std::string aircheck::validate::lineColOf(mlir::Operation *op) {
  if (auto l = llvm::dyn_cast<mlir::FileLineColLoc>(op->getLoc()))
    return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
  return "?";
}

std::optional<std::vector<Tag>>
aircheck::validate::constantTags(mlir::Attribute value) {
  auto dense = llvm::dyn_cast_or_null<mlir::DenseElementsAttr>(value);
  if (!dense)
    return std::nullopt;
  mlir::Type elt = dense.getElementType();
  int32_t bits = llvm::isa<mlir::IndexType>(elt) ? 64 : elt.getIntOrFloatBitWidth();
  std::vector<Tag> out;
  if (llvm::isa<mlir::IntegerType, mlir::IndexType>(elt)) {
    for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
      out.push_back(Tag(Tag::Constant, bits, v.getSExtValue()));
    return out;
  }
  if (llvm::isa<mlir::FloatType>(elt)) {
    for (const llvm::APFloat &v : dense.getValues<llvm::APFloat>())
      out.push_back(
          Tag(Tag::Constant, bits, (int64_t)v.bitcastToAPInt().getZExtValue()));
    return out;
  }
  return std::nullopt;
}
