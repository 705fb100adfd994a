// SPDX-License-Identifier: MIT
#include "engine/insights/insights.h"

#include "engine/core/format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace solar::insights {

namespace {

using bounds::Level;

constexpr double kListedFraction = 0.005; // of the reference: smaller opportunities are counted, not listed
// ... but the largest few are listed whatever their size: a model of many equal layers spreads a large total over
// opportunities each below the fraction, and a total over an empty table tells nobody where it is.
constexpr std::size_t kAlwaysListed = 10;

double safeDiv(double a, double b)
{
    return b > 0 ? a / b : 0.0;
}

std::vector<int> linesOf(const AnalysisResult& r, const std::vector<int>& nodes)
{
    std::set<int> lines;
    for (int id : nodes) {
        const auto& n = r.graph.nodes[static_cast<std::size_t>(id)];
        const int line = n.sourceLine > 0 ? n.sourceLine : n.line;
        if (line > 0)
            lines.insert(line);
    }
    return {lines.begin(), lines.end()};
}

std::string opLabel(const graph::Node& n)
{
    std::string s = n.sourceOp.empty() ? n.name : n.sourceOp;
    if (!n.modulePath.empty())
        s += " in " + n.modulePath;
    const int line = n.sourceLine > 0 ? n.sourceLine : n.line;
    if (line > 0 && !n.sourceOp.empty())
        s += " (line " + std::to_string(line) + ")";
    return s;
}

// The distinct op names of some nodes, in graph order: "aten::relu, aten::add".
std::string opNames(const AnalysisResult& r, const std::vector<int>& nodes, std::size_t most = 4)
{
    std::vector<std::string> names;
    for (int id : nodes) {
        const auto& n = r.graph.nodes[static_cast<std::size_t>(id)];
        const std::string name = n.sourceOp.empty() ? n.name : n.sourceOp;
        if (std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    }
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < most; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > most)
        out += ", ... (" + std::to_string(names.size()) + " ops)";
    return out;
}

bool emptyKernel(const bounds::Digest::Kernel& k)
{
    const auto& w = k.work;
    return k.unfusedBytes <= 0 && w.simtOps <= 0 && w.simtHalfOps <= 0 && w.simtFp64Ops <= 0
        && std::all_of(w.macs.begin(), w.macs.end(), [](double v) { return v <= 0; });
}

struct Context
{
    const AnalysisResult& r;
    const bounds::Digest& d;
    const bounds::MachineModel& m;
    std::vector<double> kernelCompute;

    explicit Context(const AnalysisResult& result)
        : r(result)
        , d(result.digest)
        , m(result.machine)
        , kernelCompute(bounds::kernelComputeSeconds(result.digest, result.machine, result.ladder.policy))
    { }
    std::vector<int> nodesOfKernel(std::size_t k) const
    {
        const auto& kernel = d.kernels[k];
        return {d.kernelNodes.begin() + kernel.firstNode, d.kernelNodes.begin() + kernel.firstNode + kernel.nodeCount};
    }
    double unfusedSeconds(std::size_t k) const { return std::max(kernelCompute[k], safeDiv(d.kernels[k].unfusedBytes, m.dramBps)); }
};

// --- launch ------------------------------------------------------------------------------------------------------

std::optional<Opportunity> launchOpportunity(const Context& c)
{
    const auto& f0 = c.r.ladder.at(Level::UnfusedPerKernel);
    if (f0.opFloorSeconds <= 0)
        return std::nullopt;
    Opportunity o;
    o.kind = Kind::Launch;
    int busy = 0;
    double launchFloors = 0; // what the device's launch floor adds over the kernels' own times
    std::vector<int> allNodes;
    for (std::size_t k = 0; k < c.d.kernels.size(); ++k) {
        const double floor = bounds::kernelFloorSeconds(c.d, k, c.m, Level::UnfusedPerKernel);
        // A kernel launched once per loop iteration counts as that many kernels, as the trace route's steps do.
        const int launches = static_cast<int>(c.d.kernels[k].launches);
        if (!bounds::launchesWork(c.d.kernels[k]))
            continue;
        busy += launches;
        for (int id : c.nodesOfKernel(k))
            allNodes.push_back(id);
        const double t = c.unfusedSeconds(k);
        if (floor <= t)
            continue;
        launchFloors += floor - t;
        o.kernels += launches;
        for (int id : c.nodesOfKernel(k))
            o.nodes.push_back(id);
    }
    o.estimatedSeconds = f0.opFloorSeconds;
    o.fromSeconds = f0.seconds;
    o.toSeconds = f0.seconds - o.estimatedSeconds;
    const double graphSaves = f0.opFloorSeconds - launchFloors; // the host's part: 0 unless its dispatch binds
    if (f0.dispatchBound) {
        o.kernels = busy;
        o.nodes = allNodes;
        o.title = "eager dispatch of " + std::to_string(busy) + " kernels costs more than running them";
        o.explanation = "In eager execution the host dispatches every kernel: " + std::to_string(busy) + " launches at the profile's "
            + formatSeconds(c.m.opFloorSeconds) + " each take " + formatSeconds(f0.dispatchSeconds)
            + ", more than the device needs for them (" + formatSeconds(f0.seconds - graphSaves)
            + "). Replaying them as one CUDA graph (or a compiled program; --mode graph) saves " + formatSeconds(graphSaves)
            + " of unfused_per_kernel (F0 " + formatSeconds(f0.seconds) + ")"
            + (launchFloors > 0 ? "; fusing them into fewer kernels (torch.compile) also saves the device's launch floor on them, "
                       + formatSeconds(launchFloors)
                                : std::string())
            + ".";
        return o;
    }
    if (o.kernels == 0)
        return std::nullopt;
    o.title = std::to_string(o.kernels) + " of " + std::to_string(busy) + " kernels cost more to launch than to run";
    o.explanation = "Every kernel costs at least the device's launch floor, " + formatSeconds(c.m.launchFloorSeconds) + "; "
        + std::to_string(o.kernels) + " kernels do less work than that, so the floor adds " + formatSeconds(launchFloors)
        + " to unfused_per_kernel (F0 " + formatSeconds(f0.seconds)
        + "). Fusing them into fewer kernels (torch.compile) removes it; a CUDA graph does not (the floor stays inside a graph), "
          "though it removes the host's dispatch where that binds.";
    return o;
}

// --- fusion ------------------------------------------------------------------------------------------------------

struct UnionFind
{
    std::vector<int> parent;
    explicit UnionFind(std::size_t n)
        : parent(n)
    {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int x)
    {
        while (parent[static_cast<std::size_t>(x)] != x)
            x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
        return x;
    }
};

// Regions as a compiler would fuse them: a kernel joins the kernels it exchanges intermediates with, unless both
// sides already hold a contraction (one matmul or convolution per region, with its prologue and epilogue). A
// consumer looks at its latest producer first: a residual add joins the convolution just before it (its
// epilogue), not the block its skip connection comes from, so regions do not chain across blocks.
std::vector<std::vector<std::size_t>> fusionRegions(const Context& c)
{
    const std::size_t kernels = c.d.kernels.size();
    UnionFind uf(kernels);
    std::vector<bool> contraction(kernels, false);
    for (std::size_t k = 0; k < kernels; ++k)
        for (int id : c.nodesOfKernel(k))
            contraction[k] = contraction[k] || c.r.graph.nodes[static_cast<std::size_t>(id)].kind == graph::NodeKind::Contraction;
    std::vector<graph::Edge> edges = c.r.graph.edges;
    std::stable_sort(edges.begin(), edges.end(),
                     [](const graph::Edge& a, const graph::Edge& b) { return a.to != b.to ? a.to < b.to : a.from > b.from; });
    for (const auto& e : edges) {
        if (e.tensor < 0 || c.r.graph.tensors[static_cast<std::size_t>(e.tensor)].isExternal())
            continue;
        const int ka = uf.find(c.d.kernelOfNode[static_cast<std::size_t>(e.from)]);
        const int kb = uf.find(c.d.kernelOfNode[static_cast<std::size_t>(e.to)]);
        if (ka == kb || (contraction[static_cast<std::size_t>(ka)] && contraction[static_cast<std::size_t>(kb)]))
            continue;
        uf.parent[static_cast<std::size_t>(kb)] = ka;
        contraction[static_cast<std::size_t>(ka)] = contraction[static_cast<std::size_t>(ka)] || contraction[static_cast<std::size_t>(kb)];
    }
    std::map<int, std::vector<std::size_t>> byRoot;
    for (std::size_t k = 0; k < kernels; ++k)
        if (!emptyKernel(c.d.kernels[k]))
            byRoot[uf.find(static_cast<int>(k))].push_back(k);
    std::vector<std::vector<std::size_t>> out;
    for (auto& [root, ks] : byRoot)
        if (ks.size() >= 2)
            out.push_back(std::move(ks));
    return out;
}

std::vector<Opportunity> fusionOpportunities(const Context& c)
{
    const auto regions = fusionRegions(c);
    // Which regions touch each tensor: an intermediate that another region also touches crosses the boundary.
    std::vector<int> regionOfKernel(c.d.kernels.size(), -1);
    for (std::size_t i = 0; i < regions.size(); ++i)
        for (std::size_t k : regions[i])
            regionOfKernel[k] = static_cast<int>(i);
    std::vector<std::set<int>> touching(c.r.graph.tensors.size());
    for (const auto& n : c.r.graph.nodes) {
        const int reg = regionOfKernel[static_cast<std::size_t>(c.d.kernelOfNode[static_cast<std::size_t>(n.id)])];
        const int key = reg >= 0 ? reg : -2 - c.d.kernelOfNode[static_cast<std::size_t>(n.id)]; // a kernel alone is its own region
        for (const auto& op : n.reads)
            if (op.tensor >= 0)
                touching[static_cast<std::size_t>(op.tensor)].insert(key);
        if (n.write.tensor >= 0)
            touching[static_cast<std::size_t>(n.write.tensor)].insert(key);
    }
    std::vector<Opportunity> out;
    for (std::size_t i = 0; i < regions.size(); ++i) {
        Opportunity o;
        o.kind = Kind::Fusion;
        double compute = 0, unfusedBytes = 0;
        std::vector<graph::Operand> operands;
        for (std::size_t k : regions[i]) {
            o.fromSeconds += c.unfusedSeconds(k);
            compute += c.kernelCompute[k];
            unfusedBytes += c.d.kernels[k].unfusedBytes;
            for (int id : c.nodesOfKernel(k)) {
                o.nodes.push_back(id);
                const auto& n = c.r.graph.nodes[static_cast<std::size_t>(id)];
                if (n.view)
                    continue; // a view moves nothing (countExternalTraffic)
                operands.insert(operands.end(), n.reads.begin(), n.reads.end());
                operands.push_back(n.write);
            }
        }
        std::vector<std::pair<int, double>> footprints;
        graph::mergeFootprints(operands, footprints);
        double boundary = 0;
        for (const auto& [t, fp] : footprints) {
            const auto& tensor = c.r.graph.tensors[static_cast<std::size_t>(t)];
            if (tensor.isExternal() || touching[static_cast<std::size_t>(t)].size() > 1)
                boundary += fp * tensor.bytesPerElement;
        }
        o.toSeconds = std::max(compute, safeDiv(boundary, c.m.dramBps));
        o.estimatedSeconds = o.fromSeconds - o.toSeconds;
        o.bytesAvoided = std::max(0.0, unfusedBytes - boundary);
        o.kernels = static_cast<int>(regions[i].size());
        if (o.estimatedSeconds <= 0 || o.bytesAvoided <= 0)
            continue;
        std::sort(o.nodes.begin(), o.nodes.end());
        int anchor = o.nodes.front();
        for (int id : o.nodes)
            if (c.r.graph.nodes[static_cast<std::size_t>(id)].kind == graph::NodeKind::Contraction) {
                anchor = id;
                break;
            }
        o.title = "fuse " + std::to_string(o.kernels) + " kernels around " + opLabel(c.r.graph.nodes[static_cast<std::size_t>(anchor)])
            + ": " + opNames(c.r, o.nodes);
        o.explanation = "These " + std::to_string(o.kernels) + " kernels pass " + formatBytes(o.bytesAvoided)
            + " of intermediates through DRAM. Unfused (F0 without the per-op floor, each kernel max(compute, bytes / BW)): "
            + formatSeconds(o.fromSeconds) + "; fused into one kernel, max(compute " + formatSeconds(compute) + ", boundary bytes "
            + formatBytes(boundary) + " / " + formatSi(c.m.dramBps, "B/s") + "): " + formatSeconds(o.toSeconds) + ".";
        out.push_back(std::move(o));
    }
    return out;
}

// --- capacity ----------------------------------------------------------------------------------------------------

// The smallest value of `knob` (searched on a log scale up to 1e18) for which `excess` is gone.
template<typename Excess>
double smallestRemoving(double from, Excess excess)
{
    double lo = std::max(1.0, from), hi = lo;
    while (excess(hi) && hi < 1e18)
        hi *= 2;
    if (excess(hi))
        return 0;
    for (int i = 0; i < 60 && hi / lo > 1.001; ++i) {
        const double mid = std::sqrt(lo * hi);
        (excess(mid) ? lo : hi) = mid;
    }
    return hi;
}

std::optional<Opportunity> capacityOpportunity(const Context& c)
{
    const auto& f3 = c.r.ladder.at(Level::Fused);
    const auto& f4 = c.r.ladder.at(Level::CacheAware);
    if (!(f4.seconds > f3.seconds * (1 + 1e-9)))
        return std::nullopt;
    Opportunity o;
    o.kind = Kind::Capacity;
    o.nodes = bounds::capacityBoundNodes(c.d, c.m);
    o.fromSeconds = f4.seconds;
    o.toSeconds = f3.seconds;
    o.estimatedSeconds = f4.seconds - f3.seconds;
    const auto policy = c.r.ladder.policy;
    const auto cache = c.r.ladder.cache;
    auto f4At = [&](const bounds::MachineModel& m) { return bounds::solve(c.d, m, policy, cache).at(Level::CacheAware).seconds; };
    const double target = f3.seconds * (1 + 1e-6);
    bounds::MachineModel big = c.m;
    std::string needs;
    const double dramExcess = bounds::cacheAwareBytes(c.d, c.m, c.m.onchipBytes, cache) - f3.bytes;
    if (dramExcess > 0) {
        o.capacityBytes = smallestRemoving(c.m.onchipBytes,
                                           [&](double s) { return bounds::cacheAwareBytes(c.d, c.m, s, cache) > f3.bytes * (1 + 1e-9); });
        big.onchipBytes = std::max(big.onchipBytes, o.capacityBytes);
        needs = "at least " + formatBytes(o.capacityBytes) + " of on-chip capacity (this profile: " + formatBytes(c.m.onchipBytes) + ")";
    }
    if (f4At(big) > target && c.m.smBytes > 0) {
        const double sm = smallestRemoving(c.m.smBytes, [&](double s) {
            bounds::MachineModel m = big;
            m.smBytes = s;
            return f4At(m) > target;
        });
        if (sm > 0)
            needs += std::string(needs.empty() ? "" : " and ") + "at least " + formatBytes(sm)
                + " of storage per SM (this profile: " + formatBytes(c.m.smBytes) + ")";
        if (o.capacityBytes <= 0)
            o.capacityBytes = sm;
    }
    o.title = "on-chip capacity forces traffic in " + (o.nodes.empty() ? std::string("the contractions") : opNames(c.r, o.nodes, 3));
    o.explanation = "cache_aware (F4) " + formatSeconds(f4.seconds) + " is above fused (F3) " + formatSeconds(f3.seconds)
        + ": with this profile's storage, every algorithm must move more than the compulsory bytes"
        + (f4.l2Bytes > 0 ? " (DRAM " + formatBytes(f4.bytes) + ", L2 -> SM " + formatBytes(f4.l2Bytes) + ")"
                          : " (DRAM " + formatBytes(f4.bytes) + ")")
        + ". " + (needs.empty() ? std::string("No capacity up to 1 EB removes it.") : "A chip with " + needs + " would remove it.")
        + " A hardware change: on this profile no software recovers it (its speed of light is F4).";
    return o;
}

// --- precision ---------------------------------------------------------------------------------------------------

// fp32 contractions (SIMT, or TF32 where the policy allows it) as bf16 ones: what autocast would run.
bounds::Digest asBf16(const bounds::Digest& d)
{
    bounds::Digest out = d;
    auto move = [](bounds::Work& w) {
        for (bool conv : {false, true}) {
            const int to = bounds::macClassIndex(graph::MacType::BF16, conv);
            for (graph::MacType from : {graph::MacType::FP32, graph::MacType::TF32}) {
                const int f = bounds::macClassIndex(from, conv);
                w.macs[static_cast<std::size_t>(to)] += w.macs[static_cast<std::size_t>(f)];
                w.macs[static_cast<std::size_t>(f)] = 0;
            }
        }
    };
    for (auto& w : out.nodeWork)
        move(w);
    for (auto& k : out.kernels)
        move(k.work);
    return out;
}

std::optional<Opportunity> precisionOpportunity(const Context& c, const bounds::Digest& d, bounds::PrecisionPolicy policy, bool bf16,
                                                double* lowestSol)
{
    const double f3 = c.r.ladder.at(Level::Fused).seconds;
    const bounds::Ladder alt = bounds::solve(d, c.m, policy, c.r.ladder.cache);
    const double after = alt.at(Level::Fused).seconds;
    if (!(after < f3 * (1 - 1e-9)))
        return std::nullopt;
    *lowestSol = std::min(*lowestSol, after);
    Opportunity o;
    o.kind = Kind::Precision;
    o.group = "precision";
    o.fromSeconds = f3;
    o.toSeconds = after;
    o.estimatedSeconds = f3 - after;
    const auto now = bounds::nodeComputes(c.d, c.m, c.r.ladder.policy);
    const auto then = bounds::nodeComputes(d, c.m, policy);
    std::string roofsNow, roofsThen;
    for (std::size_t i = 0; i < now.size() && i < then.size(); ++i) {
        if (!(then[i].seconds < now[i].seconds * (1 - 1e-9)))
            continue;
        o.nodes.push_back(static_cast<int>(i));
        if (roofsNow.empty() && !now[i].roofs.empty()) {
            roofsNow = now[i].roofs.front();
            roofsThen = then[i].roofs.empty() ? std::string() : then[i].roofs.front();
        }
    }
    const std::string n = std::to_string(o.nodes.size());
    if (bf16) {
        o.title = "run " + n + " fp32 contraction" + (o.nodes.size() == 1 ? "" : "s") + " in bf16";
        o.explanation = "fused (F3) drops from " + formatSeconds(f3) + " to " + formatSeconds(after)
            + " when the fp32 contractions run in bf16 (" + roofsNow + " -> " + roofsThen
            + "; torch.autocast(dtype=torch.bfloat16)). Their bytes are still counted at fp32, so the "
            + "estimate is conservative; bf16 keeps fp32's range with an 8-bit mantissa: check the accuracy.";
    } else {
        o.title = "allow TF32 for " + n + " fp32 contraction" + (o.nodes.size() == 1 ? "" : "s");
        o.explanation = "fused (F3) drops from " + formatSeconds(f3) + " to " + formatSeconds(after) + " under the allow-tf32 policy ("
            + roofsNow + " -> " + roofsThen + "; torch.set_float32_matmul_precision(\"high\")). TF32 keeps fp32's range and "
            + "storage with a 10-bit mantissa.";
    }
    return o;
}

// --- measured gap ------------------------------------------------------------------------------------------------

std::vector<Opportunity> measuredGaps(const Context& c, const MeasuredOps& measured)
{
    std::vector<Opportunity> out;
    for (const auto& t : measured.ops) {
        if (!t.measuredSeconds || t.nodes.empty())
            continue;
        const double gap = *t.measuredSeconds - t.boundSeconds;
        if (!(gap > 0) || (t.boundSeconds > 0 && *t.measuredSeconds < 1.25 * t.boundSeconds))
            continue;
        Opportunity o;
        o.kind = Kind::MeasuredGap;
        o.nodes = t.nodes;
        std::sort(o.nodes.begin(), o.nodes.end());
        o.fromSeconds = *t.measuredSeconds;
        o.toSeconds = t.boundSeconds;
        o.estimatedSeconds = gap;
        // What bounds it standing alone: the largest term of its kernel(s) in the eager model.
        double compute = 0, memory = 0, floor = 0;
        std::set<int> kernels;
        for (int id : t.nodes)
            kernels.insert(c.d.kernelOfNode[static_cast<std::size_t>(id)]);
        for (int k : kernels) {
            compute += c.kernelCompute[static_cast<std::size_t>(k)];
            memory += safeDiv(c.d.kernels[static_cast<std::size_t>(k)].unfusedBytes, c.m.dramBps);
            floor += bounds::kernelFloorSeconds(c.d, static_cast<std::size_t>(k), c.m, Level::UnfusedPerKernel);
        }
        o.bottleneck = t.boundSeconds <= 0       ? "none"
            : floor >= std::max(compute, memory) ? "per-op floor"
            : compute >= memory                  ? "compute"
                                                 : "memory";
        const std::string& module = c.r.graph.nodes[static_cast<std::size_t>(o.nodes.front())].modulePath;
        const std::string op = t.aten + (module.empty() ? std::string() : " in " + module)
            + (t.sourceLine > 0 ? " (line " + std::to_string(t.sourceLine) + ")" : std::string());
        if (t.boundSeconds > 0) {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.3g", *t.measuredSeconds / t.boundSeconds);
            o.title = op + " runs at " + ratio + "x its eager bound";
        } else {
            o.title = op + " takes time but has no work in the program";
        }
        o.explanation = "measured " + formatSeconds(*t.measuredSeconds) + " (" + measured.source
            + "); its operators standing alone (F0: max(compute " + formatSeconds(compute) + ", bytes / BW " + formatSeconds(memory) + ")"
            + (floor > 0 ? ", at least the per-op floor" : "") + ") " + formatSeconds(t.boundSeconds) + ", bound by " + o.bottleneck
            + "; recoverable " + formatSeconds(gap) + ".";
        out.push_back(std::move(o));
    }
    return out;
}

double groupedTotal(const std::vector<Opportunity>& all)
{
    double total = 0;
    std::map<std::string, double> groups;
    for (const auto& o : all) {
        if (o.group.empty())
            total += o.savedSeconds;
        else
            groups[o.group] = std::max(groups[o.group], o.savedSeconds);
    }
    for (const auto& [g, s] : groups)
        total += s;
    return total;
}

} // namespace

std::string_view kindName(Kind kind)
{
    switch (kind) {
    case Kind::Fusion: return "fusion";
    case Kind::Precision: return "precision";
    case Kind::Capacity: return "capacity";
    case Kind::Launch: return "launch";
    case Kind::MeasuredGap: return "measured_gap";
    }
    return "fusion";
}

Insights computeInsights(const AnalysisResult& analysis, const MeasuredOps* measured)
{
    Insights out;
    const Context c(analysis);
    const auto& ladder = analysis.ladder;
    const double f0 = ladder.at(Level::UnfusedPerKernel).seconds;
    const double f0NoFloor = f0 - ladder.at(Level::UnfusedPerKernel).opFloorSeconds;
    const double f3 = ladder.at(Level::Fused).seconds;
    const double f4 = ladder.at(Level::CacheAware).seconds;
    out.solSeconds = out.lowestSolSeconds = f3;
    if (measured && measured->programSeconds) {
        out.referenceSeconds = *measured->programSeconds;
        out.reference = "measured";
        out.measuredSource = measured->source;
    } else {
        out.referenceSeconds = std::max(f0, f4);
        out.reference = "unfused_per_kernel (no measurement)";
        if (measured)
            out.measuredSource = measured->source;
    }

    std::vector<Opportunity> model, gaps;
    if (auto o = launchOpportunity(c))
        model.push_back(std::move(*o));
    // Fusion can bring the program down to max(F4, the regions fused) at best: beyond that it would overlap the
    // capacity segment.
    auto fusion = fusionOpportunities(c);
    double fusionSum = 0;
    for (const auto& o : fusion)
        fusionSum += o.estimatedSeconds;
    const double fusionAllowed = std::max(0.0, f0NoFloor - f4);
    const double fusionScale = fusionSum > fusionAllowed && fusionSum > 0 ? fusionAllowed / fusionSum : 1.0;
    if (fusionScale < 1)
        out.notes.push_back("fusion estimates scaled by " + std::to_string(fusionScale)
                            + ": fused regions cannot go below cache_aware (F4), whose excess over F3 is the capacity opportunity");
    for (auto& o : fusion) {
        o.savedSeconds = o.estimatedSeconds * fusionScale;
        model.push_back(std::move(o));
    }
    if (auto o = capacityOpportunity(c))
        model.push_back(std::move(*o));
    if (ladder.policy != bounds::PrecisionPolicy::AllowTf32 && c.m.peak(hw::Unit::Tensor, hw::Precision::TF32) > 0)
        if (auto o = precisionOpportunity(c, c.d, bounds::PrecisionPolicy::AllowTf32, false, &out.lowestSolSeconds))
            model.push_back(std::move(*o));
    if (auto o = precisionOpportunity(c, asBf16(c.d), ladder.policy, true, &out.lowestSolSeconds))
        model.push_back(std::move(*o));
    for (auto& o : model)
        if (o.kind != Kind::Fusion)
            o.savedSeconds = o.estimatedSeconds;
    if (measured)
        gaps = measuredGaps(c, *measured);
    for (auto& o : gaps)
        o.savedSeconds = o.estimatedSeconds;

    // Never more than reference - lowest SOL in all: the measured gaps give way first (they rest on one run's
    // per-op times), then everything in proportion.
    const double budget = std::max(0.0, out.referenceSeconds - out.lowestSolSeconds);
    const double modelTotal = groupedTotal(model);
    double gapTotal = 0;
    for (const auto& o : gaps)
        gapTotal += o.savedSeconds;
    if (modelTotal + gapTotal > budget * (1 + 1e-12)) {
        const double gapScale = gapTotal > 0 ? std::max(0.0, budget - modelTotal) / gapTotal : 1.0;
        for (auto& o : gaps)
            o.savedSeconds *= gapScale;
        if (gapTotal > 0)
            out.notes.push_back("measured gaps scaled by " + std::to_string(gapScale) + " so that all savings stay within "
                                + formatSeconds(budget) + " (" + out.reference + " - the lowest speed of light)");
        if (modelTotal > budget) {
            const double s = modelTotal > 0 ? budget / modelTotal : 0.0;
            for (auto& o : model)
                o.savedSeconds *= s;
            out.notes.push_back("model estimates scaled by " + std::to_string(s) + ": the reference time is below the eager model");
        }
    }
    std::vector<Opportunity> all = std::move(model);
    all.insert(all.end(), std::make_move_iterator(gaps.begin()), std::make_move_iterator(gaps.end()));
    double estimated = 0;
    for (const auto& o : all)
        estimated += o.estimatedSeconds;
    out.totalSavedSeconds = groupedTotal(all);
    double savedAll = 0;
    for (const auto& o : all)
        savedAll += o.savedSeconds;
    out.scale = estimated > 0 ? savedAll / estimated : 1.0;
    std::stable_sort(all.begin(), all.end(), [](const Opportunity& a, const Opportunity& b) { return a.savedSeconds > b.savedSeconds; });
    for (auto& o : all) {
        o.lines = linesOf(analysis, o.nodes);
        if (o.savedSeconds <= 0 || (o.savedSeconds < kListedFraction * out.referenceSeconds && out.opportunities.size() >= kAlwaysListed)) {
            ++out.omitted;
            out.omittedSeconds += o.savedSeconds;
            continue;
        }
        out.opportunities.push_back(std::move(o));
    }
    if (measured && measured->programSeconds) {
        double attributed = 0;
        for (const auto& t : measured->ops)
            attributed += t.measuredSeconds.value_or(0.0);
        if (*measured->programSeconds > attributed * (1 + 1e-9))
            out.notes.push_back(formatSeconds(*measured->programSeconds - attributed)
                                + " of the measured time is attributed to no operator of the program (framework overhead between ops, "
                                  "ops the trace has and the program does not)");
    }
    if (measured && measured->programSeconds && *measured->programSeconds < std::max(f3, f4))
        out.notes.push_back("the measured " + formatSeconds(*measured->programSeconds) + " is below the speed of light ("
                            + formatSeconds(std::max(f3, f4))
                            + "): a SOL violation, or a measurement of other sizes or another machine than the profile's; nothing "
                              "can be recovered below it");
    if (!analysis.coverage.complete)
        out.notes.push_back(
            "the analysis is incomplete (some ops are not counted): the speed of light, and so every estimate, leaves them out");
    return out;
}

MeasuredOps measuredFromTrace(const measure::TraceMatch& match)
{
    MeasuredOps m;
    m.ops = match.ops;
    m.programSeconds = match.totalSeconds;
    m.source = "trace " + match.file + (match.device ? ", CUDA kernel times" : ", CPU times");
    return m;
}

MeasuredOps measuredFromMeasurement(const measure::Measurement& meas)
{
    MeasuredOps m;
    m.ops = meas.ops;
    m.programSeconds = meas.seconds;
    m.source = "solar measure on " + meas.device + ", torch " + meas.torchVersion + ", " + std::to_string(meas.threads) + " threads, "
        + measure::describeSizes(meas.sizes);
    return m;
}

std::vector<std::optional<double>> measuredNodeSeconds(const AnalysisResult& analysis, const std::vector<measure::OpTime>& ops)
{
    std::vector<std::optional<double>> out(analysis.graph.nodes.size());
    const auto& f0 = analysis.ladder.at(Level::UnfusedPerKernel).nodeSeconds;
    for (const auto& t : ops) {
        if (!t.measuredSeconds || t.nodes.empty())
            continue;
        double weights = 0;
        for (int id : t.nodes)
            weights += f0[static_cast<std::size_t>(id)];
        for (int id : t.nodes)
            out[static_cast<std::size_t>(id)] = weights > 0 ? *t.measuredSeconds * f0[static_cast<std::size_t>(id)] / weights
                                                            : *t.measuredSeconds / static_cast<double>(t.nodes.size());
    }
    return out;
}

TracedInsights insightsWithTrace(const AnalysisResult& analysis, const measure::ProfileTrace* trace)
{
    TracedInsights out;
    if (!trace) {
        out.insights = computeInsights(analysis);
        return out;
    }
    out.match = measure::matchProfileTrace(*trace, analysis);
    const MeasuredOps measured = measuredFromTrace(*out.match);
    out.insights = computeInsights(analysis, &measured);
    out.measuredNodeSeconds = measuredNodeSeconds(analysis, out.match->ops);
    return out;
}

} // namespace solar::insights
