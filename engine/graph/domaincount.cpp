// SPDX-License-Identifier: MIT
#include "engine/graph/domaincount.h"

#include "engine/ir/boundsanalysis.h"
#include "engine/ir/intexpr.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace solar::graph {

namespace {

void collectNames(const ir::Expr& e, std::set<std::string, std::less<>>& out, bool& readsTensor)
{
    if (e.kind == ir::ExprKind::Name)
        out.insert(e.name);
    if (e.kind == ir::ExprKind::Access)
        readsTensor = true;
    for (const auto& a : e.args)
        collectNames(a, out, readsTensor);
}

std::int64_t tripCount(std::int64_t lo, std::int64_t hi, std::int64_t step)
{
    return hi > lo ? (hi - lo + step - 1) / step : 0;
}

class Counter
{
public:
    Counter(std::vector<LoopSpec> loops, const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes, std::uint64_t budget)
        : m_loops(std::move(loops))
        , m_sizes(sizes)
        , m_budget(budget)
        , m_values(m_loops.size(), 0)
        , m_guardsAt(m_loops.size())
    {
        for (const auto& g : guards)
            m_guards.push_back(g);
    }

    DomainCount run()
    {
        DomainCount result;
        const size_t n = m_loops.size();
        std::vector<std::set<std::string, std::less<>>> guardVars(m_guards.size());
        for (size_t g = 0; g < m_guards.size(); ++g) {
            bool tensor = false;
            collectNames(*m_guards[g].cond, guardVars[g], tensor);
            if (tensor)
                return {0, false, "a guard reads a tensor (data-dependent control); its statements are not counted"};
        }
        // A loop is free when nothing refers to its variable and its own bounds are constants.
        std::vector<std::set<std::string, std::less<>>> boundVars(n);
        for (size_t i = 0; i < n; ++i) {
            bool tensor = false;
            collectNames(*m_loops[i].lo, boundVars[i], tensor);
            collectNames(*m_loops[i].hi, boundVars[i], tensor);
        }
        auto isLoopVar = [&](const std::string& name) {
            return std::any_of(m_loops.begin(), m_loops.end(), [&](const LoopSpec& l) { return l.var == name; });
        };
        double factor = 1;
        std::vector<LoopSpec> dependent;
        for (size_t i = 0; i < n; ++i) {
            bool referenced = false;
            for (size_t j = 0; j < n; ++j)
                referenced = referenced || (j != i && boundVars[j].count(m_loops[i].var));
            for (const auto& gv : guardVars)
                referenced = referenced || gv.count(m_loops[i].var);
            bool constantBounds = true;
            for (const auto& name : boundVars[i])
                constantBounds = constantBounds && !isLoopVar(name);
            if (!referenced && constantBounds) {
                std::string why;
                const auto lo = ir::evalConstInt(*m_loops[i].lo, m_sizes.resolver(), &why);
                const auto hi = ir::evalConstInt(*m_loops[i].hi, m_sizes.resolver(), &why);
                if (!lo || !hi)
                    return {0, false, "a loop bound cannot be evaluated: " + why};
                factor *= static_cast<double>(tripCount(*lo, *hi, m_loops[i].step));
            } else {
                dependent.push_back(m_loops[i]);
            }
        }
        m_loops = std::move(dependent);
        m_values.assign(m_loops.size(), 0);
        m_guardsAt.assign(m_loops.size() + 1, {});
        // Each guard is tested at the deepest dependent loop it mentions (constant guards before all loops).
        for (size_t g = 0; g < m_guards.size(); ++g) {
            size_t level = 0;
            for (size_t i = 0; i < m_loops.size(); ++i) {
                if (guardVars[g].count(m_loops[i].var))
                    level = i + 1;
            }
            m_guardsAt[level].push_back(g);
        }
        if (!guardsHold(0)) {
            result.points = 0;
            return result;
        }
        const double inner = m_loops.empty() ? 1.0 : enumerate(0);
        result.points = factor * inner;
        if (m_exhausted) {
            result.exact = false;
            result.note = "the domain is too irregular to count within the budget; the count is a lower bound";
        }
        return result;
    }

private:
    ir::NameResolver resolver(size_t boundLevels, int variableLevel = -1) const
    {
        return [this, boundLevels, variableLevel](const std::string& name) -> ir::NameValue {
            for (size_t i = 0; i < m_loops.size(); ++i) {
                if (m_loops[i].var != name)
                    continue;
                if (static_cast<int>(i) == variableLevel)
                    return {ir::NameValue::Variable, 0};
                if (i < boundLevels)
                    return {ir::NameValue::Constant, m_values[i]};
                return {};
            }
            return m_sizes.lookup(name);
        };
    }

    // Guards attached at `level` hold for the current values of loops [0, level).
    bool guardsHold(size_t level)
    {
        for (size_t g : m_guardsAt[level]) {
            const auto v = ir::evalConstInt(*m_guards[g].cond, resolver(level));
            const bool truth = v && *v != 0;
            if (truth == m_guards[g].negated)
                return false;
        }
        return true;
    }

    double enumerate(size_t level)
    {
        const LoopSpec& loop = m_loops[level];
        const auto resolve = resolver(level);
        const auto lo = ir::evalConstInt(*loop.lo, resolve);
        const auto hi = ir::evalConstInt(*loop.hi, resolve);
        if (!lo || !hi)
            return 0;
        if (level + 1 == m_loops.size())
            return countInnermost(level, *lo, *hi);
        double total = 0;
        for (std::int64_t v = *lo; v < *hi; v += loop.step) {
            if (m_used++ >= m_budget) {
                m_exhausted = true;
                break;
            }
            m_values[level] = v;
            if (guardsHold(level + 1))
                total += enumerate(level + 1);
        }
        return total;
    }

    // The innermost loop's guards are usually affine in its variable: then the count is an interval length.
    double countInnermost(size_t level, std::int64_t lo, std::int64_t hi)
    {
        const LoopSpec& loop = m_loops[level];
        ++m_used;
        const auto asVariable = resolver(level, static_cast<int>(level));
        std::int64_t first = lo, last = hi - 1;
        bool closedForm = true;
        for (size_t g : m_guardsAt[level + 1]) {
            const auto facts = ir::exactFacts(*m_guards[g].cond, asVariable, m_guards[g].negated);
            if (!facts) {
                closedForm = false;
                break;
            }
            for (const auto& f : *facts) {
                std::int64_t a = 0;
                for (const auto& [slot, c] : f.terms)
                    a = c; // only the innermost variable is a Variable here (slot 0)
                const std::int64_t rest = f.constant;
                if (a > 0)
                    first = std::max(first, -ir::floorDiv(rest, a).value_or(0));
                else if (a < 0)
                    last = std::min(last, ir::floorDiv(rest, -a).value_or(0));
                else if (rest < 0)
                    return 0;
            }
        }
        if (closedForm) {
            if (loop.step > 1 && first > lo)
                first = lo + (first - lo + loop.step - 1) / loop.step * loop.step;
            return last >= first ? static_cast<double>((last - first) / loop.step + 1) : 0.0;
        }
        double total = 0;
        for (std::int64_t v = lo; v < hi; v += loop.step) {
            if (m_used++ >= m_budget) {
                m_exhausted = true;
                break;
            }
            m_values[level] = v;
            if (guardsHold(level + 1))
                total += 1;
        }
        return total;
    }

    std::vector<LoopSpec> m_loops;
    std::vector<GuardSpec> m_guards;
    const ir::SizeBindings& m_sizes;
    std::uint64_t m_budget;
    std::uint64_t m_used = 0;
    bool m_exhausted = false;
    std::vector<std::int64_t> m_values;
    std::vector<std::vector<size_t>> m_guardsAt;
};

bool mentionsLoopVar(const ir::Expr& e, const std::vector<LoopSpec>& loops)
{
    if (e.kind == ir::ExprKind::Name) {
        for (const auto& l : loops) {
            if (l.var == e.name)
                return true;
        }
    }
    for (const auto& a : e.args) {
        if (mentionsLoopVar(a, loops))
            return true;
    }
    return false;
}

} // namespace

DomainCount countDomain(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes,
                        std::uint64_t budget)
{
    // The common case first: a rectangular nest without guards is the product of its trip counts.
    if (guards.empty()) {
        double product = 1;
        bool rectangular = true;
        for (const auto& l : loops) {
            if (mentionsLoopVar(*l.lo, loops) || mentionsLoopVar(*l.hi, loops)) {
                rectangular = false;
                break;
            }
            const auto lo = ir::evalConstInt(*l.lo, sizes.resolver());
            const auto hi = ir::evalConstInt(*l.hi, sizes.resolver());
            if (!lo || !hi) {
                rectangular = false;
                break;
            }
            product *= static_cast<double>(tripCount(*lo, *hi, l.step));
        }
        if (rectangular)
            return {product, true, {}};
    }
    // Split conjunctive guards into their parts, then count independent groups of loops apart: a 3-D
    // convolution's padding guards tie each output position only to its own tap, so the domain is a product of
    // three small two-loop counts instead of one six-deep enumeration.
    std::vector<GuardSpec> parts;
    std::function<void(const ir::Expr&, bool)> split = [&](const ir::Expr& e, bool negated) {
        if (!negated && e.kind == ir::ExprKind::Binary && e.binaryOp == ir::BinaryOp::And && e.args.size() == 2) {
            split(e.args[0], false);
            split(e.args[1], false);
            return;
        }
        parts.push_back({&e, negated});
    };
    for (const auto& g : guards)
        split(*g.cond, g.negated);
    const size_t n = loops.size();
    std::vector<size_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    std::function<size_t(size_t)> find = [&](size_t i) { return parent[i] == i ? i : parent[i] = find(parent[i]); };
    auto loopsIn = [&](const ir::Expr& e) {
        std::vector<size_t> out;
        for (size_t i = 0; i < n; ++i) {
            if (mentionsLoopVar(e, {loops[i]}))
                out.push_back(i);
        }
        return out;
    };
    for (size_t i = 0; i < n; ++i) {
        for (const ir::Expr* b : {loops[i].lo, loops[i].hi}) {
            for (size_t j : loopsIn(*b))
                parent[find(j)] = find(i);
        }
    }
    std::vector<std::vector<size_t>> guardLoops;
    for (const auto& g : parts) {
        guardLoops.push_back(loopsIn(*g.cond));
        for (size_t j : guardLoops.back())
            parent[find(j)] = find(guardLoops.back().front());
    }
    std::map<size_t, std::pair<std::vector<LoopSpec>, std::vector<GuardSpec>>> groups;
    std::vector<GuardSpec> constantGuards;
    for (size_t i = 0; i < n; ++i)
        groups[find(i)].first.push_back(loops[i]);
    for (size_t g = 0; g < parts.size(); ++g) {
        if (guardLoops[g].empty())
            constantGuards.push_back(parts[g]);
        else
            groups[find(guardLoops[g].front())].second.push_back(parts[g]);
    }
    if (groups.size() <= 1)
        return Counter(loops, guards, sizes, budget).run();
    DomainCount total {1, true, {}};
    if (!constantGuards.empty()) {
        const DomainCount c = Counter({}, constantGuards, sizes, budget).run();
        if (c.points == 0)
            return c;
    }
    for (const auto& [root, group] : groups) {
        const DomainCount c = Counter(group.first, group.second, sizes, budget).run();
        total.points *= c.points;
        if (!c.exact) {
            total.exact = false;
            total.note = c.note;
        }
    }
    return total;
}

} // namespace solar::graph
