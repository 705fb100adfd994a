// SPDX-License-Identifier: MIT
// Walks over ALIR statements and expressions for the lifting (lifting.cpp): every assignment with its loops and
// guards, the accesses and reads of an expression, and the questions the node builder asks of an expression (does it
// read a tensor, use a loop variable, mention a name; its factors under casts).
#pragma once

#include "engine/graph/einsumgraph.h"
#include "engine/graph/footprint.h"
#include "engine/ir/ast.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace solar::graph {

struct AssignCtx
{
    const ir::Stmt* stmt = nullptr;
    int assignId = 0;
    std::vector<LoopSpec> loops; // a loop's identity is its bound expressions' address in the AST
    std::vector<GuardSpec> guards;
    bool merged = false; // an initialiser folded into a later reduction
    const AssignCtx* init = nullptr;
};

void collectAssigns(const std::vector<ir::Stmt>& stmts, AssignCtx& ctx, std::vector<AssignCtx>& out);
void collectAccesses(const ir::Expr& e, std::vector<const ir::Expr*>& out);
bool isConditional(const ir::Expr& e);
void collectReads(const ir::Expr& e, std::vector<GuardSpec>& path, std::vector<const ir::Expr*>& reads,
                  std::vector<std::vector<GuardSpec>>& paths);
bool readsTensor(const ir::Expr& e);
void collectNames(const ir::Expr& e, std::set<std::string, std::less<>>& out);
bool mentions(const ir::Expr& e, std::string_view name);
bool usesLoopVar(const ir::Expr& e, const std::vector<LoopSpec>& loops);
bool isConstant(const ir::Expr& e, const std::vector<LoopSpec>& loops);
const ir::Expr* unwrapCast(const ir::Expr& e);
void factors(const ir::Expr& e, std::vector<const ir::Expr*>& out);

} // namespace solar::graph
