// SPDX-License-Identifier: MIT
// A top-level loop nest of an ALIR program as the tensor-parallel split (tensorparallel.h) reads and rewrites it:
// its loop variables with their ranges, its assignments with the loops around each, and every tensor access, by
// pointer into the program so that the split rewrites them in place.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/parallel/blockindex.h"

#include <set>
#include <string>
#include <vector>

namespace solar::parallel {

// One access in a nest, with where it sits.
struct Access
{
    ir::Expr* expr = nullptr;
    bool target = false;
    ir::Stmt* assign = nullptr; // the assignment it belongs to (null in an if's condition)
};

struct Assign
{
    ir::Stmt* stmt = nullptr;
    std::set<std::string> enclosing; // loop variables around it
};

struct Nest
{
    LoopVars vars;
    std::vector<Assign> assigns;
    std::vector<Access> accesses;
};

/// Collects statement `s` (and what it holds) into `nest`; `enclosing`: the loop variables around it.
void collectNest(ir::Stmt& s, std::set<std::string> enclosing, Nest& nest, const ir::SizeBindings& sizes, const BlockIndex& blocks);
/// "line 12 (Y)": where the nest's first assignment sits and what it writes, for notes.
std::string describeNest(const Nest& nest);
/// Iteration points of the nest's statements (what the split's passes compare).
double pointsOf(const Nest& nest);

ir::Expr intLit(std::int64_t v);
ir::Expr nameRef(const std::string& name);
ir::Expr binary(ir::BinaryOp op, ir::Expr a, ir::Expr b);
/// Every use of `var` in `e` (or in statement `s`: bounds, conditions, indices, values; not the loop's own range)
/// replaced by `replacement`, except inside the expressions in `keep`.
void substitute(ir::Expr& e, const std::string& var, const ir::Expr& replacement, const std::set<const ir::Expr*>& keep);
void substituteStmt(ir::Stmt& s, const std::string& var, const ir::Expr& replacement, const std::set<const ir::Expr*>& keep);
/// Whether statement `s` uses `var` anywhere substituteStmt would replace it.
bool usesOutside(const ir::Stmt& s, const std::string& var, const std::set<const ir::Expr*>& keep);

} // namespace solar::parallel
