// SPDX-License-Identifier: MIT
#include "engine/parallel/pipeline.h"

#include "engine/parallel/loopnest.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace solar::parallel {

namespace {

struct Uses
{
    std::set<std::string> reads, writes;
};

std::vector<Uses> usesOf(const ir::Program& program, const ir::SizeBindings& sizes)
{
    std::vector<Uses> uses;
    ir::Program copy = program; // collectNest points into the statements it may rewrite
    const BlockIndex blocks(sizes, 1);
    for (ir::Stmt& s : copy.body) {
        Nest nest;
        collectNest(s, {}, nest, sizes, blocks);
        Uses u;
        for (const Access& a : nest.accesses)
            (a.target ? u.writes : u.reads).insert(a.expr->name);
        // A `+=` reads what it adds to.
        for (const Assign& as : nest.assigns)
            if (as.stmt->op != ir::AssignOp::Set)
                u.reads.insert(as.stmt->target.name);
        uses.push_back(std::move(u));
    }
    return uses;
}

double tensorBytes(const ir::Decl& d, const ir::SizeBindings& sizes)
{
    double elements = 1;
    for (auto e : sizes.shapes.at(d.name))
        elements *= static_cast<double>(e);
    return elements * ir::dtypeStorageBits(d.dtype) / 8.0;
}

// Greedy stages under a cap: each as long as it stays under it, cut at the last allowed place. The fewest stages
// any cut under the cap needs (a longer first stage never hurts the rest).
std::vector<int> greedyCuts(const std::vector<double>& cost, const std::vector<bool>& allowed, double cap)
{
    std::vector<int> cuts;
    double sum = 0;
    int lastAllowed = -1;
    double sinceAllowed = 0;
    for (size_t i = 0; i < cost.size(); ++i) {
        if (i > 0 && allowed[i]) {
            lastAllowed = static_cast<int>(i);
            sinceAllowed = 0;
        }
        sum += cost[i];
        sinceAllowed += cost[i];
        if (sum > cap && lastAllowed > (cuts.empty() ? 0 : cuts.back())) {
            cuts.push_back(lastAllowed);
            sum = sinceAllowed;
        }
    }
    return cuts;
}

// The statements in the order the stages take them: a statement that reads only inputs, weights and constants (a
// copy of the cached keys, a cast of a table) and alone writes what it writes moves down to just before the first
// statement that reads it, so the stage that needs it computes it instead of receiving it. Moving it later changes
// nothing: what it reads is never written, what it writes nobody reads before.
std::vector<int> sinkSources(const std::vector<Uses>& uses)
{
    const int n = static_cast<int>(uses.size());
    std::map<std::string, int> writers;
    for (const Uses& u : uses)
        for (const auto& t : u.writes)
            ++writers[t];
    std::vector<bool> movable(static_cast<size_t>(n), false);
    for (int i = 0; i < n; ++i) {
        const Uses& u = uses[static_cast<size_t>(i)];
        movable[static_cast<size_t>(i)] = !u.writes.empty()
            && std::all_of(u.reads.begin(), u.reads.end(), [&](const std::string& t) { return !writers.count(t); })
            && std::all_of(u.writes.begin(), u.writes.end(), [&](const std::string& t) { return writers.at(t) == 1; });
    }
    std::vector<int> order;
    std::vector<bool> placed(static_cast<size_t>(n), false);
    for (int j = 0; j < n; ++j) {
        if (movable[static_cast<size_t>(j)])
            continue;
        for (int i = 0; i < j; ++i) {
            const Uses& src = uses[static_cast<size_t>(i)];
            if (!movable[static_cast<size_t>(i)] || placed[static_cast<size_t>(i)])
                continue;
            const Uses& reader = uses[static_cast<size_t>(j)];
            if (std::any_of(src.writes.begin(), src.writes.end(), [&](const std::string& t) { return reader.reads.count(t) != 0; })) {
                order.push_back(i);
                placed[static_cast<size_t>(i)] = true;
            }
        }
        order.push_back(j);
    }
    // What no later statement reads (an output written from the inputs alone) keeps its place among the rest.
    for (int i = n - 1; i >= 0; --i)
        if (movable[static_cast<size_t>(i)] && !placed[static_cast<size_t>(i)]) {
            const auto next = std::find_if(order.begin(), order.end(), [&](int k) { return k > i; });
            order.insert(next, i);
        }
    return order;
}

} // namespace

Expected<std::vector<Stage>> cutStages(const ir::Program& program, const ir::SizeBindings& sizes,
                                       const std::vector<double>& statementSeconds, int stages, double sendBytesPerSecond)
{
    using Fail = Expected<std::vector<Stage>>;
    const int n = static_cast<int>(program.body.size());
    const std::vector<Uses> original = usesOf(program, sizes);
    const std::vector<int> order = sinkSources(original);
    std::vector<Uses> uses;
    std::vector<ir::Stmt> body;
    std::vector<double> cost;
    for (int i : order) {
        uses.push_back(original[static_cast<size_t>(i)]);
        body.push_back(program.body[static_cast<size_t>(i)]);
        cost.push_back(static_cast<size_t>(i) < statementSeconds.size() ? statementSeconds[static_cast<size_t>(i)] : 0.0);
    }
    // A place p (before statement p) is allowed unless a tensor is written on both sides of it.
    std::map<std::string, std::pair<int, int>> writtenAt; // first and last statement writing it
    for (int i = 0; i < n; ++i)
        for (const auto& t : uses[static_cast<size_t>(i)].writes) {
            auto [it, fresh] = writtenAt.try_emplace(t, i, i);
            it->second.second = i;
        }
    std::vector<bool> allowed(static_cast<size_t>(n), true);
    if (n > 0)
        allowed[0] = false;
    for (const auto& [t, span] : writtenAt)
        for (int p = span.first + 1; p <= span.second; ++p)
            allowed[static_cast<size_t>(p)] = false;
    const int places = static_cast<int>(std::count(allowed.begin(), allowed.end(), true));
    if (stages < 1 || places < stages - 1)
        return Fail::failure(Diagnostic {Severity::Error,
                                         program.file,
                                         {},
                                         "parallel.plan",
                                         std::to_string(stages) + " pipeline stages: the program's " + std::to_string(n)
                                             + (n == 1 ? " statement" : " statements") + " can be cut at only " + std::to_string(places)
                                             + (places == 1 ? " place" : " places") + ", and " + std::to_string(stages) + " stages need "
                                             + std::to_string(stages - 1)});
    // The least cap under which the greedy cut needs at most `stages` stages (bisection on the cap).
    double lo = cost.empty() ? 0.0 : *std::max_element(cost.begin(), cost.end()), hi = std::accumulate(cost.begin(), cost.end(), 0.0);
    lo = std::max(0.0, lo) * (1 - 1e-12);
    for (int iter = 0; iter < 100 && hi > lo * (1 + 1e-9); ++iter) {
        const double mid = (lo + hi) / 2;
        (static_cast<int>(greedyCuts(cost, allowed, mid).size()) + 1 <= stages ? hi : lo) = mid;
    }
    std::vector<int> cuts = greedyCuts(cost, allowed, hi);
    // Fewer stages than asked: cut further at the remaining places (a shorter stage never raises the largest).
    for (int p = n - 1; p > 0 && static_cast<int>(cuts.size()) + 1 < stages; --p)
        if (allowed[static_cast<size_t>(p)] && std::find(cuts.begin(), cuts.end(), p) == cuts.end())
            cuts.push_back(p);
    std::sort(cuts.begin(), cuts.end());

    std::map<std::string, const ir::Decl*> decls;
    for (const auto& d : program.decls)
        if (d.kind == ir::DeclKind::Tensor)
            decls[d.name] = &d;
    // Each cut moves to the place nearby whose stages and send take least (with a link); without one, to the place
    // that sends the fewest bytes (after a layer's residual add rather than after its norm, which sends both), as
    // long as no stage grows beyond the balanced cap by more than kSlack.
    constexpr double kSlack = 0.005;
    std::vector<double> crossing(static_cast<size_t>(n) + 1, 0.0); // bytes crossing a cut before statement p
    {
        std::vector<double> delta(static_cast<size_t>(n) + 2, 0.0);
        std::map<std::string, std::pair<int, int>> span; // first write, last read
        for (int i = 0; i < n; ++i) {
            for (const auto& t : uses[static_cast<size_t>(i)].writes)
                span.try_emplace(t, i, i);
            for (const auto& t : uses[static_cast<size_t>(i)].reads)
                if (span.count(t))
                    span.at(t).second = i;
        }
        for (const auto& [t, fl] : span) {
            const auto d = decls.find(t);
            if (d == decls.end() || fl.second <= fl.first)
                continue;
            const double bytes = tensorBytes(*d->second, sizes);
            delta[static_cast<size_t>(fl.first) + 1] += bytes;
            delta[static_cast<size_t>(fl.second) + 1] -= bytes;
        }
        double live = 0;
        for (int p = 0; p <= n; ++p)
            crossing[static_cast<size_t>(p)] = live += delta[static_cast<size_t>(p)];
    }
    std::vector<double> prefix(static_cast<size_t>(n) + 1, 0.0);
    for (int i = 0; i < n; ++i)
        prefix[static_cast<size_t>(i) + 1] = prefix[static_cast<size_t>(i)] + cost[static_cast<size_t>(i)];
    const double cap = hi * (1 + kSlack);
    for (size_t k = 0; k < cuts.size(); ++k) {
        const int before = k == 0 ? 0 : cuts[k - 1], after = k + 1 < cuts.size() ? cuts[k + 1] : n;
        const auto at = [&](int p) { return prefix[static_cast<size_t>(p)]; };
        // With a link: the two stages the cut separates and its send, as the pipeline's bound adds them.
        const auto objective = [&](int p) {
            return std::max(at(p) - at(before), at(after) - at(p)) + crossing[static_cast<size_t>(p)] / sendBytesPerSecond;
        };
        int best = cuts[k];
        for (int p = before + 1; p < after; ++p) {
            if (!allowed[static_cast<size_t>(p)])
                continue;
            const bool better = sendBytesPerSecond > 0
                ? objective(p) < objective(best)
                    || (objective(p) == objective(best) && crossing[static_cast<size_t>(p)] < crossing[static_cast<size_t>(best)])
                : at(p) - at(before) <= cap && at(after) - at(p) <= std::max(cap, at(after) - at(cuts[k]))
                    && crossing[static_cast<size_t>(p)] < crossing[static_cast<size_t>(best)];
            if (better)
                best = p;
        }
        cuts[k] = best;
    }
    cuts.push_back(n);
    std::vector<Stage> result;
    int first = 0;
    for (int last : cuts) {
        Stage st;
        st.first = first;
        st.last = last;
        std::set<std::string> read, written, laterRead, earlierWritten;
        for (int i = 0; i < n; ++i) {
            const Uses& u = uses[static_cast<size_t>(i)];
            if (i >= first && i < last) {
                read.insert(u.reads.begin(), u.reads.end());
                written.insert(u.writes.begin(), u.writes.end());
            } else if (i >= last) {
                laterRead.insert(u.reads.begin(), u.reads.end());
            } else {
                earlierWritten.insert(u.writes.begin(), u.writes.end());
            }
        }
        st.writes = written;
        st.program = program;
        st.program.name = program.name + "_stage" + std::to_string(result.size());
        st.program.body.assign(body.begin() + first, body.begin() + last);
        st.program.decls.clear();
        for (const auto& d : program.decls) {
            if (d.kind != ir::DeclKind::Tensor) {
                st.program.decls.push_back(d);
                continue;
            }
            const bool used = read.count(d.name) || written.count(d.name);
            if (!used)
                continue;
            ir::Decl copy = d;
            if (written.count(d.name)) {
                if (d.tensorKind == ir::TensorKind::Tmp && laterRead.count(d.name)) {
                    copy.tensorKind = ir::TensorKind::Out;
                    st.sends.push_back(d.name);
                }
            } else if (d.tensorKind == ir::TensorKind::Tmp || d.tensorKind == ir::TensorKind::Out) {
                copy.tensorKind = ir::TensorKind::In; // computed by an earlier stage
                st.receives.push_back(d.name);
            }
            st.program.decls.push_back(std::move(copy));
        }
        // Everything crossing the cut after this stage: written here or before, read after.
        if (last < n)
            for (const auto& t : laterRead) {
                const auto d = decls.find(t);
                if (d != decls.end() && (written.count(t) || earlierWritten.count(t))
                    && (d->second->tensorKind == ir::TensorKind::Tmp || d->second->tensorKind == ir::TensorKind::Out))
                    st.sendBytes += tensorBytes(*d->second, sizes);
            }
        result.push_back(std::move(st));
        first = last;
    }
    return result;
}

double peakLiveBytes(const ir::Program& program, const ir::SizeBindings& sizes)
{
    const std::vector<Uses> uses = usesOf(program, sizes);
    const int n = static_cast<int>(uses.size());
    std::vector<double> delta(static_cast<size_t>(n) + 1, 0.0);
    for (const auto& d : program.decls) {
        if (d.kind != ir::DeclKind::Tensor || (d.tensorKind != ir::TensorKind::Tmp && d.tensorKind != ir::TensorKind::Out))
            continue;
        int first = -1, last = -1;
        for (int i = 0; i < n; ++i) {
            const Uses& u = uses[static_cast<size_t>(i)];
            if (u.writes.count(d.name) || u.reads.count(d.name)) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        if (first < 0)
            continue;
        if (d.tensorKind == ir::TensorKind::Out)
            last = n - 1;
        const double bytes = tensorBytes(d, sizes);
        delta[static_cast<size_t>(first)] += bytes;
        delta[static_cast<size_t>(last) + 1] -= bytes;
    }
    double live = 0, peak = 0;
    for (int i = 0; i < n; ++i)
        peak = std::max(peak, live += delta[static_cast<size_t>(i)]);
    return peak;
}

PipelineTime pipelineTime(const std::vector<double>& microSeconds, int microBatches)
{
    return pipelineTime(microSeconds, microSeconds, microBatches);
}

PipelineTime pipelineTime(const std::vector<double>& coldSeconds, const std::vector<double>& warmSeconds, int microBatches,
                          bool anySchedule)
{
    PipelineTime t;
    if (anySchedule) {
        const int m = std::max(1, microBatches);
        const size_t n = std::min(coldSeconds.size(), warmSeconds.size());
        double through = 0; // the first micro-batch passes every stage, one after another
        for (size_t k = 0; k < n; ++k) {
            through += coldSeconds[k];
            const double own = coldSeconds[k] + (m - 1) * warmSeconds[k];
            if (own > t.seconds) {
                t.seconds = own;
                t.bindingStage = static_cast<int>(k);
            }
        }
        const double own = t.seconds;
        t.seconds = std::max(t.seconds, through);
        t.bubbleSeconds = t.seconds - own;
        return t;
    }
    const int m = std::max(1, microBatches);
    const size_t n = std::min(coldSeconds.size(), warmSeconds.size());
    double before = 0; // the cold micro-batch through the stages before k
    for (size_t k = 0; k < n; ++k) {
        const double own = coldSeconds[k] + (m - 1) * warmSeconds[k];
        double after = 0;
        for (size_t j = k + 1; j < n; ++j)
            after += m > 1 ? warmSeconds[j] : coldSeconds[j];
        const double s = before + own + after;
        if (s > t.seconds) {
            t.seconds = s;
            t.bindingStage = static_cast<int>(k);
            t.bubbleSeconds = before + after;
        }
        before += coldSeconds[k];
    }
    return t;
}

} // namespace solar::parallel
