//===- SpecialisedCode.h - a core's code as one instance's body -*- C++ -*-===//
//
// Translation validation (docs/validate.md) reads which herd instance a
// core runs from its data. Where the herd body computes with its ids (not
// only in transfers), the core's code was specialised for one instance:
// the lowering put that instance's ids in as constants and folded them.
// This checks that the core's memory operations address and store what the
// herd body's do with the ids of the instance its data names: every operand
// of each pair of memory operations has the same *form*, where a form is
//
//  * the constant a value folds to (MLIR's folders, with the herd's ids
//    given their values and its sizes theirs: `%x * 512` and the core's
//    `%c512` are one form);
//  * a loop's induction variable: its loop's bounds' forms and depth,
//    counted from the loops around every compared op (a core's code may
//    sit in a loop over its rounds that the herd body does not have);
//  * a buffer: the pair of the herd's alloc and the core's aie.buffer
//    matched by position (and the views on it, with their operands' forms);
//  * an air.execute's value: the form of what its body yields;
//  * otherwise its op's name, attributes and operands' forms, and the
//    forms of what each block of its regions yields (an scf.for's result
//    is what its body computes from its iter_args, an iter_arg being a
//    form of its own by its loop's depth).
//
// Forms are hash-consed in a table both sides share: equal forms are one
// entry, and a form's cost does not grow with how often its parts are
// reused.
//
// A memory operation's attributes and what its regions yield (a
// linalg.generic's body) are compared too. Every core is compared so
// (docs/validate.md), not only those of herds that compute with their ids:
// what a core computes is its herd body's, form for form.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_SPECIALISEDCODE_H
#define AIRCHECK_ANALYSES_VALIDATE_SPECIALISEDCODE_H

#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Operation.h"

#include <map>
#include <string>

namespace aircheck::validate {

/// `herdOps` and `coreOps`: the memory operations of the herd body and of
/// the core, paired in order; `allocs`: the herd's allocs to the core's
/// buffers; `bound`: the herd's kernel arguments bound to its segment
/// instance's ids, with their values there. False with `why` at the first
/// operand whose forms differ.
bool sameComputation(llvm::ArrayRef<mlir::Operation *> herdOps,
                     llvm::ArrayRef<mlir::Operation *> coreOps,
                     const std::map<mlir::Operation *, mlir::Operation *> &allocs,
                     air::HerdOp herd, llvm::ArrayRef<int64_t> ids,
                     llvm::ArrayRef<std::pair<mlir::Value, int64_t>> bound,
                     std::string &why);

} // namespace aircheck::validate

#endif
