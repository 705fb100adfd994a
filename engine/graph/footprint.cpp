// SPDX-License-Identifier: MIT
#include "engine/graph/footprint.h"

#include "engine/ir/boundsanalysis.h"
#include "engine/ir/intexpr.h"

#include <algorithm>
#include <map>
#include <set>

namespace solar::graph {

namespace {

using ir::AffineForm;
using ir::Interval;

constexpr double kEnumerationLimit = 1 << 24; // value combinations enumerated per dimension
constexpr std::int64_t kBitsetLimit = std::int64_t(1) << 26;

bool readsTensor(const ir::Expr& e)
{
    if (e.kind == ir::ExprKind::Access)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [](const ir::Expr& a) { return readsTensor(a); });
}

// The values one loop variable takes over the whole domain: an arithmetic progression inside `range`.
struct VarValues
{
    Interval range;
    std::int64_t step = 1;
    bool known = true; // false: the union of its per-iteration ranges may have gaps; treat as unknown
    double count() const
    {
        if (!known || range.empty() || !range.bounded())
            return known && !range.empty() ? 1.0 : 0.0;
        return static_cast<double>((range.hi - range.lo) / step + 1);
    }
};

class FootprintCounter
{
public:
    FootprintCounter(const ir::Expr& access, const std::vector<std::int64_t>& shape, const std::vector<LoopSpec>& loops,
                     const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes)
        : m_access(access)
        , m_shape(shape)
        , m_loops(loops)
        , m_guards(guards)
        , m_sizes(sizes)
    {
    }

    Footprint run()
    {
        Footprint fp;
        for (const auto& g : m_guards) {
            if (readsTensor(*g.cond))
                return {0, false, "the access sits under a data-dependent guard, so it may never execute"};
        }
        const ir::NameResolver resolve = resolver();
        computeVarValues(resolve);

        // Per dimension: its affine form (or why it has none) and the loop variables it uses.
        const size_t rank = m_access.args.size();
        std::vector<std::optional<AffineForm>> forms(rank);
        std::vector<Interval> clip(rank);
        for (size_t d = 0; d < rank; ++d) {
            clip[d] = {0, m_shape[d] - 1};
            if (!readsTensor(m_access.args[d]))
                forms[d] = ir::toAffine(m_access.args[d], resolve);
        }
        // Guards: facts on a dimension's own index clip it; single-variable facts narrow that variable;
        // facts tying two of this access's variables together couple the dimensions.
        bool coupled = false;
        for (const auto& g : m_guards) {
            for (const auto& f : ir::factsOf(*g.cond, resolve, g.negated))
                coupled = applyFact(f, forms, clip) || coupled;
        }
        // Triangular bounds between two variables of this access also couple it.
        for (size_t i = 0; i < m_loops.size(); ++i) {
            if (!m_used.count(static_cast<int>(i)))
                continue;
            for (int dep : m_boundDeps[i])
                coupled = coupled || m_used.count(dep);
        }
        std::map<int, int> dimOfVar;
        for (size_t d = 0; d < rank; ++d) {
            if (!forms[d])
                continue;
            for (const auto& [slot, c] : forms[d]->terms) {
                const auto [it, inserted] = dimOfVar.emplace(slot, static_cast<int>(d));
                if (!inserted && it->second != static_cast<int>(d))
                    coupled = true; // the same variable indexes two dimensions (a diagonal)
            }
        }
        double product = 1, largest = 0;
        for (size_t d = 0; d < rank; ++d) {
            bool exact = true;
            double n = 1;
            if (forms[d]) {
                n = distinctValues(*forms[d], clip[d], exact);
            } else {
                exact = false; // a gather: at least one distinct value per gathered dimension
                fp.note = "an index reads a tensor (gather/scatter): at least one row is counted";
            }
            fp.exact = fp.exact && exact;
            product *= n;
            largest = std::max(largest, n);
        }
        if (coupled) {
            fp.exact = false;
            fp.note = "indices are coupled (shared or dependent loop variables): the largest single dimension is counted";
            fp.elements = rank == 0 ? 1 : largest;
        } else {
            fp.elements = product;
        }
        if (!fp.exact && fp.note.empty())
            fp.note = "a window too large to enumerate: counted by its widest variable";
        return fp;
    }

private:
    ir::NameResolver resolver() const
    {
        return [this](const std::string& name) -> ir::NameValue {
            for (size_t i = 0; i < m_loops.size(); ++i) {
                if (m_loops[i].var == name)
                    return {ir::NameValue::Variable, static_cast<std::int64_t>(i)};
            }
            return m_sizes.lookup(name);
        };
    }

    void computeVarValues(const ir::NameResolver& resolve)
    {
        std::vector<Interval> slots;
        m_boundDeps.resize(m_loops.size());
        for (size_t i = 0; i < m_loops.size(); ++i) {
            const LoopSpec& l = m_loops[i];
            const Interval lo = ir::intervalOf(*l.lo, resolve, slots);
            const Interval hi = ir::intervalOf(*l.hi, resolve, slots);
            VarValues v;
            v.range = {lo.lo, hi.hi < Interval::kUnbounded ? hi.hi - 1 : hi.hi};
            v.step = l.step;
            // The union over outer iterations is contiguous when each outer step moves a bound by at most one.
            for (const ir::Expr* b : {l.lo, l.hi}) {
                const auto f = ir::toAffine(*b, resolve);
                if (!f) {
                    v.known = false;
                    continue;
                }
                for (const auto& [slot, c] : f->terms) {
                    m_boundDeps[i].insert(slot);
                    if (c > 1 || c < -1)
                        v.known = false;
                }
                if (!f->isConstant() && l.step != 1)
                    v.known = false;
            }
            slots.push_back(v.range);
            m_values.push_back(v);
        }
        for (const auto& idx : m_access.args) {
            if (const auto f = ir::toAffine(idx, resolve)) {
                for (const auto& [slot, c] : f->terms)
                    m_used.insert(slot);
            }
        }
    }

    // Returns true when the fact couples two variables of this access.
    bool applyFact(const AffineForm& f, const std::vector<std::optional<AffineForm>>& forms, std::vector<Interval>& clip)
    {
        for (size_t d = 0; d < forms.size(); ++d) {
            if (!forms[d] || f.terms.empty())
                continue;
            if (f.sameLinearPart(*forms[d])) { // index - c >= 0 with index = f + (index.c - f.c)
                clip[d].lo = std::max(clip[d].lo, forms[d]->constant - f.constant);
                return false;
            }
            const auto sum = forms[d]->plus(f);
            if (sum && sum->isConstant()) { // index = c - f <= c
                clip[d].hi = std::min(clip[d].hi, sum->constant);
                return false;
            }
        }
        std::vector<std::pair<int, std::int64_t>> mine;
        Interval rest = Interval::point(f.constant);
        for (const auto& [slot, c] : f.terms) {
            if (m_used.count(slot)) {
                mine.emplace_back(slot, c);
            } else {
                AffineForm t;
                t.terms.emplace_back(slot, c);
                const Interval r = ir::intervalOf(t, ranges());
                rest = {rest.lo + r.lo, rest.hi + r.hi};
            }
        }
        if (mine.size() > 1)
            return true;
        if (mine.size() == 1 && rest.bounded()) {
            // a * v + rest >= 0 for some rest in [rest.lo, rest.hi]: the union of allowed v is a half-line.
            const auto [slot, a] = mine[0];
            Interval& r = m_values[slot].range;
            if (a > 0)
                r.lo = std::max(r.lo, -ir::floorDiv(rest.hi, a).value_or(0));
            else
                r.hi = std::min(r.hi, ir::floorDiv(rest.hi, -a).value_or(0));
        }
        return false;
    }

    std::vector<Interval> ranges() const
    {
        std::vector<Interval> r;
        for (const auto& v : m_values)
            r.push_back(v.range);
        return r;
    }

    // Distinct values of one affine index inside `clip`, exactly when it can be enumerated.
    double distinctValues(const AffineForm& f, Interval clip, bool& exact)
    {
        if (clip.empty())
            return 0;
        if (f.terms.empty())
            return (f.constant >= clip.lo && f.constant <= clip.hi) ? 1 : 0;
        for (const auto& [slot, c] : f.terms) {
            if (!m_values[slot].known) {
                exact = false;
                return 1;
            }
            if (m_values[slot].count() == 0)
                return 0;
        }
        if (f.terms.size() == 1) {
            const auto [slot, a] = f.terms[0];
            const VarValues& v = m_values[slot];
            // a * x + c in [clip.lo, clip.hi] for x = v.lo + k * step.
            std::int64_t kLo = 0, kHi = static_cast<std::int64_t>(v.count()) - 1;
            const std::int64_t coef = a * v.step;
            const std::int64_t base = a * v.range.lo + f.constant;
            // base + coef * k within the clip.
            if (coef > 0) {
                kLo = std::max(kLo, -ir::floorDiv(-(clip.lo - base), coef).value_or(0));
                kHi = std::min(kHi, ir::floorDiv(clip.hi - base, coef).value_or(0));
            } else {
                kLo = std::max(kLo, -ir::floorDiv(-(base - clip.hi), -coef).value_or(0));
                kHi = std::min(kHi, ir::floorDiv(base - clip.lo, -coef).value_or(0));
            }
            return kHi >= kLo ? static_cast<double>(kHi - kLo + 1) : 0.0;
        }
        double combos = 1;
        for (const auto& [slot, c] : f.terms)
            combos *= m_values[slot].count();
        const std::int64_t span = clip.hi - clip.lo + 1;
        if (combos <= kEnumerationLimit && span <= kBitsetLimit)
            return enumerateValues(f, clip);
        // Too many combinations: each variable alone already yields this many distinct in-range values.
        exact = false;
        double best = 0;
        for (const auto& term : f.terms) {
            AffineForm single;
            single.constant = f.constant;
            single.terms.push_back(term);
            for (const auto& other : f.terms) {
                if (other.first != term.first)
                    single.constant += other.second * m_values[other.first].range.lo;
            }
            bool ignored = true;
            best = std::max(best, distinctValues(single, clip, ignored));
        }
        return best;
    }

    double enumerateValues(const AffineForm& f, Interval clip)
    {
        std::vector<bool> seen(static_cast<size_t>(clip.hi - clip.lo + 1), false);
        double count = 0;
        std::vector<std::int64_t> k(f.terms.size(), 0);
        for (;;) {
            std::int64_t value = f.constant;
            for (size_t t = 0; t < f.terms.size(); ++t) {
                const VarValues& v = m_values[f.terms[t].first];
                value += f.terms[t].second * (v.range.lo + k[t] * v.step);
            }
            if (value >= clip.lo && value <= clip.hi && !seen[value - clip.lo]) {
                seen[value - clip.lo] = true;
                ++count;
            }
            size_t t = 0;
            for (; t < k.size(); ++t) {
                if (++k[t] < static_cast<std::int64_t>(m_values[f.terms[t].first].count()))
                    break;
                k[t] = 0;
            }
            if (t == k.size())
                break;
        }
        return count;
    }

    const ir::Expr& m_access;
    const std::vector<std::int64_t>& m_shape;
    const std::vector<LoopSpec>& m_loops;
    const std::vector<GuardSpec>& m_guards;
    const ir::SizeBindings& m_sizes;
    std::vector<VarValues> m_values;
    std::vector<std::set<int>> m_boundDeps;
    std::set<int> m_used;
};

} // namespace

Footprint accessFootprint(const ir::Expr& access, const std::vector<std::int64_t>& shape, const std::vector<LoopSpec>& loops,
                          const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes)
{
    return FootprintCounter(access, shape, loops, guards, sizes).run();
}

} // namespace solar::graph
