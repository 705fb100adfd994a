// SPDX-License-Identifier: MIT
#include "engine/measure/profiletrace.h"

#include "engine/analysis/operators.h"
#include "engine/core/textfile.h"
#include "engine/hw/hardwarenames.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <set>

namespace solar::measure {

namespace {

using nlohmann::json;

Expected<ProfileTrace> failure(const std::string& file, SourceLoc loc, const std::string& code, const std::string& message)
{
    return Expected<ProfileTrace>::failure(Diagnostic {Severity::Error, file, loc, code, message});
}

// Chrome traces write times as numbers, some exporters as numeric strings.
std::optional<double> number(const json& e, const char* key)
{
    const auto it = e.find(key);
    if (it == e.end())
        return std::nullopt;
    if (it->is_number())
        return it->get<double>();
    if (it->is_string()) {
        try {
            std::size_t used = 0;
            const std::string s = it->get<std::string>();
            const double v = std::stod(s, &used);
            if (used == s.size())
                return v;
        } catch (const std::exception&) { }
    }
    return std::nullopt;
}

std::optional<std::int64_t> argId(const json& e, const char* key)
{
    const auto args = e.find("args");
    if (args == e.end() || !args->is_object())
        return std::nullopt;
    const auto it = args->find(key);
    if (it == args->end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<std::int64_t>();
}

bool isDeviceCategory(const std::string& cat)
{
    static const std::set<std::string> kinds = {"kernel", "Kernel", "gpu_memcpy", "Memcpy", "gpu_memset", "Memset"};
    return kinds.count(cat) > 0;
}

bool isRuntimeCategory(const std::string& cat)
{
    return cat == "cuda_runtime" || cat == "Runtime" || cat == "cuda_driver" || cat == "Driver";
}

bool isOpCategory(const std::string& cat)
{
    return cat.empty() || cat == "cpu_op" || cat == "Operator" || cat == "operator";
}

std::vector<std::vector<std::int64_t>> inputShapes(const json& e)
{
    std::vector<std::vector<std::int64_t>> out;
    const auto args = e.find("args");
    if (args == e.end() || !args->is_object())
        return out;
    const auto dims = args->find("Input Dims");
    if (dims == args->end() || !dims->is_array())
        return out;
    for (const auto& d : *dims) {
        std::vector<std::int64_t> shape;
        if (d.is_array()) {
            for (const auto& x : d)
                if (x.is_number_integer())
                    shape.push_back(x.get<std::int64_t>());
        }
        out.push_back(std::move(shape));
    }
    return out;
}

struct ThreadItem
{
    double start = 0, end = 0;
    int aten = -1; // an ATen event's index, else a runtime call
    std::int64_t correlation = -1;
};

} // namespace

Expected<ProfileTrace> parseProfileTrace(std::string_view text, const std::string& file)
{
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        const auto pos = what.find("syntax error");
        return failure(file, locationOf(text, e.byte > 0 ? e.byte - 1 : 0), "trace.json",
                       "invalid JSON: " + (pos == std::string::npos ? what : what.substr(pos)));
    }
    const json* list = nullptr;
    if (doc.is_array())
        list = &doc;
    else if (doc.is_object() && doc.contains("traceEvents") && doc["traceEvents"].is_array())
        list = &doc["traceEvents"];
    if (!list)
        return failure(file, {}, "trace.format", "not a Chrome trace: expected an array of events or an object with \"traceEvents\"");

    ProfileTrace trace;
    trace.file = file;
    // torch.profiler writes the GPUs it profiled (CUDA activity) as deviceProperties; a CPU-only trace has none.
    if (doc.is_object() && doc.contains("deviceProperties") && doc["deviceProperties"].is_array())
        for (const auto& d : doc["deviceProperties"])
            if (d.is_object() && d.contains("name") && d["name"].is_string())
                trace.devices.push_back(d["name"].get<std::string>());
    std::map<std::pair<std::string, std::string>, std::vector<ThreadItem>> threads; // (pid, tid) -> items
    std::map<std::int64_t, int> opOfExternalId;
    struct DeviceEvent
    {
        double seconds = 0;
        std::int64_t correlation = -1, external = -1;
    };
    std::vector<DeviceEvent> device;
    for (const auto& e : *list) {
        if (!e.is_object() || e.value("ph", std::string()) != "X")
            continue;
        const std::string cat = e.contains("cat") && e["cat"].is_string() ? e["cat"].get<std::string>() : std::string();
        const auto ts = number(e, "ts");
        const auto dur = number(e, "dur");
        if (!ts || !dur || *dur < 0 || !e.contains("name") || !e["name"].is_string())
            continue;
        const std::string name = e["name"].get<std::string>();
        if (isDeviceCategory(cat)) {
            device.push_back({*dur * 1e-6, argId(e, "correlation").value_or(-1), argId(e, "External id").value_or(-1)});
            continue;
        }
        const auto key
            = std::make_pair(e.contains("pid") ? e["pid"].dump() : std::string(), e.contains("tid") ? e["tid"].dump() : std::string());
        if (isRuntimeCategory(cat)) {
            if (const auto c = argId(e, "correlation"))
                threads[key].push_back({*ts, *ts + *dur, -1, *c});
            continue;
        }
        if (!isOpCategory(cat) || name.rfind("aten::", 0) != 0)
            continue;
        ProfileEvent ev;
        ev.name = name;
        ev.startUs = *ts;
        ev.durationUs = *dur;
        ev.inputShapes = inputShapes(e);
        const int index = static_cast<int>(trace.events.size());
        if (const auto x = argId(e, "External id"))
            opOfExternalId.emplace(*x, index);
        trace.events.push_back(std::move(ev));
        threads[key].push_back({*ts, *ts + *dur, index, -1});
    }
    if (trace.events.empty())
        return failure(file, {}, "trace.empty",
                       "the trace has no ATen operator events (cat \"cpu_op\"): record it with ProfilerActivity.CPU");

    // Nesting by time on each thread: an event starting before the enclosing one ends lies inside it. Equal starts:
    // the longer one encloses (an op and its first child often start on the same microsecond).
    std::map<std::int64_t, int> launcher; // correlation id -> the innermost ATen event around the runtime call
    for (auto& [key, items] : threads) {
        std::stable_sort(items.begin(), items.end(), [](const ThreadItem& a, const ThreadItem& b) {
            if (a.start != b.start)
                return a.start < b.start;
            if (a.end != b.end)
                return a.end > b.end;
            return a.aten > b.aten; // an op before a runtime call it starts with
        });
        std::vector<int> stack;
        for (const ThreadItem& it : items) {
            while (!stack.empty()) {
                const ProfileEvent& top = trace.events[static_cast<std::size_t>(stack.back())];
                if (it.start < top.startUs + top.durationUs)
                    break;
                stack.pop_back();
            }
            const int parent = stack.empty() ? -1 : stack.back();
            if (it.aten < 0) {
                launcher[it.correlation] = parent;
                continue;
            }
            trace.events[static_cast<std::size_t>(it.aten)].parent = parent;
            stack.push_back(it.aten);
        }
    }
    std::vector<int> order(trace.events.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return trace.events[static_cast<std::size_t>(a)].startUs < trace.events[static_cast<std::size_t>(b)].startUs;
    });
    // Renumber in start order so that parents come before children.
    std::vector<int> renumber(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        renumber[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    std::vector<ProfileEvent> sorted;
    sorted.reserve(order.size());
    for (int old : order) {
        ProfileEvent ev = std::move(trace.events[static_cast<std::size_t>(old)]);
        if (ev.parent >= 0)
            ev.parent = renumber[static_cast<std::size_t>(ev.parent)];
        sorted.push_back(std::move(ev));
    }
    trace.events = std::move(sorted);
    for (auto& [c, op] : launcher)
        if (op >= 0)
            op = renumber[static_cast<std::size_t>(op)];
    for (auto& [x, op] : opOfExternalId)
        op = renumber[static_cast<std::size_t>(op)];

    for (const DeviceEvent& d : device) {
        trace.hasKernels = true;
        trace.kernelSeconds += d.seconds;
        int op = -1;
        if (const auto it = launcher.find(d.correlation); it != launcher.end())
            op = it->second;
        else if (const auto x = opOfExternalId.find(d.external); x != opOfExternalId.end())
            op = x->second;
        if (op < 0)
            trace.unattributedKernelSeconds += d.seconds;
        else
            trace.events[static_cast<std::size_t>(op)].deviceSeconds += d.seconds;
    }
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        ProfileEvent& ev = trace.events[i];
        ev.selfSeconds = ev.durationUs * 1e-6;
        if (ev.parent >= 0)
            trace.events[static_cast<std::size_t>(ev.parent)].children.push_back(static_cast<int>(i));
        else
            trace.outermost.push_back(static_cast<int>(i));
    }
    // Children start after their parent: in reverse start order every child is done before its parent.
    for (std::size_t i = trace.events.size(); i-- > 0;) {
        const ProfileEvent& ev = trace.events[i];
        if (ev.parent < 0)
            continue;
        ProfileEvent& p = trace.events[static_cast<std::size_t>(ev.parent)];
        p.selfSeconds -= ev.durationUs * 1e-6;
        p.deviceSeconds += ev.deviceSeconds;
    }
    for (ProfileEvent& ev : trace.events) {
        ev.selfSeconds = std::max(0.0, ev.selfSeconds);
        trace.atenSelfSeconds += ev.selfSeconds;
    }
    return trace;
}

Expected<ProfileTrace> readProfileTrace(const std::string& path)
{
    auto text = readTextFile(path, "trace.read");
    if (!text)
        return Expected<ProfileTrace>::failure(text.diagnostics());
    return parseProfileTrace(*text, path);
}

namespace {

double subtreeSelf(const ProfileTrace& t, int e)
{
    const ProfileEvent& ev = t.events[static_cast<std::size_t>(e)];
    double s = ev.selfSeconds;
    for (int c : ev.children)
        s += subtreeSelf(t, c);
    return s;
}

// The first events of a name in `wanted` on every path below `e` (aten::linear -> aten::t, aten::addmm).
void wantedInside(const ProfileTrace& t, int e, const std::set<std::string>& wanted, std::vector<int>& found)
{
    for (int c : t.events[static_cast<std::size_t>(e)].children) {
        if (wanted.count(t.events[static_cast<std::size_t>(c)].name))
            found.push_back(c);
        else
            wantedInside(t, c, wanted, found);
    }
}

bool shapesFit(const std::vector<std::vector<std::int64_t>>& recorded, const std::set<std::vector<std::int64_t>>& ours)
{
    bool any = false;
    for (const auto& s : recorded) {
        if (s.empty())
            continue;
        any = true;
        if (ours.count(s))
            return true;
    }
    return !any || ours.empty();
}

} // namespace

TraceMatch matchProfileTrace(const ProfileTrace& trace, const AnalysisResult& analysis)
{
    TraceMatch m;
    m.file = trace.file;
    m.device = trace.hasKernels;

    // The analysis' ops: a frontend gives each traced op's operators one kernel group, numbered by the op.
    std::map<int, std::size_t> opOfKernel;
    std::vector<std::set<std::vector<std::int64_t>>> shapes;
    const auto& g = analysis.graph;
    const auto& f0 = analysis.ladder.at(bounds::Level::UnfusedPerKernel).nodeSeconds;
    std::vector<int> kernels;
    for (const auto& n : g.nodes)
        if (!n.sourceOp.empty())
            kernels.push_back(n.kernel);
    std::sort(kernels.begin(), kernels.end());
    kernels.erase(std::unique(kernels.begin(), kernels.end()), kernels.end());
    for (int k : kernels) {
        opOfKernel[k] = m.ops.size();
        OpTime t;
        t.op = k;
        m.ops.push_back(t);
        shapes.emplace_back();
    }
    for (const auto& n : g.nodes) {
        if (n.sourceOp.empty())
            continue;
        const std::size_t i = opOfKernel[n.kernel];
        OpTime& t = m.ops[i];
        if (t.aten.empty()) {
            t.aten = n.sourceOp;
            t.sourceLine = n.sourceLine;
        }
        t.nodes.push_back(n.id);
        if (static_cast<std::size_t>(n.id) < f0.size())
            t.boundSeconds += f0[static_cast<std::size_t>(n.id)];
        auto addShape = [&](const graph::Operand& o) {
            if (o.tensor >= 0 && static_cast<std::size_t>(o.tensor) < g.tensors.size()
                && !g.tensors[static_cast<std::size_t>(o.tensor)].shape.empty())
                shapes[i].insert(g.tensors[static_cast<std::size_t>(o.tensor)].shape);
        };
        for (const auto& r : n.reads)
            addShape(r);
        addShape(n.write);
    }
    std::set<std::string> wanted;
    std::map<std::string, std::deque<std::size_t>> pending;
    for (std::size_t i = 0; i < m.ops.size(); ++i) {
        wanted.insert(m.ops[i].aten);
        pending[m.ops[i].aten].push_back(i);
    }

    auto timeOf = [&](int e) {
        const ProfileEvent& ev = trace.events[static_cast<std::size_t>(e)];
        return trace.hasKernels ? ev.deviceSeconds : ev.durationUs * 1e-6;
    };
    // A trace of several forward passes (a profiler schedule's active steps): once at least 90 % of the ops have
    // been taken, an event finding no op of its name left starts the next pass; each op's time is the mean over
    // the passes it was seen in.
    std::vector<int> takes(m.ops.size(), 0);
    std::size_t takenThisPass = 0;
    auto newPass = [&] {
        if (m.ops.empty() || takenThisPass < (9 * m.ops.size() + 9) / 10)
            return false;
        for (auto& [name, queue] : pending)
            queue.clear();
        for (std::size_t i = 0; i < m.ops.size(); ++i)
            pending[m.ops[i].aten].push_back(i);
        takenThisPass = 0;
        ++m.passes;
        return true;
    };
    // Takes the next pending op of the event's name whose shapes fit (within a few, so one op recorded in another
    // order does not throw the rest off), else the next one. False: no op of that name is left.
    auto take = [&](int e, double seconds) {
        const ProfileEvent& ev = trace.events[static_cast<std::size_t>(e)];
        auto& queue = pending[ev.name];
        if (queue.empty() && !newPass())
            return false;
        std::size_t pick = 0;
        bool fits = false;
        for (std::size_t j = 0; j < std::min<std::size_t>(queue.size(), 4); ++j) {
            if (shapesFit(ev.inputShapes, shapes[queue[j]])) {
                pick = j;
                fits = true;
                break;
            }
        }
        if (!fits)
            ++m.shapeMismatches;
        OpTime& t = m.ops[queue[pick]];
        t.measuredSeconds = t.measuredSeconds.value_or(0.0) + seconds;
        ++takes[queue[pick]];
        ++takenThisPass;
        queue.erase(queue.begin() + static_cast<std::ptrdiff_t>(pick));
        return true;
    };
    for (int e : trace.outermost) {
        const ProfileEvent& ev = trace.events[static_cast<std::size_t>(e)];
        m.totalSeconds += trace.hasKernels ? 0.0 : timeOf(e);
        const double self = subtreeSelf(trace, e);
        std::vector<int> inner;
        if (wanted.count(ev.name))
            inner.push_back(e);
        else
            wantedInside(trace, e, wanted, inner);
        // Self time of records no op took, by the name that went unmatched.
        double left = 0;
        auto unmatched = [&](const std::string& name, double seconds) {
            left += seconds;
            if (seconds > 0)
                m.unmatched[name] += seconds;
        };
        if (inner.empty())
            unmatched(ev.name, self);
        else if (inner.size() == 1) {
            if (!take(inner.front(), timeOf(e)))
                unmatched(ev.name, self);
        } else {
            for (int c : inner)
                if (!take(c, timeOf(c)))
                    unmatched(trace.events[static_cast<std::size_t>(c)].name, subtreeSelf(trace, c));
        }
        m.matchedSeconds += self - left;
        m.unmatchedSeconds += left;
    }
    if (trace.hasKernels)
        m.totalSeconds = trace.kernelSeconds;
    for (std::size_t i = 0; i < m.ops.size(); ++i) {
        if (takes[i] > 1)
            *m.ops[i].measuredSeconds /= takes[i];
        m.opSeconds += m.ops[i].measuredSeconds.value_or(0.0);
    }
    m.totalSeconds /= m.passes;
    return m;
}

std::optional<std::string> traceHardwareMismatch(const ProfileTrace& trace, const hw::HwProfile& profile)
{
    const bool cpuProfile = profile.deviceKind == "cpu", gpuProfile = profile.deviceKind == "gpu";
    if (!trace.hasKernels && gpuProfile)
        return "the trace holds CPU times only (no GPU kernels were profiled), the profile is " + profile.name
            + ": CPU times against its bounds say nothing about it (profile with ProfilerActivity.CUDA on that device)";
    if (trace.hasKernels && cpuProfile)
        return "the trace times GPU kernels" + (trace.devices.empty() ? std::string() : " on " + trace.devices.front())
            + ", the profile is this machine's CPU (" + profile.name + ")";
    for (const auto& device : trace.devices)
        if (const auto other = hw::otherHardwareNamed(device, profile))
            return "the trace was taken on " + device + " (" + *other + "), the profile is " + profile.name;
    return std::nullopt;
}

double matchedFraction(const TraceMatch& match)
{
    const double all = match.matchedSeconds + match.unmatchedSeconds;
    return all > 0 ? match.matchedSeconds / all : 1.0;
}

} // namespace solar::measure
