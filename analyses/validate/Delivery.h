//===- Delivery.h - which element lands where, on either side --*- C++ -*-===//
//
// Translation validation (docs/validate.md) compares what an AIR program
// and the aie design compiled from it deliver, element by element. Both
// sides are replayed into the same shape: every element of every buffer
// holds a Tag saying where its value came from, and each side logs
//
//  * per core buffer (an L1 alloc of one herd instance; an aie.buffer of a
//    core tile), every element a DMA writes into it, in order: the element
//    written and its tag (the "fills");
//  * per L3 buffer (a function argument; a runtime-sequence argument), the
//    tag each element holds at the end.
//
// A tag names where a value was made, not the value: an element of an L3
// argument as the host passed it, an element of a core buffer as its core
// computed it (any buffer a core writes holds, for the DMA that reads it,
// values of that core: the core's code is the herd body it was lowered
// from, and is not compared), the initial value of a buffer, or nothing (an
// element no one wrote). A DMA moves tags; it does not make them.
//
// The logs and the streams keep tags as runs (TagRun: an affine progression
// of one kind, who and round), so they grow with the rows moved, not with
// the elements; the logs are compared run against run.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_DELIVERY_H
#define AIRCHECK_ANALYSES_VALIDATE_DELIVERY_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace aircheck::validate {

struct Tag {
  enum Kind : uint8_t {
    Undefined, // never written
    Argument,  // element `element` of L3 argument `who`
    Computed,  // element `element` of core buffer `who`, as its core made it
               // for its `round`-th hand-off of the buffer to a DMA
    Initial,   // element `element` of the initial value of buffer `who`
    Constant,  // a constant: `element` holds its bits, `who` its bit width
               // (a memref.global's initializer; an aie.buffer's initial
               // value): equal tags are equal values
  };
  int64_t element = 0;
  int32_t who = 0;
  /// Computed: which hand-off (1, 2, ...): a core that computes into one
  /// buffer round after round hands out other values each time. 24 bits,
  /// beside the kind, so that a tag stays 16 bytes (kMaxRounds).
  uint32_t round : 24;
  Kind kind : 8;
  Tag() : round(0), kind(Undefined) {}
  Tag(Kind kind, int32_t who, int64_t element, uint32_t round = 0)
      : element(element), who(who), round(round), kind(kind) {}
  bool operator==(const Tag &o) const {
    return kind == o.kind && who == o.who && element == o.element &&
           round == o.round;
  }
  bool operator!=(const Tag &o) const { return !(*this == o); }
};

static_assert(sizeof(Tag) == 16, "replays keep tags by the million");

/// A buffer's tags, element by element. An element not written holds its
/// default: an L3 argument's element as the host passed it (an Argument
/// tag of itself), any other buffer's Undefined. Elements are kept in
/// pages made on a page's first write, so an argument the replays only
/// read (an input) holds no tags: the replays' memory grows with what they
/// write, not with the inputs.
class TagArray {
public:
  TagArray() = default;
  /// `size` elements, each its own Argument tag of argument `argument`
  /// (-1: each Undefined).
  explicit TagArray(int64_t size, int32_t argument = -1)
      : n(size), argument(argument), pages((size + kPage - 1) / kPage) {}
  /// The given tags.
  explicit TagArray(const std::vector<Tag> &tags);
  int64_t size() const { return n; }
  bool empty() const { return n == 0; }
  Tag operator[](int64_t e) const {
    const std::vector<Tag> &p = pages[e / kPage];
    return p.empty() ? initial(e) : p[e % kPage];
  }
  void set(int64_t e, Tag t) {
    std::vector<Tag> &p = pages[e / kPage];
    if (p.empty())
      makePage(e / kPage);
    p[e % kPage] = t;
  }

private:
  static constexpr int64_t kPage = 4096;
  /// Page `k` as it is before its first write.
  void makePage(int64_t k);
  Tag initial(int64_t e) const {
    return argument < 0 ? Tag() : Tag(Tag::Argument, argument, e);
  }
  int64_t n = 0;
  int32_t argument = -1;
  std::vector<std::vector<Tag>> pages;
};

/// The most hand-offs of one buffer a replay tells apart (Tag::round's
/// 24 bits; it was 65535 until this round).
inline constexpr int kMaxRounds = (1 << 24) - 1;

/// Tags in an affine progression: `count` tags of one kind, who and round
/// whose elements step by `step` from `first`'s. Replays keep what a DMA
/// moves as such runs: a row of a buffer is one run, so the logs and the
/// streams grow with the rows moved, not the elements.
struct TagRun {
  Tag first;
  int64_t step = 0;
  int64_t count = 0;
  Tag at(int64_t i) const {
    Tag t = first;
    t.element += i * step;
    return t;
  }
  /// Appends `t` when it continues the progression (a run of one takes
  /// any tag of its kind, who and round as its second).
  bool extend(Tag t) {
    if (count == 0) {
      first = t;
      count = 1;
      return true;
    }
    if (t.kind != first.kind || t.who != first.who || t.round != first.round)
      return false;
    if (count == 1)
      step = t.element - first.element;
    else if (t.element != first.element + count * step)
      return false;
    ++count;
    return true;
  }
  /// The run without its first `n` tags.
  TagRun drop(int64_t n) const {
    TagRun r = *this;
    r.first = at(n);
    r.count = count - n;
    return r;
  }
  bool operator==(const TagRun &o) const {
    return first == o.first && count == o.count &&
           (count < 2 || step == o.step);
  }
};

/// Tags a transfer moves, as runs, handed out row by row to where they are
/// written: a row takes the runs it spans, in pieces (both replays write a
/// destination row this way, and log each piece at once).
class RunPieces {
public:
  explicit RunPieces(const std::vector<TagRun> &runs) : runs(runs) {}
  /// The next `count` tags, written at start, start + step, ...: calls
  /// piece(its first element, step, its tags) for each piece (the runs
  /// must hold them).
  template <typename Piece>
  void row(int64_t start, int64_t step, int64_t count, Piece piece) {
    while (count > 0) {
      TagRun p = runs[r].drop(used);
      p.count = std::min(count, p.count);
      piece(start, step, p);
      start += p.count * step;
      count -= p.count;
      used += p.count;
      if (used == runs[r].count) {
        ++r;
        used = 0;
      }
    }
  }

private:
  const std::vector<TagRun> &runs;
  size_t r = 0;
  int64_t used = 0; // of runs[r]
};

/// What a DMA wrote into one buffer, in order, and which op wrote each run
/// of it (a BD or a runtime task; a get or a dma_memcpy_nd). Kept as runs
/// of entries whose elements and tags both step by a constant (a row), and
/// rows as groups of rows of one shape whose first elements and first tags
/// both step by a constant (a tile: its rows from the rows of a larger
/// buffer; the same tile round after round). A log grows with the tiles
/// written, not with the elements or the rows.
struct FillLog {
  struct Run {
    int64_t at = 0;      // the entry it starts at
    int64_t element = 0; // the first entry's element
    int64_t step = 0;    // between its entries' elements
    TagRun tags;
    int64_t elementAt(int64_t i) const { return element + i * step; }
    bool operator==(const Run &o) const {
      return at == o.at && element == o.element &&
             (tags.count < 2 || step == o.step) && tags == o.tags;
    }
  };
  /// `count` runs: the first, and each next one `first.tags.count` entries
  /// on, with its first element `element` and its first tag's element
  /// `tag` past the one before; the same otherwise.
  struct Group {
    Run first;
    int64_t count = 1;
    int64_t element = 0, tag = 0;
    Run run(int64_t i) const {
      Run r = first;
      r.at += i * first.tags.count;
      r.element += i * element;
      r.tags.first.element += i * tag;
      return r;
    }
    int64_t end() const { return first.at + count * first.tags.count; }
    bool operator==(const Group &o) const {
      return count == o.count && first == o.first &&
             (count < 2 || (element == o.element && tag == o.tag));
    }
  };
  /// The closed groups, and the last run, which the next entry may extend.
  std::vector<Group> groups;
  std::optional<Run> open;
  /// (first entry, the op that wrote from there on).
  std::vector<std::pair<size_t, mlir::Operation *>> by;
  void begin(mlir::Operation *op) { by.push_back({size(), op}); }
  void add(int64_t e, Tag t);
  /// add(e + i * step, row.at(i)) for each i < row.count, in O(1) once two
  /// of the row's entries share the open run (they then fix its steps).
  void addRow(int64_t e, int64_t step, const TagRun &row);
  size_t size() const {
    if (open)
      return open->at + open->tags.count;
    return groups.empty() ? 0 : groups.back().end();
  }
  /// How many runs (rows) the log holds.
  size_t runCount() const;
  /// Entry i: the element written and its tag (i < size()).
  int64_t elementAt(size_t i) const;
  Tag tagAt(size_t i) const;
  /// The run that holds entry i.
  Run runOf(size_t i) const;
  /// Same entries (runs and groups are made one way from the entries: the
  /// same groups).
  bool operator==(const FillLog &o) const {
    return groups == o.groups && open.has_value() == o.open.has_value() &&
           (!open || *open == *o.open);
  }
  bool operator!=(const FillLog &o) const { return !(*this == o); }
  /// The op that wrote entry i, and how many entries it had written
  /// before it (i's place in that transfer).
  std::pair<mlir::Operation *, size_t> writerOf(size_t i) const;
  /// Which transfer into the buffer wrote entry i: 0 for the first (a
  /// round, where the buffer is filled once per round).
  size_t fillOf(size_t i) const;

  /// The runs in order.
  class Runs {
  public:
    explicit Runs(const FillLog &log) : log(log) {}
    Run get() const {
      return g < log.groups.size() ? log.groups[g].run(i) : *log.open;
    }
    /// (Past the last run: get() is the open run, or undefined.)
    void next() {
      if (g < log.groups.size() && ++i == log.groups[g].count) {
        ++g;
        i = 0;
      }
    }

  private:
    const FillLog &log;
    size_t g = 0;
    int64_t i = 0;
  };

private:
  /// Closes the open run: into the last group where it continues it.
  void close();
};

/// The first entry where two logs differ (their common length when one is
/// a prefix of the other and they differ in length; -1: none); a null log
/// has no entries. Entries agree when their elements are equal and
/// `same(program tag, design tag)`, which must depend on the tags' kind,
/// who and round and on whether their elements are equal, and hold for any
/// design tag where the program's is Undefined: then two runs agree over
/// their overlap when they agree at its first entry and step alike, and
/// the logs are compared run against run.
int64_t firstDifference(const FillLog *program, const FillLog *design,
                        llvm::function_ref<bool(Tag, Tag)> same);

/// An L3 argument as the host passes it: each element tagged with itself
/// (empty for an argument that is not a memref of static shape).
TagArray argumentTags(mlir::BlockArgument a);

/// The elements of a dense integer or float constant, in row-major order,
/// as Constant tags (nullopt for any other attribute).
std::optional<std::vector<Tag>> constantTags(mlir::Attribute value);

/// "line:col" of an op's location, "?" where it has none (what validate's
/// messages cite).
std::string lineColOf(mlir::Operation *op);

/// Whether `a` comes before `b` in the text: in one block by position,
/// else by their locations (line, column). Maps keyed by ops are walked in
/// this order where what is reported depends on it, so that messages do not
/// depend on where the ops were allocated.
bool earlierInText(mlir::Operation *a, mlir::Operation *b);

/// The keys of a map keyed by ops, in the order of the text.
template <typename Map>
std::vector<mlir::Operation *> keysInTextOrder(const Map &map) {
  std::vector<mlir::Operation *> keys;
  for (auto &entry : map)
    keys.push_back(entry.first);
  std::stable_sort(keys.begin(), keys.end(), earlierInText);
  return keys;
}

/// Why a side could not be replayed: `unknown` (never a pass).
struct Unknown {
  std::string why;
  mlir::Operation *at = nullptr;
  /// The replay ran past its budget (elements or steps): what it did not
  /// read is its size, not its form (the functions may still decide).
  bool pastBudget = false;
  explicit operator bool() const { return !why.empty(); }
};

} // namespace aircheck::validate

#endif
