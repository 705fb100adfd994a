// SPDX-License-Identifier: MIT
#include "engine/ir/reassociation.h"

#include "engine/ir/checker.h"
#include "engine/ir/printer.h"
#include "engine/ir/reassociationforms.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace solar::ir {

using namespace reassoc;

namespace {

// ---- the pass ---------------------------------------------------------------------------------------------------

class Pass
{
public:
    Pass(const Program& source, const SizeBindings& sizes)
        : m_source(&source)
        , m_sizes(sizes)
    { }

    // The program is copied when a rewrite is first tried: most programs have no chain worth trying, and a copy of
    // a model's program costs more than the scan that finds that out.
    const Program* m_source;
    bool m_own = false;
    Program m_program;
    const Program& program() const { return m_own ? m_program : *m_source; }
    void materialise()
    {
        if (m_own)
            return;
        m_program = *m_source;
        m_own = true;
        changedDecls();
        collectNames();
    }
    const SizeBindings& m_sizes;
    std::set<std::string> m_names; // every name in use: fresh ones avoid them
    std::set<std::string> m_touched; // tensors whose writers may have become dead
    int m_fresh = 0;

    std::string fresh(const std::string& stem)
    {
        materialise(); // the names in use are collected with the copy
        for (;;) {
            std::string n = stem + std::to_string(m_fresh++);
            if (m_names.insert(n).second)
                return n;
        }
    }

    void collectNames()
    {
        for (const auto& p : m_program.params)
            m_names.insert(p.name);
        for (const auto& d : m_program.decls)
            m_names.insert(d.name);
        std::function<void(const std::vector<Stmt>&)> walk = [&](const std::vector<Stmt>& list) {
            for (const auto& s : list) {
                for (const auto& r : s.ranges)
                    m_names.insert(r.var);
                walk(s.body);
                walk(s.orelse);
            }
        };
        walk(m_program.body);
    }

    // Tensor declarations by name, rebuilt after the declarations change (changedDecls): a scan per lookup made the
    // pass quadratic in a model's size.
    mutable std::map<std::string, size_t> m_declIndex;
    void changedDecls() { m_declIndex.clear(); }
    const Decl* decl(const std::string& name) const
    {
        const auto& decls = program().decls;
        if (m_declIndex.empty())
            for (size_t i = 0; i < decls.size(); ++i)
                if (decls[i].kind == DeclKind::Tensor)
                    m_declIndex.emplace(decls[i].name, i);
        const auto it = m_declIndex.find(name);
        return it == m_declIndex.end() ? nullptr : &decls[it->second];
    }
    bool isTmp(const std::string& name) const
    {
        const Decl* d = decl(name);
        return d && d->tensorKind == TensorKind::Tmp;
    }

    // Over the source until the copy exists: read only then (every rewrite materialises first).
    SiteIndex index() { return SiteIndex(const_cast<std::vector<Stmt>&>(program().body)); }

    // ---- absorption ----

    struct Option
    {
        double points = 0;
        size_t kept = 0; // producer factor applied last
        std::vector<Expr> zFactors, finalFactors, scalars;
        std::vector<std::string> zIndex, zReduced, finalBand;
        size_t insertAt = 0; // frames[insertAt] is the statement Z goes before
        std::map<std::string, LoopRange> ranges; // of every variable the new statements loop over
        std::vector<Expr> guards; // copied around Z's accumulation
    };

    std::optional<Option> option(const Reader& r, const std::string& t, const Producer& p, size_t keptIndex,
                                 const std::vector<std::string>& freshVars)
    {
        const int fi = factorReading(r, t);
        const Expr& acc = *accessOf(r.factors[static_cast<size_t>(fi)]);
        // The producer's factors at the reader's index, its reduction over fresh variables.
        std::map<std::string, Expr> with;
        for (const auto& lr : p.outer->ranges) {
            const auto d = p.dimOfVar.find(lr.var);
            with[lr.var] = d == p.dimOfVar.end() ? lr.lo : acc.args[d->second];
        }
        const Stmt& red = *p.acc.frames[1].stmt;
        Option o;
        for (size_t i = 0; i < red.ranges.size(); ++i) {
            with[red.ranges[i].var] = nameExpr(freshVars[i], r.site.stmt->loc);
            LoopRange lr = red.ranges[i];
            lr.var = freshVars[i];
            o.ranges[freshVars[i]] = lr;
        }
        std::vector<Expr> producerFactors;
        for (const auto& f : p.factors)
            producerFactors.push_back(substitute(f, with));
        if (keptIndex >= producerFactors.size() || !accessOf(producerFactors[keptIndex]))
            return std::nullopt;
        o.kept = keptIndex;
        for (size_t i = 0; i < r.factors.size(); ++i)
            if (static_cast<int>(i) != fi)
                (accessOf(r.factors[i]) ? o.zFactors : o.scalars).push_back(r.factors[i]);
        for (size_t i = 0; i < producerFactors.size(); ++i) {
            if (i == keptIndex)
                o.finalFactors.push_back(producerFactors[i]);
            else
                (accessOf(producerFactors[i]) ? o.zFactors : o.scalars).push_back(producerFactors[i]);
        }
        if (o.zFactors.empty())
            return std::nullopt;
        const Frame& inner = r.site.frames.back();
        std::set<std::string> enclosing; // bound outside the reader's own band
        for (size_t i = 0; i + 1 < r.site.frames.size(); ++i)
            if (r.site.frames[i].stmt->kind == StmtKind::For)
                for (const auto& lr : r.site.frames[i].stmt->ranges) {
                    enclosing.insert(lr.var);
                    o.ranges[lr.var] = lr;
                }
        for (const auto& lr : inner.stmt->ranges)
            o.ranges[lr.var] = lr;
        const std::set<std::string> zVars = varsOf(o.zFactors, m_sizes);
        std::set<std::string> later = varsOf(o.finalFactors, m_sizes);
        for (const auto& e : r.site.stmt->target.args)
            varsIn(e, m_sizes, later);
        for (const auto& v : zVars)
            (later.count(v) || enclosing.count(v) ? o.zIndex : o.zReduced).push_back(v);
        // Z's dimensions in the order of the loops that bind them (the enclosing ones, then the reader's own).
        auto depth = [&](const std::string& v) {
            for (size_t i = 0; i < r.site.frames.size(); ++i)
                for (const auto& lr : r.site.frames[i].stmt->ranges)
                    if (lr.var == v)
                        return i;
            return r.site.frames.size();
        };
        std::stable_sort(o.zIndex.begin(), o.zIndex.end(), [&](const std::string& a, const std::string& b) { return depth(a) < depth(b); });
        std::set<std::string> finalVars(o.zIndex.begin(), o.zIndex.end());
        for (const auto& v : varsOf(o.finalFactors, m_sizes))
            finalVars.insert(v);
        for (const auto& v : finalVars)
            if (!enclosing.count(v))
                o.finalBand.push_back(v);
        // Every variable of the reader's band must still be summed over, once.
        std::set<std::string> summed(o.zReduced.begin(), o.zReduced.end());
        summed.insert(o.finalBand.begin(), o.finalBand.end());
        for (const auto& lr : inner.stmt->ranges)
            if (!summed.count(lr.var))
                return std::nullopt;
        for (const auto& v : o.zReduced)
            if (!r.bandVars.count(v) && std::find(freshVars.begin(), freshVars.end(), v) == freshVars.end())
                return std::nullopt;
        // Z goes before the first enclosing statement that binds a variable Z is not indexed by.
        const std::set<std::string> zIndexSet(o.zIndex.begin(), o.zIndex.end());
        std::set<std::string> above;
        size_t at = 0;
        for (; at + 1 < r.site.frames.size(); ++at) {
            const Stmt& s = *r.site.frames[at].stmt;
            if (s.kind == StmtKind::If) {
                std::set<std::string> used;
                varsIn(s.cond, m_sizes, used);
                if (r.site.frames[at].inElse || !std::includes(above.begin(), above.end(), used.begin(), used.end()))
                    break;
                continue;
            }
            bool inside = true;
            for (const auto& lr : s.ranges)
                inside = inside && zIndexSet.count(lr.var);
            if (!inside)
                break;
            for (const auto& lr : s.ranges)
                above.insert(lr.var);
        }
        o.insertAt = at;
        std::set<std::string> scope = above;
        scope.insert(o.zIndex.begin(), o.zIndex.end());
        scope.insert(o.zReduced.begin(), o.zReduced.end());
        for (size_t i = at; i + 1 < r.site.frames.size(); ++i) {
            const Frame& f = r.site.frames[i];
            if (f.stmt->kind != StmtKind::If)
                continue;
            std::set<std::string> used;
            varsIn(f.stmt->cond, m_sizes, used);
            const bool inScope = std::includes(scope.begin(), scope.end(), used.begin(), used.end());
            bool touchesReduced = false;
            for (const auto& v : o.zReduced)
                touchesReduced = touchesReduced || used.count(v);
            if (f.inElse || (!inScope && touchesReduced))
                return std::nullopt;
            if (inScope)
                o.guards.push_back(f.stmt->cond);
        }
        // Z is indexed by its variables' values: none may go negative. Its own loops may only use variables bound
        // before them.
        Ranges bound = rangesOf(r.site, m_sizes);
        for (const auto& v : freshVars)
            bound.bind(o.ranges.at(v));
        for (const auto& v : o.zIndex)
            if (const Interval iv = bound.of(nameExpr(v, {})); !iv.bounded() || iv.lo < 0)
                return std::nullopt;
        for (const auto& v : o.zIndex) {
            if (above.count(v))
                continue;
            std::set<std::string> used;
            varsIn(o.ranges.at(v).lo, m_sizes, used);
            varsIn(o.ranges.at(v).hi, m_sizes, used);
            if (!std::includes(above.begin(), above.end(), used.begin(), used.end()))
                return std::nullopt;
        }
        // Points at the bound sizes: Z over its variables, the reader over the enclosing loops and its new band.
        Ranges env = rangesOf(r.site, m_sizes);
        for (const auto& v : freshVars)
            env.bind(o.ranges.at(v));
        double zPoints = 1, finalPoints = 1;
        for (const auto& v : zVars)
            zPoints *= env.extent(v);
        for (const auto& v : enclosing)
            finalPoints *= env.extent(v);
        for (const auto& v : o.finalBand)
            finalPoints *= env.extent(v);
        o.points = zPoints + finalPoints;
        return o;
    }

    void applyOption(const Reader& r, const std::string& t, const Option& o)
    {
        const SourceLoc loc = r.site.stmt->loc;
        Ranges env = rangesOf(r.site, m_sizes);
        for (const auto& [v, lr] : o.ranges)
            if (std::find(env.names.begin(), env.names.end(), v) == env.names.end())
                env.bind(lr);
        // Z: one element per index variable (loops start at 0 here; a triangular extent takes its largest).
        Decl z;
        z.kind = DeclKind::Tensor;
        z.loc = loc;
        z.name = fresh(t + "_z");
        z.tensorKind = TensorKind::Tmp;
        // The intermediate's own format: a production kernel keeps the absorbed query in it and multiplies on the
        // tensor cores at that rate (an f32 Z would put the largest contraction on the fp32 units).
        z.dtype = decl(t)->dtype;
        std::vector<Expr> zIdx;
        for (const auto& v : o.zIndex) {
            const LoopRange& lr = o.ranges.at(v);
            std::set<std::string> used;
            varsIn(lr.hi, m_sizes, used);
            const Interval iv = env.of(nameExpr(v, loc));
            z.dims.push_back(used.empty() ? lr.hi : intExpr(iv.hi + 1, loc));
            zIdx.push_back(nameExpr(v, loc));
        }
        Expr zAt;
        zAt.kind = ExprKind::Access;
        zAt.name = z.name;
        zAt.loc = loc;
        zAt.args = zIdx;
        Stmt init;
        init.kind = StmtKind::Assign;
        init.loc = loc;
        init.opBlock = r.site.stmt->opBlock;
        init.target = zAt;
        init.value = intExpr(0, loc);
        Stmt accumulate = init;
        accumulate.op = AssignOp::Add;
        accumulate.value = productOf(o.zFactors);
        for (auto g = o.guards.rbegin(); g != o.guards.rend(); ++g) {
            Stmt guard;
            guard.kind = StmtKind::If;
            guard.loc = loc;
            guard.opBlock = init.opBlock;
            guard.cond = *g;
            guard.body.push_back(std::move(accumulate));
            accumulate = std::move(guard);
        }
        auto band = [&](const std::vector<std::string>& vars, std::vector<Stmt> body) {
            Stmt f;
            f.kind = StmtKind::For;
            f.loc = loc;
            f.opBlock = init.opBlock;
            for (const auto& v : vars)
                f.ranges.push_back(o.ranges.at(v));
            f.body = std::move(body);
            return f;
        };
        std::vector<Stmt> inner {init};
        if (o.zReduced.empty())
            inner.push_back(std::move(accumulate));
        else
            inner.push_back(band(o.zReduced, {std::move(accumulate)}));
        std::set<std::string> above;
        for (size_t i = 0; i < o.insertAt; ++i)
            for (const auto& lr : r.site.frames[i].stmt->ranges)
                above.insert(lr.var);
        std::vector<std::string> own;
        for (const auto& v : o.zIndex)
            if (!above.count(v))
                own.push_back(v);
        std::vector<Stmt> zNest = own.empty() ? inner : std::vector<Stmt> {band(own, inner)};
        // The reader: Y += Z * kept * scalars over its new band.
        Stmt& readerBand = *r.site.frames.back().stmt;
        std::vector<Expr> finalFactors {zAt};
        finalFactors.insert(finalFactors.end(), o.finalFactors.begin(), o.finalFactors.end());
        finalFactors.insert(finalFactors.end(), o.scalars.begin(), o.scalars.end());
        Stmt reader = *r.site.stmt;
        reader.value = productOf(finalFactors);
        if (o.finalBand.empty()) {
            readerBand = reader; // no loop left: the band becomes the statement
        } else {
            readerBand.ranges.clear();
            for (const auto& v : o.finalBand)
                readerBand.ranges.push_back(o.ranges.at(v));
            readerBand.body = {reader};
        }
        m_program.decls.push_back(std::move(z));
        changedDecls();
        std::vector<Stmt>& list = *r.site.frames[o.insertAt].list;
        const size_t index = r.site.frames[o.insertAt].index;
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(index), zNest.begin(), zNest.end());
    }

    // ---- dead code ----

    void removeDead()
    {
        for (bool changed = true; changed;) {
            changed = false;
            std::set<std::string> read;
            pinnedTensors(m_program.body, read);
            const SiteIndex now = index();
            for (const auto& [t, readers] : now.readers)
                read.insert(t);
            for (const auto& t : std::set<std::string>(m_touched)) {
                if (read.count(t) || !isTmp(t))
                    continue;
                std::function<void(std::vector<Stmt>&)> prune = [&](std::vector<Stmt>& list) {
                    for (auto& s : list) {
                        prune(s.body);
                        prune(s.orelse);
                    }
                    list.erase(std::remove_if(list.begin(), list.end(),
                                              [&](const Stmt& s) {
                                                  return s.kind == StmtKind::Assign ? s.target.name == t
                                                                                    : s.body.empty() && s.orelse.empty();
                                              }),
                               list.end());
                };
                prune(m_program.body);
                m_program.decls.erase(std::remove_if(m_program.decls.begin(), m_program.decls.end(),
                                                     [&](const Decl& d) { return d.kind == DeclKind::Tensor && d.name == t; }),
                                      m_program.decls.end());
                changedDecls();
                m_touched.erase(t);
                changed = true;
            }
        }
    }
};

// The points of a loop band whose ranges use no loop variable (a producer's), at the bound sizes.
double bandPoints(const Stmt& band, const SizeBindings& sizes)
{
    const Ranges none {sizes, {}, {}};
    double points = 1;
    for (const auto& lr : band.ranges)
        points *= std::max<double>(0, double(none.of(minus(lr.hi, lr.lo)).hi));
    return points;
}

std::string absorbText(const std::string& t, const Producer& p, const std::vector<std::string>& kept, double before, double after)
{
    std::string readers;
    for (size_t i = 0; i < kept.size(); ++i)
        readers += (i ? ", " : "") + kept[i];
    char points[96];
    std::snprintf(points, sizeof points, "%.4g multiply-add points as written, %.4g reassociated", before, after);
    return "least contraction order: " + t + " (line " + std::to_string(p.acc.stmt->loc.line) + ") is not formed; its "
        + std::to_string(kept.size()) + (kept.size() == 1 ? " reader applies " : " readers apply ") + readers
        + " last, after contracting with the other operand (the matrix-chain order; MLA's absorbed form): " + points;
}

} // namespace

Expected<Reassociation> leastContractionOrder(const Program& program, const SizeBindings& sizes, const std::vector<ReassociationStep>* plan)
{
    using Result = Expected<Reassociation>;
    Pass pass(program, sizes);
    std::vector<ReassociationStep> steps;
    std::set<std::string> pinned;
    pinnedTensors(program.body, pinned);
    auto fail = [&](const std::string& why) {
        return Result::failure(Diagnostic {Severity::Error, program.file, {}, "reassociate.replay", why});
    };
    auto producerOf = [&](const SiteIndex& all, const std::string& t) -> std::optional<Producer> {
        if (!pass.isTmp(t) || pinned.count(t))
            return std::nullopt;
        return producerForm(t, all.writersOf(t), sizes);
    };

    std::optional<SiteIndex> cached;
    // Copies of `t` into a tensor that is copied together from parts (MLA's key = [k_nope | k_rope]): their readers
    // read the parts instead, so that t's readers are products. Returns the copied-together tensors, or nullopt.
    auto forwardCopies = [&](const std::string& t) -> std::optional<std::vector<std::string>> {
        std::vector<std::string> forwarded;
        constexpr int kMaxForwards = 100000;
        for (int n = 0; n < kMaxForwards; ++n) {
            const SiteIndex all = pass.index();
            std::string k;
            for (const auto& s : all.readersOf(t))
                if (s.stmt->op == AssignOp::Set && accessOf(s.stmt->value) && accessOf(s.stmt->value)->name == t)
                    k = s.stmt->target.name;
            if (k.empty())
                return forwarded;
            if (!pass.isTmp(k) || pinned.count(k))
                return std::nullopt;
            const auto copies = copiesOf(all, k, sizes);
            const auto readers = all.readersOf(k);
            if (!copies)
                return std::nullopt;
            if (std::find(forwarded.begin(), forwarded.end(), k) == forwarded.end())
                forwarded.push_back(k);
            pass.m_touched.insert(k);
            if (readers.empty()) {
                pass.removeDead();
                continue;
            }
            const auto r = readerForm(readers.front(), sizes);
            if (!r || !forward(*r, k, *copies, sizes))
                return std::nullopt;
        }
        return std::nullopt;
    };

    // Eliminates `t` (its copies forwarded first) when every reader is a product and, unless `want` replays a
    // step, the other order does fewer multiply-adds. The program is left as it was when it does not.
    auto absorb = [&](const std::string& t, const ReassociationStep* want) -> bool {
        // Cheap refusals first (most linear layers feed an activation): every reader a product or a copy. The index
        // they read is kept until the program changes.
        {
            if (!cached)
                cached.emplace(pass.index());
            const SiteIndex& all = *cached;
            const auto p = producerOf(all, t);
            if (!p)
                return false;
            // Whichever operand a reader applies last, it contains the producer's reduction variables, so the
            // reader's new loop nest covers its own output loops times them: when that alone is no less than the
            // chain as written, nothing is won (and nothing is forwarded or copied to find out).
            const double reduction = bandPoints(*p->acc.frames[1].stmt, sizes);
            double before = bandPoints(*p->outer, sizes) * reduction, least = 0;
            // `share`: the part of the reader's work that reads T (a copy of T fills only part of a concatenation,
            // such as one new token's keys in a cache of thousands).
            auto product = [&](const Site& s, const std::string& read, double share) {
                const auto r = readerForm(s, sizes);
                if (!r || factorReading(*r, read) < 0)
                    return false;
                const Ranges env = rangesOf(s, sizes);
                double outer = 1, band = 1;
                for (const auto& v : env.names)
                    (r->bandVars.count(v) ? band : outer) *= env.extent(v);
                before += outer * band * share;
                least += outer * reduction;
                return true;
            };
            for (const auto& s : all.readersOf(t)) {
                const bool copy = s.stmt->op == AssignOp::Set && accessOf(s.stmt->value) && accessOf(s.stmt->value)->name == t;
                if (!copy && !product(s, t, 1))
                    return false;
                if (!copy)
                    continue;
                const std::string& k = s.stmt->target.name;
                const Ranges env = rangesOf(s, sizes);
                double copied = 1, elements = 1;
                for (const auto& v : env.names)
                    copied *= env.extent(v);
                if (const auto shape = sizes.shapes.find(k); shape != sizes.shapes.end())
                    for (const auto d : shape->second)
                        elements *= static_cast<double>(d);
                for (const auto& kr : all.readersOf(k))
                    if (!product(kr, k, elements > 0 ? std::min(1.0, copied / elements) : 1))
                        return false;
            }
            if (!want && least >= 0.999 * before)
                return false;
        }
        cached.reset(); // from here on the program may change
        pass.materialise();
        const Program saved = pass.m_program;
        const std::set<std::string> savedTouched = pass.m_touched;
        auto undo = [&] {
            pass.m_program = saved;
            pass.changedDecls();
            pass.m_touched = savedTouched;
            return false;
        };
        const auto forwarded = forwardCopies(t);
        if (!forwarded)
            return undo();
        const SiteIndex all = pass.index();
        const auto p = producerOf(all, t);
        const auto readerSites = all.readersOf(t);
        if (!p || readerSites.empty())
            return undo();
        const Stmt& red = *p->acc.frames[1].stmt;
        double before = bandPoints(*p->outer, sizes) * bandPoints(red, sizes), after = 0;
        std::vector<std::string> kept;
        std::vector<size_t> choice;
        for (size_t i = 0; i < readerSites.size(); ++i) {
            const auto r = readerForm(readerSites[i], sizes);
            if (!r || factorReading(*r, t) < 0 || (want && i >= want->keptIndex.size()))
                return undo();
            const Ranges env = rangesOf(r->site, sizes);
            double readerPoints = 1;
            for (const auto& v : env.names)
                readerPoints *= env.extent(v);
            before += readerPoints;
            std::vector<std::string> freshVars;
            for (size_t v = 0; v < red.ranges.size(); ++v)
                freshVars.push_back(pass.fresh("_c"));
            std::optional<Pass::Option> best;
            for (size_t k = 0; k < p->factors.size(); ++k) {
                if (want && k != want->keptIndex[i])
                    continue;
                if (auto o = pass.option(*r, t, *p, k, freshVars); o && (!best || o->points < best->points))
                    best = std::move(o);
            }
            if (!best)
                return undo();
            after += best->points;
            kept.push_back(accessOf(p->factors[best->kept])->name);
            choice.push_back(best->kept);
        }
        if (want ? choice.size() != want->keptIndex.size() : !(after < 0.999 * before))
            return undo();
        // The producer's operand that names it at any size (a weight keeps its name where tensor numbers change).
        std::string anchor = t;
        for (const bool weightsOnly : {true, false})
            for (const auto& f : p->factors)
                if (const Expr* fa = accessOf(f); fa && anchor == t && !pass.isTmp(fa->name)) {
                    const Decl* d = pass.decl(fa->name);
                    if (!weightsOnly || (d && d->tensorKind == TensorKind::Weight))
                        anchor = fa->name;
                }
        const int line = p->acc.stmt->loc.line;
        std::string text = absorbText(t, *p, kept, before, after);
        for (const auto& k : *forwarded)
            text += "; " + k + ", copied together from it and other parts, is read part by part";
        // Apply reader by reader (each insertion moves the statements after it).
        for (size_t i = 0; i < choice.size(); ++i) {
            const SiteIndex now = pass.index();
            const auto p2 = producerForm(t, now.writersOf(t), sizes);
            const auto r = readerForm(now.readersOf(t).front(), sizes);
            std::vector<std::string> freshVars;
            for (size_t v = 0; v < p2->acc.frames[1].stmt->ranges.size(); ++v)
                freshVars.push_back(pass.fresh("_c"));
            const auto o = pass.option(*r, t, *p2, choice[i], freshVars);
            if (!o)
                return undo();
            pass.applyOption(*r, t, *o);
        }
        pass.m_touched.insert(t);
        pass.removeDead();
        ReassociationStep st;
        st.tensor = t;
        st.anchor = anchor;
        st.kept = kept;
        st.keptIndex = choice;
        st.line = line;
        st.pointsBefore = before;
        st.pointsAfter = after;
        st.description = text;
        steps.push_back(st);
        return true;
    };

    if (plan) {
        pass.materialise();
        for (const auto& step : *plan) {
            // A layer the validation sizes do not have: nothing to replay. Otherwise the step must apply.
            if (!pass.decl(step.anchor))
                continue;
            std::string t = step.anchor == step.tensor ? step.tensor : std::string();
            const SiteIndex all = pass.index();
            for (const auto& s : all.readersOf(step.anchor))
                if (t.empty() && s.stmt->op == AssignOp::Add && producerOf(all, s.stmt->target.name))
                    t = s.stmt->target.name;
            if (t.empty() || !absorb(t, &step))
                return fail("the least-contraction-order step for " + step.tensor + " (" + step.anchor
                            + ") does not apply to this program");
        }
    } else {
        // Every zero-initialised contraction in program order; a rewrite can expose another, so repeat until none.
        std::set<std::string> rejected;
        for (bool changed = true; changed;) {
            changed = false;
            std::vector<std::string> candidates;
            std::set<std::string> seen;
            const SiteIndex all = pass.index();
            for (const auto& s : all.sites)
                if (s.stmt->op == AssignOp::Add && !rejected.count(s.stmt->target.name) && seen.insert(s.stmt->target.name).second
                    && producerOf(all, s.stmt->target.name))
                    candidates.push_back(s.stmt->target.name);
            for (const auto& t : candidates) {
                if (absorb(t, nullptr))
                    changed = true;
                else
                    rejected.insert(t);
            }
        }
    }
    if (steps.empty())
        return Reassociation {};
    const CheckResult checked = checkProgram(pass.m_program);
    if (!checked.ok())
        return Result::failure(checked.diagnostics);
    return Reassociation {std::move(pass.m_program), std::move(steps)};
}

} // namespace solar::ir
