// SPDX-License-Identifier: MIT
#include "engine/ir/reassociationforms.h"

#include <algorithm>

namespace solar::ir::reassoc {

namespace {

Expr binaryExpr(BinaryOp op, Expr a, Expr b)
{
    Expr e;
    e.kind = ExprKind::Binary;
    e.binaryOp = op;
    e.loc = a.loc;
    e.args = {std::move(a), std::move(b)};
    return e;
}

void collectSites(std::vector<Stmt>& list, std::vector<Frame>& frames, std::vector<Site>& out)
{
    for (size_t i = 0; i < list.size(); ++i) {
        Stmt& s = list[i];
        if (s.kind == StmtKind::Assign) {
            out.push_back({&s, frames, &list, i});
            continue;
        }
        frames.push_back({&s, &list, i, false});
        collectSites(s.body, frames, out);
        frames.back().inElse = true;
        collectSites(s.orelse, frames, out);
        frames.pop_back();
    }
}

} // namespace

Expr nameExpr(const std::string& n, SourceLoc loc)
{
    Expr e;
    e.kind = ExprKind::Name;
    e.name = n;
    e.loc = loc;
    return e;
}

Expr intExpr(std::int64_t v, SourceLoc loc)
{
    Expr e;
    e.kind = ExprKind::Int;
    e.intValue = v;
    e.loc = loc;
    return e;
}

// a - b, without the subtraction when b is the literal 0 (keeps indices readable).
Expr minus(Expr a, const Expr& b)
{
    if (b.kind == ExprKind::Int && b.intValue == 0)
        return a;
    if (a.kind == ExprKind::Int && b.kind == ExprKind::Int)
        return intExpr(a.intValue - b.intValue, a.loc);
    return binaryExpr(BinaryOp::Sub, std::move(a), b);
}

Expr folded(const Expr& e)
{
    const auto value = evalConstInt(e, [](const std::string&) { return NameValue {}; });
    return value ? intExpr(*value, e.loc) : e;
}

Expr substitute(const Expr& e, const std::map<std::string, Expr>& with)
{
    if (e.kind == ExprKind::Name) {
        const auto it = with.find(e.name);
        return it == with.end() ? e : it->second;
    }
    Expr out = e;
    for (auto& a : out.args)
        a = substitute(a, with);
    return out;
}

// The loop variables an expression uses (names that are neither parameters nor lets).
void varsIn(const Expr& e, const SizeBindings& sizes, std::set<std::string>& out)
{
    if (e.kind == ExprKind::Name && !sizes.values.count(e.name))
        out.insert(e.name);
    for (const auto& a : e.args)
        varsIn(a, sizes, out);
}

std::set<std::string> varsOf(const std::vector<Expr>& es, const SizeBindings& sizes)
{
    std::set<std::string> out;
    for (const auto& e : es)
        varsIn(e, sizes, out);
    return out;
}

void tensorsIn(const Expr& e, std::set<std::string>& out)
{
    if (e.kind == ExprKind::Access)
        out.insert(e.name);
    for (const auto& a : e.args)
        tensorsIn(a, out);
}

// The tensor element a product factor reads (through a cast), or null for a literal.
const Expr* accessOf(const Expr& f)
{
    if (f.kind == ExprKind::Access)
        return &f;
    if (f.kind == ExprKind::Cast && f.args[0].kind == ExprKind::Access)
        return &f.args[0];
    return nullptr;
}

// A product of tensor elements (possibly cast) and literals, flattened; false for anything else.
bool flattenProduct(const Expr& e, std::vector<Expr>& out)
{
    if (e.kind == ExprKind::Binary && e.binaryOp == BinaryOp::Mul)
        return flattenProduct(e.args[0], out) && flattenProduct(e.args[1], out);
    if (accessOf(e) || e.kind == ExprKind::Float || e.kind == ExprKind::Int) {
        out.push_back(e);
        return true;
    }
    return false;
}

Expr productOf(const std::vector<Expr>& factors)
{
    Expr p = factors.front();
    for (size_t i = 1; i < factors.size(); ++i)
        p = binaryExpr(BinaryOp::Mul, std::move(p), factors[i]);
    return p;
}

bool isZero(const Expr& e)
{
    return (e.kind == ExprKind::Int && e.intValue == 0) || (e.kind == ExprKind::Float && e.floatValue == 0.0);
}

// Every tensor read outside assignment values (conditions, loop bounds, target indices): never rewritten.
void pinnedTensors(const std::vector<Stmt>& list, std::set<std::string>& out)
{
    for (const auto& s : list) {
        if (s.kind == StmtKind::Assign) {
            for (const auto& a : s.target.args)
                tensorsIn(a, out);
            continue;
        }
        tensorsIn(s.cond, out);
        for (const auto& r : s.ranges) {
            tensorsIn(r.lo, out);
            tensorsIn(r.hi, out);
        }
        pinnedTensors(s.body, out);
        pinnedTensors(s.orelse, out);
    }
}

NameResolver Ranges::resolver() const
{
    return [this](const std::string& n) -> NameValue {
        if (const auto it = sizes.values.find(n); it != sizes.values.end())
            return {NameValue::Constant, it->second};
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == n)
                return {NameValue::Variable, static_cast<std::int64_t>(i)};
        return {};
    };
}

Interval Ranges::of(const Expr& e) const
{
    return intervalOf(e, resolver(), intervals);
}

void Ranges::bind(const LoopRange& r)
{
    const Interval lo = of(r.lo), hi = of(r.hi);
    names.push_back(r.var);
    intervals.push_back({lo.lo, hi.hi - 1});
}

double Ranges::extent(const std::string& var) const
{
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == var)
            return intervals[i].bounded() ? std::max<double>(0, double(intervals[i].hi - intervals[i].lo + 1)) : 1e300;
    return 1;
}

Ranges rangesOf(const Site& s, const SizeBindings& sizes)
{
    Ranges r {sizes, {}, {}};
    for (const auto& f : s.frames)
        if (f.stmt->kind == StmtKind::For)
            for (const auto& lr : f.stmt->ranges)
                r.bind(lr);
    return r;
}

std::optional<Reader> readerForm(const Site& s, const SizeBindings& sizes)
{
    const Stmt& a = *s.stmt;
    if (a.op != AssignOp::Add || s.frames.empty())
        return std::nullopt;
    const Frame& inner = s.frames.back();
    if (inner.stmt->kind != StmtKind::For || inner.stmt->body.size() != 1 || inner.inElse)
        return std::nullopt;
    Reader r {s, {}, {}};
    if (!flattenProduct(a.value, r.factors))
        return std::nullopt;
    std::set<std::string> targetVars;
    for (const auto& e : a.target.args)
        varsIn(e, sizes, targetVars);
    for (const auto& lr : inner.stmt->ranges) {
        if (targetVars.count(lr.var))
            return std::nullopt;
        r.bandVars.insert(lr.var);
    }
    return r;
}

// The index of the one factor that reads `tensor`; -1 when none or several do, or the tensor is read elsewhere too.
int factorReading(const Reader& r, const std::string& tensor)
{
    int found = -1;
    for (size_t i = 0; i < r.factors.size(); ++i) {
        std::set<std::string> used;
        tensorsIn(r.factors[i], used);
        if (!used.count(tensor))
            continue;
        const Expr* acc = accessOf(r.factors[i]);
        if (found >= 0 || !acc || acc->name != tensor)
            return -1;
        for (const auto& idx : acc->args) {
            std::set<std::string> inIndex;
            tensorsIn(idx, inIndex);
            if (!inIndex.empty())
                return -1;
        }
        found = static_cast<int>(i);
    }
    return found;
}

std::optional<Producer> producerForm(const std::string& tensor, const std::vector<Site>& writers, const SizeBindings& sizes)
{
    if (writers.size() != 2)
        return std::nullopt;
    const Site& init = writers[0];
    const Site& acc = writers[1];
    if (init.frames.size() != 1 || acc.frames.size() != 2 || acc.frames[0].stmt != init.frames[0].stmt)
        return std::nullopt;
    const Stmt& outer = *init.frames[0].stmt;
    const Stmt& red = *acc.frames[1].stmt;
    if (outer.kind != StmtKind::For || red.kind != StmtKind::For || outer.body.size() != 2 || red.body.size() != 1 || init.index != 0
        || init.stmt->op != AssignOp::Set || !isZero(init.stmt->value) || acc.stmt->op != AssignOp::Add
        || !structurallyEqual(init.stmt->target, acc.stmt->target) || init.stmt->target.name != tensor)
        return std::nullopt;
    Producer p;
    p.acc = acc;
    p.outer = &outer;
    if (!flattenProduct(acc.stmt->value, p.factors))
        return std::nullopt;
    const auto& w = acc.stmt->target.args;
    for (size_t d = 0; d < w.size(); ++d) {
        if (w[d].kind == ExprKind::Name && !sizes.values.count(w[d].name)) {
            if (p.dimOfVar.count(w[d].name))
                return std::nullopt;
            p.dimOfVar[w[d].name] = d;
        } else if (w[d].kind != ExprKind::Int) {
            return std::nullopt;
        }
    }
    Ranges none {sizes, {}, {}};
    for (const auto& lr : outer.ranges)
        if (!p.dimOfVar.count(lr.var) && none.of(minus(lr.hi, lr.lo)).hi != 1)
            return std::nullopt; // T would be summed over it
    std::set<std::string> outerVars;
    for (const auto& lr : outer.ranges)
        outerVars.insert(lr.var);
    for (const auto& lr : red.ranges) {
        std::set<std::string> used;
        varsIn(lr.lo, sizes, used);
        varsIn(lr.hi, sizes, used);
        if (!used.empty())
            return std::nullopt;
    }
    return p;
}

SiteIndex::SiteIndex(std::vector<Stmt>& body)
{
    std::vector<Frame> frames;
    collectSites(body, frames, sites);
    for (size_t i = 0; i < sites.size(); ++i) {
        writers[sites[i].stmt->target.name].push_back(i);
        std::set<std::string> used;
        tensorsIn(sites[i].stmt->value, used);
        for (const auto& t : used)
            readers[t].push_back(i);
    }
}

std::vector<Site> SiteIndex::writersOf(const std::string& t) const
{
    std::vector<Site> out;
    if (const auto it = writers.find(t); it != writers.end())
        for (size_t i : it->second)
            out.push_back(sites[i]);
    return out;
}

std::vector<Site> SiteIndex::readersOf(const std::string& t) const
{
    std::vector<Site> out;
    if (const auto it = readers.find(t); it != readers.end())
        for (size_t i : it->second)
            out.push_back(sites[i]);
    return out;
}

std::optional<std::vector<Copy>> copiesOf(const SiteIndex& all, const std::string& k, const SizeBindings& sizes)
{
    std::vector<Copy> out;
    for (const auto& w : all.writersOf(k)) {
        const Stmt& a = *w.stmt;
        if (a.op != AssignOp::Set || !accessOf(a.value) || accessOf(a.value)->name == k || w.frames.size() != 1
            || w.frames[0].stmt->kind != StmtKind::For || w.frames[0].stmt->body.size() != 1)
            return std::nullopt;
        const Ranges r = rangesOf(w, sizes);
        Copy c {w, a.value, {}};
        for (const auto& idx : a.target.args)
            c.box.push_back(r.of(idx));
        out.push_back(std::move(c));
    }
    if (out.empty())
        return std::nullopt;
    return out;
}

// The copy's source element for the reader's target index `g` (dimension by dimension), or nullopt.
std::optional<Expr> forwarded(const Copy& c, const std::vector<Expr>& g, const SizeBindings& sizes)
{
    const Stmt& a = *c.site.stmt;
    std::map<std::string, Expr> with;
    std::set<std::string> bound;
    for (size_t d = 0; d < g.size(); ++d) {
        const Expr& t = a.target.args[d];
        std::set<std::string> vars;
        varsIn(t, sizes, vars);
        if (vars.empty())
            continue;
        if (vars.size() != 1)
            return std::nullopt;
        const std::string u = *vars.begin();
        // t = u + offset with offset free of variables: u = g - offset.
        Expr offset = folded(substitute(t, {{u, intExpr(0, t.loc)}}));
        Ranges none {sizes, {}, {}};
        const Interval check = Ranges {sizes, {u}, {Interval::point(5)}}.of(t);
        const Interval off = none.of(offset);
        if (!off.bounded() || off.lo != off.hi || check.lo != off.lo + 5 || bound.count(u))
            return std::nullopt;
        bound.insert(u);
        with[u] = minus(g[d], offset);
    }
    for (const auto& lr : c.site.frames[0].stmt->ranges) {
        if (bound.count(lr.var))
            continue;
        Ranges none {sizes, {}, {}};
        if (none.of(minus(lr.hi, lr.lo)).hi != 1)
            return std::nullopt;
        with[lr.var] = lr.lo;
    }
    return substitute(c.value, with);
}

bool within(const Interval& inner, const Interval& outer)
{
    return inner.lo >= outer.lo && inner.hi <= outer.hi;
}

// Makes the reader read the parts of `k` instead, splitting its band where the parts meet.
bool forward(const Reader& r, const std::string& k, const std::vector<Copy>& copies, const SizeBindings& sizes)
{
    const int fi = factorReading(r, k);
    if (fi < 0)
        return false;
    const Expr& acc = *accessOf(r.factors[static_cast<size_t>(fi)]);
    Stmt& band = *r.site.frames.back().stmt;
    Ranges env = rangesOf(r.site, sizes);
    auto covering = [&](const Ranges& e) -> const Copy* {
        for (const auto& c : copies) {
            bool all = true;
            for (size_t d = 0; d < acc.args.size() && all; ++d)
                all = within(e.of(acc.args[d]), c.box[d]);
            if (all)
                return &c;
        }
        return nullptr;
    };
    struct Piece
    {
        std::optional<std::pair<Expr, Expr>> range; // the split variable's range; none: the whole band
        const Copy* copy;
    };
    std::vector<Piece> pieces;
    std::string split;
    if (const Copy* whole = covering(env)) {
        pieces.push_back({std::nullopt, whole});
    } else {
        // A dimension indexed by one band variable plus a constant, split at the parts' edges.
        size_t dim = 0;
        Expr offset;
        for (size_t d = 0; d < acc.args.size() && split.empty(); ++d) {
            std::set<std::string> vars;
            varsIn(acc.args[d], sizes, vars);
            if (vars.size() != 1 || !r.bandVars.count(*vars.begin()))
                continue;
            const std::string v = *vars.begin();
            Expr off = folded(substitute(acc.args[d], {{v, intExpr(0, acc.loc)}}));
            const Interval o = Ranges {sizes, {}, {}}.of(off);
            const Interval at5 = Ranges {sizes, {v}, {Interval::point(5)}}.of(acc.args[d]);
            if (o.bounded() && o.lo == o.hi && at5.lo == o.lo + 5) {
                split = v;
                dim = d;
                offset = off;
            }
        }
        if (split.empty())
            return false;
        const LoopRange* own = nullptr;
        for (const auto& lr : band.ranges)
            if (lr.var == split)
                own = &lr;
        std::vector<std::pair<std::int64_t, Expr>> edges; // in the split variable's values
        const Ranges none {sizes, {}, {}};
        const Interval lo = none.of(own->lo), hi = none.of(own->hi);
        if (!lo.bounded() || lo.lo != lo.hi || !hi.bounded() || hi.lo != hi.hi)
            return false;
        edges.emplace_back(lo.lo, own->lo);
        edges.emplace_back(hi.lo, own->hi);
        for (const auto& c : copies) {
            // The part's first target index along the split dimension, less the reader's offset.
            const Expr& t = c.site.stmt->target.args[dim];
            std::set<std::string> vars;
            varsIn(t, sizes, vars);
            std::map<std::string, Expr> atLo;
            for (const auto& lr : c.site.frames[0].stmt->ranges)
                atLo[lr.var] = lr.lo;
            for (const auto& lr : c.site.frames[0].stmt->ranges)
                if (vars.count(lr.var)) {
                    std::map<std::string, Expr> atHi = atLo;
                    atHi[lr.var] = lr.hi;
                    for (const Expr& e : {minus(substitute(t, atLo), offset), minus(substitute(t, atHi), offset)}) {
                        const Interval v = none.of(e);
                        if (v.bounded() && v.lo == v.hi && v.lo > lo.lo && v.lo < hi.lo)
                            edges.emplace_back(v.lo, e);
                    }
                }
        }
        std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        edges.erase(std::unique(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.first == b.first; }), edges.end());
        for (size_t i = 0; i + 1 < edges.size(); ++i) {
            Ranges e = env;
            for (size_t n = 0; n < e.names.size(); ++n)
                if (e.names[n] == split)
                    e.intervals[n] = {edges[i].first, edges[i + 1].first - 1};
            const Copy* part = covering(e);
            if (!part)
                return false;
            pieces.push_back({std::make_pair(edges[i].second, edges[i + 1].second), part});
        }
    }
    std::vector<Stmt> replaced;
    for (const auto& p : pieces) {
        const auto source = forwarded(*p.copy, acc.args, sizes);
        if (!source)
            return false;
        Stmt b = band;
        if (p.range)
            for (auto& lr : b.ranges)
                if (lr.var == split) {
                    lr.lo = p.range->first;
                    lr.hi = p.range->second;
                }
        std::vector<Expr> factors = r.factors;
        Expr& f = factors[static_cast<size_t>(fi)];
        if (f.kind == ExprKind::Cast)
            f.args[0] = *source;
        else
            f = *source;
        b.body[0].value = productOf(factors);
        replaced.push_back(std::move(b));
    }
    std::vector<Stmt>& list = *r.site.frames.back().list;
    const size_t at = r.site.frames.back().index;
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(at));
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(at), replaced.begin(), replaced.end());
    return true;
}

} // namespace solar::ir::reassoc
