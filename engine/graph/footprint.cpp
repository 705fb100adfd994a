// SPDX-License-Identifier: MIT
#include "engine/graph/footprint.h"

#include "engine/graph/flatindex.h"

#include "engine/ir/boundsanalysis.h"
#include "engine/ir/intexpr.h"

#include <algorithm>
#include <cmath>
#include <limits>
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
using VarValues = FootprintScope::VarValues;

// Whether the value of `f` determines each of its variables: every variable takes known, evenly spaced values, and,
// by increasing |coefficient x step|, each one outweighs the largest sum the smaller ones reach (hk * G + g with
// g < G; E = W * b + k with k < W). Such a form is injective on its variables' box, so it takes exactly the
// product of their value counts.
bool determinesAll(const ir::AffineForm& f, const std::vector<VarValues>& values)
{
    std::vector<std::pair<double, double>> weights; // |c * step|, values - 1
    for (const auto& [slot, c] : f.terms) {
        const VarValues& v = values[static_cast<size_t>(slot)];
        if (!v.known || !v.range.bounded() || v.range.empty() || c == 0)
            return false;
        weights.emplace_back(std::fabs(static_cast<double>(c) * static_cast<double>(v.step)), v.count() - 1);
    }
    std::sort(weights.begin(), weights.end());
    double reach = 0; // the largest sum of the smaller terms
    for (const auto& [weight, steps] : weights) {
        if (weight <= reach)
            return false;
        reach += weight * steps;
    }
    return true;
}

class FootprintCounter
{
public:
    FootprintCounter(const ir::Expr& access, const std::vector<std::int64_t>& shape, std::vector<VarValues>& values,
                     const std::vector<std::uint64_t>& boundDeps, const std::vector<AffineForm>& facts,
                     const std::vector<FootprintScope::FactPair>& pairs, std::vector<char>& usedFlag, std::vector<int>& used,
                     std::vector<int>& dimOfVar, std::vector<Interval>& clip, std::vector<int>& links, const FootprintScope& scope)
        : m_access(access)
        , m_shape(shape)
        , m_values(values)
        , m_boundDeps(boundDeps)
        , m_facts(facts)
        , m_pairs(pairs)
        , m_usedFlag(usedFlag)
        , m_used(used)
        , m_dimOfVar(dimOfVar)
        , m_clip(clip)
        , m_links(links)
        , m_scope(scope)
    {
        m_used.clear();
    }

    bool coupled() const { return m_coupled; }

    Footprint run(const std::vector<std::optional<AffineForm>>& forms)
    {
        Footprint fp;
        m_usedFlag.assign(m_values.size(), 0);
        for (const auto& f : forms) {
            if (f) {
                for (const auto& [slot, c] : f->terms) {
                    if (!m_usedFlag[slot])
                        m_used.push_back(slot);
                    m_usedFlag[slot] = 1;
                }
            }
        }
        const size_t rank = m_access.args.size();
        std::vector<Interval>& clip = m_clip;
        clip.resize(rank);
        for (size_t d = 0; d < rank; ++d)
            clip[d] = {0, m_shape[d] - 1};
        // Guards: facts on a dimension's own index clip it; single-variable facts narrow that variable;
        // facts tying two of this access's variables together couple the dimensions.
        bool coupled = false;
        m_links.assign(m_values.size(), 0);
        for (size_t i = 0; i < m_facts.size(); ++i)
            coupled = applyFact(m_facts[i], forms, clip, linkWeight(i)) || coupled;
        // Triangular bounds between two variables of this access also couple it.
        std::uint64_t usedMask = 0;
        for (int i : m_used)
            usedMask |= std::uint64_t(1) << std::min(i, 63);
        for (int i : m_used) {
            coupled = coupled || (m_boundDeps[i] & usedMask) != 0;
            for (size_t u = 0; u < m_values.size() && u < 63; ++u) {
                if (!m_usedFlag[u] && (m_boundDeps[i] >> u & 1))
                    ++m_links[u];
            }
        }
        for (size_t u = 0; u < m_values.size() && u < 63; ++u) {
            if (!m_usedFlag[u] && (m_boundDeps[u] & usedMask))
                ++m_links[u];
        }
        // Each used variable's values were narrowed one constraint at a time, over the other variables' whole
        // ranges. A variable outside the access that two constraints tie to it (a triangular bound and a guard, two
        // guards) can make those narrowings jointly unsatisfiable for some values (j <= i and i + j < N leave j
        // below N / 2): the per-variable ranges then over-count, so the projection bound takes over.
        for (int links : m_links)
            coupled = coupled || links >= 2;
        std::vector<int>& dimOfVar = m_dimOfVar;
        dimOfVar.assign(m_values.size(), -1);
        for (size_t d = 0; d < rank; ++d) {
            if (!forms[d])
                continue;
            for (const auto& [slot, c] : forms[d]->terms) {
                if (dimOfVar[slot] >= 0 && dimOfVar[slot] != static_cast<int>(d))
                    coupled = true; // the same variable indexes two dimensions (a diagonal)
                dimOfVar[slot] = static_cast<int>(d);
            }
        }
        double product = 1, largest = 0;
        for (size_t d = 0; d < rank; ++d) {
            bool exact = true;
            double n = 1;
            const auto gathered = forms[d] || !m_facts.empty() ? std::nullopt : m_scope.gatheredRows(m_access.args[d], m_shape[d]);
            if (forms[d]) {
                n = distinctValues(*forms[d], clip[d], exact);
            } else if (gathered && !m_usedFlag[static_cast<size_t>(gathered->slot)]) {
                // The rows a constant index array names, counted exactly; its variable indexes nothing else here.
                n = gathered->rows;
                m_usedFlag[static_cast<size_t>(gathered->slot)] = 1;
            } else {
                exact = false; // a gather, or // and % of a reshape: at least one distinct value per such dimension
                fp.note = readsTensor(m_access.args[d])
                    ? "an index reads a tensor (gather/scatter): at least one row is counted, the least any index values read"
                    : "an index with // or % (a reshape that merges dimensions): at least one value per such dimension is counted";
            }
            fp.exact = fp.exact && exact;
            product *= n;
            largest = std::max(largest, n);
        }
        if (coupled) {
            // Each dimension's values were counted over its variables' whole ranges, which a coupling (a guard or a
            // bound tying two of them) may cut: the caller falls back to the projection bound.
            m_coupled = true;
            fp.exact = false;
            fp.elements = rank == 0 ? 1 : largest;
        } else {
            fp.elements = product;
        }
        if (!fp.exact && fp.note.empty())
            fp.note = "a window too large to enumerate: counted by its widest variable";
        return fp;
    }

private:
    // How many links fact `i` adds to each variable outside the access it mentions. Two facts bounding one
    // expression from both sides (lo <= g <= hi: a padding guard) count as one constraint, added by the first: for
    // an outside variable u with coefficient b, step 1 and contiguous values, the values of u allowed at a given
    // point form an interval of (hi - lo) / |b| + 1 >= 1 candidates, so narrowing by each side over u's range is
    // exactly the projection when hi - lo + 1 >= |b|. Otherwise each fact counts once.
    int linkWeight(size_t i) const
    {
        const FootprintScope::FactPair& pair = m_pairs[i];
        if (pair.partner < 0)
            return 1;
        bool contiguous = true;
        for (const auto& [slot, c] : m_facts[i].terms) {
            if (!m_usedFlag[slot])
                contiguous = contiguous && m_values[slot].known && m_values[slot].step == 1 && pair.width + 1 >= (c < 0 ? -c : c);
        }
        if (!contiguous)
            return 1;
        return static_cast<size_t>(pair.partner) < i ? 0 : 1;
    }

    // Returns true when the fact couples two variables of this access.
    bool applyFact(const AffineForm& f, const std::vector<std::optional<AffineForm>>& forms, std::vector<Interval>& clip, int weight)
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
            if (m_usedFlag[slot]) {
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
        if (mine.size() <= 1) { // (a fact on outside variables alone narrows them, and so what they bound)
            int outside = 0;
            for (const auto& [slot, c] : f.terms)
                outside += m_usedFlag[slot] ? 0 : 1;
            for (const auto& [slot, c] : f.terms) {
                if (!m_usedFlag[slot])
                    m_links[slot] += outside > 1 ? 2 : weight; // two outside variables in one fact: no pairing argument
            }
        }
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
        if (determinesAll(f, m_values)) {
            const Interval all = ir::intervalOf(f, ranges());
            if (all.lo >= clip.lo && all.hi <= clip.hi)
                return combos; // injective and entirely inside the tensor
        }
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
    std::vector<VarValues>& m_values; // the scope's scratch copy: facts narrow it for this access only
    const std::vector<std::uint64_t>& m_boundDeps;
    const std::vector<AffineForm>& m_facts;
    const std::vector<FootprintScope::FactPair>& m_pairs;
    std::vector<char>& m_usedFlag; // per loop slot
    std::vector<int>& m_used; // the slots this access uses
    std::vector<int>& m_dimOfVar;
    std::vector<Interval>& m_clip;
    std::vector<int>& m_links;
    const FootprintScope& m_scope; // per loop variable outside the access: constraints tying it to the access's variables
    bool m_coupled = false;
};

} // namespace

double FootprintScope::VarValues::count() const
{
    if (!known || range.empty() || !range.bounded())
        return known && !range.empty() ? 1.0 : 0.0;
    return static_cast<double>((range.hi - range.lo) / step + 1);
}

FootprintScope::FootprintScope(const ir::SizeBindings& sizes)
    : m_sizes(sizes)
{
    m_resolve = [this](const std::string& name) -> ir::NameValue {
        const auto& loops = *m_loops;
        for (size_t i = 0; i < loops.size(); ++i) {
            if (loops[i].var == name)
                return {ir::NameValue::Variable, static_cast<std::int64_t>(i)};
        }
        return m_sizes.lookup(name);
    };
}

std::optional<FootprintScope::GatheredRows> FootprintScope::gatheredRows(const ir::Expr& index, std::int64_t extent) const
{
    if (!m_constValues || !m_rectangular || index.kind != ir::ExprKind::Access || index.args.size() != 1)
        return std::nullopt;
    const std::vector<double>* data = m_constValues(index.name);
    if (!data || data->empty())
        return std::nullopt;
    const auto form = ir::toAffine(index.args[0], m_resolve);
    if (!form || form->constant != 0 || form->terms.size() != 1 || form->terms[0].second != 1)
        return std::nullopt;
    const int slot = form->terms[0].first;
    const VarValues& v = m_values[static_cast<size_t>(slot)];
    if (!v.known || v.step != 1 || v.range.lo != 0 || v.range.hi != static_cast<std::int64_t>(data->size()) - 1)
        return std::nullopt;
    std::set<std::int64_t> rows;
    for (const double x : *data)
        if (x >= 0 && x < static_cast<double>(extent))
            rows.insert(static_cast<std::int64_t>(x));
    GatheredRows out;
    out.rows = static_cast<double>(rows.size());
    out.slot = slot;
    if (!rows.empty()) {
        out.lo = *rows.begin();
        out.hi = *rows.rbegin();
    }
    return out;
}

FootprintScope::FootprintScope(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes)
    : FootprintScope(sizes)
{
    reset(loops, guards);
}

void FootprintScope::reset(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards)
{
    m_loops = &loops;
    m_guards = &guards;
    m_values.clear();
    m_facts.clear();
    m_dataDependent = false;
    m_inexactGuards = false;
    m_emptyDomain = false;
    m_points = -1;
    m_pointsExact = true;
    m_rectangular = true;
    std::vector<Interval>& slots = m_scratchClip; // free until footprint() runs
    slots.clear();
    m_boundDeps.assign(loops.size(), 0);
    for (size_t i = 0; i < loops.size(); ++i) {
        const LoopSpec& l = loops[i];
        VarValues v;
        v.step = l.step;
        // Bounds as affine forms: their intervals over the outer loops, and whether the union over outer
        // iterations is contiguous (each outer step moves a bound by at most one).
        Interval bound[2];
        for (int side = 0; side < 2; ++side) {
            const ir::Expr& b = side == 0 ? *l.lo : *l.hi;
            const auto f = ir::toAffine(b, m_resolve);
            if (!f) {
                v.known = false;
                m_rectangular = false;
                bound[side] = ir::intervalOf(b, m_resolve, slots);
                continue;
            }
            bound[side] = ir::intervalOf(*f, slots);
            for (const auto& [slot, c] : f->terms) {
                m_boundDeps[i] |= std::uint64_t(1) << std::min(slot, 63);
                m_rectangular = false;
                if (c > 1 || c < -1)
                    v.known = false;
            }
            if (!f->isConstant() && l.step != 1)
                v.known = false;
        }
        v.range = {bound[0].lo, bound[1].hi < Interval::kUnbounded ? bound[1].hi - 1 : bound[1].hi};
        if (m_rectangular && v.range.lo <= v.range.hi && l.step > 1)
            v.range.hi = v.range.lo + (v.range.hi - v.range.lo) / l.step * l.step;
        slots.push_back(v.range);
        m_values.push_back(v);
    }
    for (const auto& g : guards) {
        if (readsTensor(*g.cond))
            m_dataDependent = true;
        auto exact = ir::exactFacts(*g.cond, m_resolve, g.negated);
        if (!exact) {
            m_inexactGuards = true;
            continue;
        }
        for (auto& f : *exact) {
            if (f.terms.empty() && f.constant < 0)
                m_emptyDomain = true; // a guard that never holds (`i > i`): nothing under it runs
            m_facts.push_back(std::move(f));
        }
    }
    // Facts bounding one expression from both sides (lo <= g <= hi), found once per statement.
    m_factPairs.assign(m_facts.size(), FactPair {});
    for (size_t i = 0; i < m_facts.size(); ++i) {
        for (size_t j = 0; j < m_facts.size() && m_factPairs[i].partner < 0; ++j) {
            if (j == i || m_facts[j].terms.size() != m_facts[i].terms.size() || m_facts[i].terms.empty())
                continue;
            const auto sum = m_facts[i].plus(m_facts[j]);
            if (sum && sum->isConstant())
                m_factPairs[i] = {static_cast<int>(j), sum->constant}; // (g + c1) + (-g + c2) = c1 + c2 = hi - lo
        }
    }
}

void FootprintScope::setDomainPoints(double points, bool exact)
{
    m_points = points;
    m_pointsExact = exact;
}

double FootprintScope::domainPoints() const
{
    if (m_points < 0) {
        const DomainCount dc = countDomain(*m_loops, *m_guards, m_sizes);
        m_points = dc.points;
        m_pointsExact = dc.exact;
    }
    return m_points;
}

double FootprintScope::valueCountUpper(int slot) const
{
    const VarValues& v = m_values[slot];
    if (v.range.empty())
        return 0;
    if (!v.range.bounded())
        return std::numeric_limits<double>::infinity();
    const double span = static_cast<double>(v.range.hi - v.range.lo);
    return (v.known ? std::floor(span / static_cast<double>(v.step)) : span) + 1;
}

// Under a guard the facts cannot express, the exact set of points is out of reach without enumerating it. What is
// provable: no element is touched by more than M points, where M bounds how many points map to one index tuple; so
// at least ceil(points / M) distinct elements are touched. M multiplies the value counts of the variables the
// index tuple does not determine: those it never uses, and, where no index pins a variable down, the one with the
// fewest values (after which it counts as known). An index whose variables are all known but one determines that
// one. M = 1 means the map is injective on the domain: then the count is exact.
Footprint FootprintScope::projectionFootprint(const std::vector<std::optional<AffineForm>>& forms) const
{
    const double points = domainPoints();
    const size_t n = m_values.size();
    std::vector<char> known(n, 1), used(n, 0);
    for (const auto& f : forms) {
        if (f) {
            for (const auto& [slot, c] : f->terms)
                used[slot] = 1;
        }
    }
    double multiplicity = 1;
    size_t unknown = 0;
    bool injective = true; // the used variables are determined by the index, one after another
    for (size_t i = 0; i < n; ++i) {
        if (!used[i])
            multiplicity *= valueCountUpper(static_cast<int>(i));
        else {
            known[i] = 0;
            ++unknown;
        }
    }
    while (unknown > 0) {
        int determined = -1;
        for (const auto& f : forms) {
            if (!f || !determinesAll(*f, m_values))
                continue;
            for (const auto& [slot, c] : f->terms) {
                if (!known[slot]) {
                    determined = slot; // one of several this index pins down: the next rounds take the others
                    break;
                }
            }
            if (determined >= 0)
                break;
        }
        for (const auto& f : forms) {
            if (!f || determined >= 0)
                continue;
            int only = -1, count = 0;
            for (const auto& [slot, c] : f->terms) {
                if (!known[slot] && c != 0) {
                    only = slot;
                    ++count;
                }
            }
            if (count == 1) {
                determined = only;
                break;
            }
        }
        if (determined < 0) {
            double fewest = std::numeric_limits<double>::infinity();
            for (size_t i = 0; i < n; ++i) {
                if (!known[i] && valueCountUpper(static_cast<int>(i)) <= fewest) {
                    fewest = valueCountUpper(static_cast<int>(i));
                    determined = static_cast<int>(i);
                }
            }
            multiplicity *= fewest;
            injective = false;
        }
        known[determined] = 1;
        --unknown;
    }
    Footprint fp;
    const bool gather = std::any_of(forms.begin(), forms.end(), [](const auto& f) { return !f.has_value(); });
    if (points <= 0) {
        fp.elements = 0;
    } else if (!std::isfinite(multiplicity) || multiplicity <= 0) {
        fp.elements = 1; // at least one point runs, and it touches an element
        fp.exact = false;
    } else {
        fp.elements = std::ceil(points / multiplicity - 1e-9);
        // Also exact when every element touched gets the same number of points: the index determines its variables,
        // and the ones it does not use are free (constant bounds, exact value counts, in no guard or other loop's
        // bounds), so each touched element is hit exactly `multiplicity` times (A[i, j] += ... over d, under j <= i).
        bool freeUnused = injective && std::isfinite(multiplicity);
        for (size_t i = 0; i < n && freeUnused; ++i) {
            if (used[i])
                continue;
            const std::uint64_t bit = i < 63 ? std::uint64_t(1) << i : std::uint64_t(1) << 63;
            freeUnused = m_values[i].known && m_boundDeps[i] == 0;
            for (size_t j = 0; j < n && freeUnused; ++j)
                freeUnused = j == i || !(m_boundDeps[j] & bit);
            for (const auto& fact : m_facts)
                for (const auto& [slot, c] : fact.terms)
                    freeUnused = freeUnused && !(static_cast<size_t>(slot) == i && c != 0);
        }
        fp.exact = (multiplicity == 1 || (freeUnused && !m_inexactGuards && !m_dataDependent)) && m_pointsExact && !gather;
    }
    if (!fp.exact)
        fp.note = "a guard with %, ||, != or a conditional limits the access: counted as points / (points per element)";
    return fp;
}

Footprint FootprintScope::footprint(const ir::Expr& access, const std::vector<std::optional<AffineForm>>& forms,
                                    const std::vector<std::int64_t>& shape) const
{
    // An access touches at most one element per point that runs: a count above the points is wrong whatever the
    // reason (a loop range the facts could not narrow), so the points cap every footprint.
    Footprint fp = unclippedFootprint(access, forms, shape);
    const double points = domainPoints();
    if (fp.elements > points) {
        fp.elements = points;
        fp.exact = false;
        if (fp.note.empty())
            fp.note = "capped at the iteration count";
    }
    return fp;
}

Footprint FootprintScope::unclippedFootprint(const ir::Expr& access, const std::vector<std::optional<AffineForm>>& forms,
                                             const std::vector<std::int64_t>& shape) const
{
    if (m_dataDependent)
        return {0, false, "the access sits under a data-dependent guard, so it may never execute"};
    if (m_emptyDomain)
        return {0, true, {}};
    // A reshape's merged dimensions: the digits of one flat index, counted as that index's values.
    if (std::any_of(forms.begin(), forms.end(), [](const auto& f) { return !f.has_value(); }))
        if (const auto flat = flatIndexOf(access, m_resolve))
            if (auto form = ir::toAffine(flat->flat, m_resolve)) {
                std::vector<Interval> ranges;
                for (const VarValues& v : m_values)
                    ranges.push_back(v.range);
                const Interval all = ir::intervalOf(*form, ranges);
                if (all.lo >= 0 && all.hi >= all.lo && (flat->span == 0 || all.hi < flat->span)) {
                    ir::Expr single = access;
                    single.args = {flat->flat};
                    return unclippedFootprint(single, {std::move(form)}, {flat->span > 0 ? flat->span : all.hi + 1});
                }
            }
    if (m_inexactGuards)
        return projectionFootprint(forms);
    m_scratchValues = m_values;
    FootprintCounter counter(access, shape, m_scratchValues, m_boundDeps, m_facts, m_factPairs, m_scratchUsedFlag, m_scratchUsed,
                             m_scratchDims, m_scratchClip, m_scratchLinks, *this);
    const Footprint fp = counter.run(forms);
    if (!counter.coupled())
        return fp;
    Footprint projected = projectionFootprint(forms);
    if (!projected.exact)
        projected.note = "indices are coupled (shared or dependent loop variables): counted as points / (points per element)";
    return projected;
}

} // namespace solar::graph
