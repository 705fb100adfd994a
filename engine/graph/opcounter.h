// SPDX-License-Identifier: MIT
// Counting an assignment's arithmetic for the lifting (lifting.cpp): the operations of an expression and how often
// each runs, and the MAC class of its operand types.
#pragma once

#include "engine/graph/exprwalk.h"
#include "engine/ir/builtins.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace solar::graph {

// Arithmetic operations of one statement, counted as a floor: each + - * / // % and each function call is one
// operation; comparisons, selects, casts and negation are free; of a conditional only the cheaper branch counts.
// An operation runs once per distinct value of the loop variables its operands use, not once per point: a factor
// computed from V[r] inside an r, c nest is hoisted by any compiler and costs R operations, not R * C; anything
// constant for the statement is folded and costs nothing.
class OpCounter
{
public:
    OpCounter(const std::vector<LoopSpec>& loops, const FootprintScope& scope, const std::vector<GuardSpec>& guards, double points)
        : m_loops(loops)
        , m_scope(scope)
        , m_guards(guards)
        , m_points(points)
    { }

    double count(const ir::Expr& e, double& transcendental)
    {
        std::uint64_t mask = 0;
        return ops(e, transcendental, mask);
    }

    // How many times work on the loop variables in `mask` must run: the distinct values of those variables over
    // the domain. A box without guards has the product of their trip counts; otherwise each value of the others
    // carries at most its value count of points, so at least points / (their value counts) distinct ones exist.
    double runs(std::uint64_t mask) const
    {
        if (m_loops.size() >= 64 || mask == allMask())
            return m_points;
        if (m_points <= 0)
            return 0;
        const bool box = m_guards.empty() && m_scope.rectangular();
        double product = 1, others = 1;
        for (size_t i = 0; i < m_loops.size(); ++i) {
            const double values = box ? m_scope.tripCount(static_cast<int>(i)) : m_scope.valueCountUpper(static_cast<int>(i));
            (mask >> i & 1 ? product : others) *= values;
        }
        if (box)
            return product;
        if (!std::isfinite(others) || others <= 0)
            return 1;
        return std::min(m_points, std::max(1.0, std::ceil(m_points / others - 1e-9)));
    }

private:
    std::uint64_t allMask() const { return m_loops.size() >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << m_loops.size()) - 1; }

    std::uint64_t slotMask(std::string_view name) const
    {
        for (size_t i = m_loops.size(); i-- > 0;) {
            if (m_loops[i].var == name)
                return i < 64 ? std::uint64_t(1) << i : ~std::uint64_t(0);
        }
        return 0;
    }

    // Returns the operations of `e` (already multiplied by their runs); `mask` gets the loop variables it uses.
    double ops(const ir::Expr& e, double& transcendental, std::uint64_t& mask)
    {
        if (e.kind == ir::ExprKind::Name) {
            mask |= slotMask(e.name);
            return 0;
        }
        if (e.kind == ir::ExprKind::Access) {
            double ignored = 0;
            for (const auto& a : e.args)
                ops(a, ignored, mask); // index arithmetic is address computation, not counted
            return 0;
        }
        if (isConditional(e)) {
            std::uint64_t m0 = 0, m1 = 0, m2 = 0;
            double t1 = 0, t2 = 0;
            const double cond = ops(e.args[0], transcendental, m0);
            const double a = ops(e.args[1], t1, m1);
            const double b = ops(e.args[2], t2, m2);
            mask |= m0 | m1 | m2;
            transcendental += std::min(t1, t2);
            return cond + std::min(a, b);
        }
        double total = 0;
        double childTranscendental = 0;
        std::uint64_t m = 0;
        for (const auto& a : e.args)
            total += ops(a, childTranscendental, m);
        transcendental += childTranscendental;
        mask |= m;
        bool counts = false, isTranscendental = false;
        if (e.kind == ir::ExprKind::Binary)
            counts = !ir::isComparison(e.binaryOp) && e.binaryOp != ir::BinaryOp::And && e.binaryOp != ir::BinaryOp::Or;
        else if (e.kind == ir::ExprKind::Call) {
            counts = true;
            const auto id = ir::findBuiltin(e.name);
            isTranscendental = id && ir::builtinInfo(*id).transcendental;
        }
        if (counts && (m != 0 || readsTensor(e))) {
            const double n = runs(m);
            total += n;
            if (isTranscendental)
                transcendental += n;
        }
        return total;
    }

    const std::vector<LoopSpec>& m_loops;
    const FootprintScope& m_scope;
    const std::vector<GuardSpec>& m_guards;
    double m_points = 0;
};

inline MacType macTypeOf(ir::DType d)
{
    switch (d) {
    case ir::DType::F64: return MacType::FP64;
    case ir::DType::F32: return MacType::FP32;
    case ir::DType::TF32: return MacType::TF32;
    case ir::DType::BF16: return MacType::BF16;
    case ir::DType::F16: return MacType::FP16;
    case ir::DType::FP8E4M3:
    case ir::DType::FP8E5M2: return MacType::FP8;
    case ir::DType::FP4E2M1: return MacType::FP4;
    case ir::DType::I8:
    case ir::DType::U8: return MacType::INT8;
    default: return MacType::Int;
    }
}

// Mixed operand types: the faster class of the two, so the compute term stays a lower bound.
inline int speedRank(MacType t)
{
    switch (t) {
    case MacType::FP4: return 7;
    case MacType::FP8:
    case MacType::INT8: return 6;
    case MacType::BF16:
    case MacType::FP16: return 5;
    case MacType::TF32: return 4;
    case MacType::FP32: return 3;
    case MacType::Int: return 2;
    case MacType::FP64: return 1;
    }
    return 0;
}

} // namespace solar::graph
