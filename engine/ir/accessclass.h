// SPDX-License-Identifier: MIT
// How a tensor access indexes its tensor: affine, quasi-affine (// or % by a size, min/max), indirect (an index reads
// a tensor) or non-affine. The checker classifies every access; the lifting and the bounds analysis decide by it
// which footprints and bounds they can count exactly.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/intexpr.h"

#include <string_view>

namespace solar::ir {

enum class AccessClass {
    Affine, // every index is an affine function of loop variables and sizes
    QuasiAffine, // also uses // or % by a size, or min/max (piecewise affine)
    Indirect, // an index reads a tensor (gather/scatter)
    NonAffine, // a product of loop variables or a division by one
};

/// The class of one index expression, with loop variables resolved as Variables and sizes as Constants.
AccessClass classifyIndex(const Expr& index, const NameResolver& resolve);

/// The less analysable of two classes (an access is as analysable as its worst index).
AccessClass worseAccessClass(AccessClass a, AccessClass b);

std::string_view accessClassName(AccessClass cls);

} // namespace solar::ir
