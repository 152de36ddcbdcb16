//===- Places.cpp - where an op is; instance points -----------------------===//
//
// See Places.h.
//
//===----------------------------------------------------------------------===//
#include "analyses/executor/Places.h"
#include "analyses/executor/SkeletonExecutor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace aircheck::executor;
using llvm::ArrayRef;
using llvm::Twine;

namespace aircheck::executor {

FileLineColLoc fileLoc(Operation *op) {
  return op->getLoc()->findInstanceOf<FileLineColLoc>();
}

/// "line:col" of an op.
std::string lineCol(Operation *op) {
  if (FileLineColLoc l = fileLoc(op))
    return (Twine(l.getLine()) + ":" + Twine(l.getColumn())).str();
  return "?:?";
}

/// "file:line:col" of an op.
std::string fileLineCol(Operation *op) {
  if (FileLineColLoc l = fileLoc(op))
    return (l.getFilename().getValue() + ":" + Twine(l.getLine()) + ":" +
            Twine(l.getColumn()))
        .str();
  return "<unknown location>";
}

std::string tuple(ArrayRef<int64_t> values) {
  return "(" +
         llvm::join(llvm::map_range(
                        values, [](int64_t v) { return std::to_string(v); }),
                    ", ") +
         ")";
}

/// The points of lbs <= p < ubs in steps, the last dimension fastest.
std::vector<Point> boxPoints(ArrayRef<int64_t> lbs,
                                    ArrayRef<int64_t> ubs,
                                    ArrayRef<int64_t> steps) {
  std::vector<Point> points;
  for (unsigned i = 0; i < lbs.size(); ++i)
    if (lbs[i] >= ubs[i])
      return points;
  Point p(lbs.begin(), lbs.end());
  while (true) {
    points.push_back(p);
    int i = static_cast<int>(p.size()) - 1;
    for (; i >= 0; --i) {
      p[i] += steps[i];
      if (p[i] < ubs[i])
        break;
      p[i] = lbs[i];
    }
    if (i < 0)
      return points;
  }
}

/// The number of points of boxPoints(lbs, ubs, steps), saturated at `cap`.
uint64_t boxSize(ArrayRef<int64_t> lbs, ArrayRef<int64_t> ubs,
                        ArrayRef<int64_t> steps, uint64_t cap) {
  uint64_t n = 1;
  for (unsigned i = 0; i < lbs.size(); ++i) {
    if (lbs[i] >= ubs[i])
      return 0;
    uint64_t len = llvm::divideCeil(static_cast<uint64_t>(ubs[i] - lbs[i]),
                                    static_cast<uint64_t>(steps[i]));
    n = len > cap / n ? cap : n * len;
  }
  return std::min(n, cap);
}

} // namespace aircheck::executor

std::vector<Point>
aircheck::broadcastDestinations(ArrayRef<int64_t> shape,
                                ArrayRef<int64_t> broadcastShape,
                                ArrayRef<int64_t> source) {
  SmallVector<int64_t> zeros(broadcastShape.size(), 0),
      ones(broadcastShape.size(), 1);
  std::vector<Point> reached;
  for (Point &d : boxPoints(zeros, broadcastShape, ones)) {
    bool match = true;
    for (unsigned i = 0; i < shape.size(); ++i)
      match = match && source[i] == (shape[i] == 1 ? 0 : d[i]);
    if (match)
      reached.push_back(d);
  }
  return reached;
}
