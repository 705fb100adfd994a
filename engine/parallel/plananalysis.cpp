// SPDX-License-Identifier: MIT
#include "engine/parallel/plananalysis.h"

#include "engine/core/format.h"
#include "engine/parallel/blockindex.h"
#include "engine/parallel/stagevalidation.h"

#include <algorithm>
#include <set>

namespace solar::parallel {

bool PlanAnalysis::validated() const
{
    if ((dataValidation && !dataValidation->ok) || (stageValidation && !stageValidation->ok))
        return false;
    return std::none_of(stages.begin(), stages.end(),
                        [](const StageAnalysis& s) { return s.tensor.validation && !s.tensor.validation->ok; });
}

bool PlanAnalysis::anyValidated() const
{
    return dataValidation || stageValidation
        || std::any_of(stages.begin(), stages.end(), [](const StageAnalysis& s) { return s.tensor.validation.has_value(); });
}

namespace {

using Fail = Expected<PlanAnalysis>;

Fail failure(const AnalysisResult& whole, const std::string& message)
{
    return Fail::failure(Diagnostic {Severity::Error, whole.program.file, {}, "parallel.plan", message});
}

// The data inputs (`in` tensors; not weights or constants) cut along `dim`: each must divide into `devices`.
SplitSeed dataSeed(const ir::Program& program, const ir::SizeBindings& sizes, int dim, int devices, bool gather, bool routed,
                   std::string& error)
{
    SplitSeed seed;
    seed.splitWeights = false;
    seed.gatherToFollow = gather;
    seed.routedAllToAll = routed;
    for (const auto& d : program.decls) {
        if (d.kind != ir::DeclKind::Tensor || d.tensorKind != ir::TensorKind::In || d.dims.size() <= static_cast<size_t>(dim))
            continue;
        const std::int64_t extent = sizes.shapes.at(d.name)[static_cast<size_t>(dim)];
        if (extent % devices != 0) {
            error = "the input " + d.name + " has " + std::to_string(extent) + " along dim " + std::to_string(dim)
                + ", which does not divide into " + std::to_string(devices);
            return seed;
        }
        seed.inputs[d.name] = dim;
    }
    if (seed.inputs.empty())
        error = "no input of the program has a dim " + std::to_string(dim) + " to cut";
    return seed;
}

using Sizes = std::map<std::string, std::int64_t>;

void collectRouted(const ir::Expr& e, const std::set<std::string>& weights, std::map<std::string, int>& into)
{
    if (e.kind == ir::ExprKind::Access && weights.count(e.name))
        for (size_t dim = 0; dim < e.args.size(); ++dim)
            if (BlockIndex::indirect(e.args[dim]))
                into.emplace(e.name, static_cast<int>(dim));
    for (const auto& a : e.args)
        collectRouted(a, weights, into);
}

// The experts' matrices: weights a contraction reads at a data-dependent index (a routed row's expert), with the
// dimension that index picks (the experts).
std::map<std::string, int> routedWeights(const ir::Program& program)
{
    std::set<std::string> weights;
    std::map<std::string, int> routed;
    for (const auto& d : program.decls)
        if (d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Weight)
            weights.insert(d.name);
    ir::forEachAssign(program.body, [&](const ir::Stmt& s) {
        if (s.op == ir::AssignOp::Add) // in a contraction, not a gather (an embedding's rows by token)
            collectRouted(s.value, weights, routed);
    });
    return routed;
}

// A program derived from `whole`'s (a cut, a stage) analysed at `sizes` (its parameters'), with the same options.
Expected<AnalysisResult> reanalyze(const ir::Program& program, const AnalysisResult& whole, const Sizes& sizes)
{
    AnalysisOptions options = whole.options;
    options.sizes = sizes;
    return analyzeProgram(program, whole.hardware, options);
}

// The size parameter every data input's dimension `dim` is (the batch of [B, S, ...] inputs), or empty when they
// differ or one is an expression: what a micro-batch divides.
std::string batchParam(const ir::Program& program, int dim)
{
    std::string param;
    for (const auto& d : program.decls) {
        if (d.kind != ir::DeclKind::Tensor || d.tensorKind != ir::TensorKind::In || d.dims.size() <= static_cast<size_t>(dim))
            continue;
        const ir::Expr& e = d.dims[static_cast<size_t>(dim)];
        const bool isParam = e.kind == ir::ExprKind::Name
            && std::any_of(program.params.begin(), program.params.end(), [&](const ir::Param& p) { return p.name == e.name; });
        if (!isParam || (!param.empty() && param != e.name))
            return {};
        param = e.name;
    }
    return param;
}

// Each top-level statement's share of the unfused bound (its nodes' times): what the stages balance.
std::vector<double> statementSeconds(const AnalysisResult& r)
{
    const auto& body = r.program.body;
    std::vector<double> cost(body.size(), 0.0);
    const auto& level = r.ladder.at(bounds::Level::UnfusedOverlapped);
    for (size_t j = 0; j < r.graph.nodes.size() && j < level.nodeSeconds.size(); ++j) {
        const int line = r.graph.nodes[j].line;
        const auto at = std::upper_bound(body.begin(), body.end(), line, [](int l, const ir::Stmt& s) { return l < s.loc.line; });
        if (at != body.begin())
            cost[static_cast<size_t>(at - body.begin() - 1)] += level.nodeSeconds[j];
    }
    return cost;
}

double deviceBytesAfter(const Exchange& x, const StageAnalysis& stage, int tp)
{
    const auto& split = stage.tensor.split;
    const auto in = split.inputs.find(x.result);
    const auto out = split.outputs.find(x.source);
    const bool sharded = (!x.result.empty() && in != split.inputs.end() && in->second.kind == Placement::Sharded)
        || (x.result.empty() && out != split.outputs.end() && out->second.kind == Placement::Sharded);
    return sharded ? x.collective.bytes / tp : x.collective.bytes;
}

} // namespace

Expected<PlanAnalysis> analyzePlan(const AnalysisResult& whole, const Plan& plan, const std::function<bool(const std::string&)>& progress)
{
    if (const std::string why = planShapeError(plan); !why.empty())
        return failure(whole, why);
    if (const auto why = planError(whole.hardware, plan.devices()))
        return failure(whole, *why + " (" + plan.text() + ")");
    auto cancelled = [&](const std::string& step) { return progress && !progress(step); };
    PlanAnalysis pa;
    pa.plan = plan;
    pa.capacityBytes = whole.hardware.dramCapacityBytes.value;

    // A pipeline runs micro-batches: everything below is one micro-batch's, the program at batch / M where the data
    // inputs' batch is a size parameter that divides; else the step's work / M, but never less than the stage's
    // weights read once (step 5).
    Sizes sizes;
    for (const auto& p : whole.program.params)
        sizes[p.name] = whole.sizes.values.at(p.name);
    double perMicroBatch = 1; // what the analyses below are multiplied by for one micro-batch
    if (plan.pp > 1 && plan.microBatches > 1) {
        const std::string batch = batchParam(whole.program, plan.dpDim);
        if (!batch.empty() && sizes.at(batch) % (static_cast<std::int64_t>(plan.microBatches) * plan.dp) == 0) {
            sizes[batch] /= plan.microBatches;
            pa.microBatchSizes = batch + "=" + std::to_string(sizes[batch]);
        } else {
            perMicroBatch = 1.0 / plan.microBatches;
            pa.notes.push_back("a micro-batch is taken as 1/" + std::to_string(plan.microBatches) + " of the step's work: "
                               + (batch.empty() ? std::string("the inputs' batch is no size parameter")
                                                : batch + " (" + std::to_string(sizes.at(batch)) + ") does not divide into "
                                          + std::to_string(plan.microBatches * plan.dp) + " micro-batches")
                               + ", so the analyses run the whole step (and each micro-batch reads at least its stage's weights)");
        }
    }
    AnalysisResult current = whole;
    if (!pa.microBatchSizes.empty()) {
        auto micro = reanalyze(whole.program, whole, sizes);
        if (!micro)
            return Fail::failure(micro.diagnostics());
        current = std::move(*micro);
    }

    // 1. The data, expert and context cuts of the whole program, outermost first.
    struct Cut
    {
        int degree, dim;
        bool gather, routed;
        int stride;
        const char* what;
    };
    const Cut cuts[] = {{plan.dp, plan.dpDim, false, false, plan.tp * plan.cp * plan.ep * plan.pp, "data parallel"},
                        {plan.ep, plan.dpDim, true, true, plan.tp * plan.cp, "expert parallel"},
                        {plan.cp, plan.cpDim, true, false, plan.tp, "context parallel"}};
    const std::map<std::string, int> experts = plan.ep > 1 ? routedWeights(whole.program) : std::map<std::string, int> {};
    if (plan.ep > 1 && experts.empty())
        return failure(whole,
                       "expert parallel " + std::to_string(plan.ep)
                           + ": no weight of the program is read at a routed index (a mixture of experts' matrices)");
    for (const auto& [name, dim] : experts) {
        const std::int64_t count = whole.sizes.shapes.at(name)[static_cast<size_t>(dim)];
        if (count % plan.ep != 0)
            return failure(whole,
                           "expert parallel " + std::to_string(plan.ep) + ": the " + std::to_string(count) + " experts of " + name
                               + " do not divide into " + std::to_string(plan.ep) + " devices");
    }
    for (const auto& e : experts)
        pa.experts.push_back(e.first);
    if (plan.ep > 1)
        pa.notes.push_back("expert parallel: the all-to-alls are bounded at the least any routing sends, nothing (a routing that keeps "
                           "every token's experts on its own device); with the routed rows spread evenly over the "
                           + std::to_string(plan.ep) + " devices (each keeping 1/" + std::to_string(plan.ep)
                           + " of its own) they would take the time shown as 'even routing', an estimate, not a bound");
    std::vector<std::pair<Exchange, int>> dataExchanges; // with their stride
    pa.dataSplit.device = whole.program;
    for (const Cut& cut : cuts) {
        if (cut.degree == 1)
            continue;
        if (cancelled(std::string(cut.what) + " cut"))
            return failure(whole, "cancelled");
        std::string error;
        const SplitSeed seed = dataSeed(current.program, current.sizes, cut.dim, cut.degree, cut.gather, cut.routed, error);
        if (!error.empty())
            return failure(whole, std::string(cut.what) + " " + std::to_string(cut.degree) + ": " + error);
        auto split = splitTensorParallel(current.program, current.sizes, cut.degree, seed);
        if (!split)
            return Fail::failure(split.diagnostics());
        if (split->splitStatements == 0)
            return failure(whole, std::string(cut.what) + " " + std::to_string(cut.degree) + ": no statement follows the cut inputs");
        std::vector<std::string> notes;
        auto validation = validateAtSmallSizes(current, *split, cut.degree, notes, seed);
        if (validation && (!pa.dataValidation || !validation->ok))
            pa.dataValidation = validation;
        for (const auto& n : notes)
            pa.notes.push_back(std::string(cut.what) + ": " + n);
        for (const auto& n : split->notes)
            pa.notes.push_back(std::string(cut.what) + ": " + n);
        for (const Exchange& x : split->exchanges)
            dataExchanges.emplace_back(x, cut.stride);
        for (const auto& [t, p] : split->inputs)
            if (!pa.dataSplit.inputs.count(t) || p.kind == Placement::Sharded)
                pa.dataSplit.inputs[t] = p;
        pa.dataSplit.outputs = split->outputs;
        pa.dataSplit.devices *= cut.degree;
        pa.dataSplit.device = split->device;
        pa.dataSplit.splitStatements += split->splitStatements;
        auto next = reanalyze(split->device, whole, sizes);
        if (!next)
            return Fail::failure(next.diagnostics());
        current = std::move(*next);
    }

    // 2. The stages, each split over the tensor-parallel devices.
    // Where to cut weighs a cut's send against the balance it buys: the link's seconds per byte crossing (spread over
    // the tensor-parallel devices as step 4 sends it), against the statements' whole-program seconds (tp times a
    // device's share, so the send's count tp times too).
    double sendBytesPerSecond = 0;
    if (plan.pp > 1) {
        constexpr double kProbe = 1e9;
        const Collective probe {CollectiveKind::SendRecv, "", "cut", kProbe / plan.tp, 2, 1, plan.tp * plan.cp};
        if (const double seconds = boundCollective(probe, whole.hardware).seconds; seconds > 0)
            sendBytesPerSecond = kProbe / (seconds * plan.tp);
    }
    auto cut = cutStages(current.program, current.sizes, statementSeconds(current), plan.pp, sendBytesPerSecond);
    if (!cut)
        return Fail::failure(cut.diagnostics());
    if (plan.pp > 1) {
        // The stages run one after another against the program: at its own sizes when that is cheap, else at small
        // ones (the stages are the same statements whatever the sizes).
        double points = 0;
        for (const auto& node : current.graph.nodes)
            points += node.points;
        Sizes small = sizes;
        std::int64_t factor = 2;
        for (const auto& p : current.program.params)
            if (!isDeviceParam(p.name) && points > 2e7)
                small[p.name] = std::max(2, plan.tp) * factor++;
        const bool shrinks = factor > 2;
        auto v = points > 2e7 && !shrinks ? Expected<SplitValidation>::failure(
                     Diagnostic {Severity::Note, "", {}, "", "its sizes are too large to run and it has no size parameters"})
                                          : validateStages(current.program, *cut, small);
        if (v)
            pa.stageValidation = *v;
        else
            pa.notes.push_back("the stages are not validated: " + v.diagnostics().front().message);
    }
    for (const Stage& stage : *cut) {
        if (cancelled("stage " + std::to_string(pa.stages.size() + 1) + " of " + std::to_string(cut->size())))
            return failure(whole, "cancelled");
        auto result = plan.pp == 1 ? Expected<AnalysisResult>(current) : reanalyze(stage.program, whole, sizes);
        if (!result)
            return Fail::failure(result.diagnostics());
        // What the stages before left split arrives split: each device sends its block to its peer of this stage.
        SplitSeed seed;
        for (const auto& t : stage.receives)
            for (const StageAnalysis& before : pa.stages) {
                const auto out = before.tensor.split.outputs.find(t);
                if (out != before.tensor.split.outputs.end() && out->second.kind == Placement::Sharded)
                    seed.inputs[t] = out->second.dim;
            }
        auto tensor = analyzeTensorParallel(*result, plan.tp, seed);
        if (!tensor)
            return Fail::failure(tensor.diagnostics());
        StageAnalysis sa;
        sa.cut = stage;
        sa.tensor = std::move(*tensor);
        // A split output the next stages read is sent as it is, not gathered. What a device holds is the plan's to
        // say (step 6: experts at 1/ep, the data cuts' results), not the tensor split's, which keeps experts whole.
        std::erase_if(sa.tensor.notes, [&](const std::string& n) {
            return n.rfind("does not fit: each device holds", 0) == 0
                || std::any_of(stage.sends.begin(), stage.sends.end(),
                               [&](const std::string& t) { return n.rfind("the output " + t + " stays split", 0) == 0; });
        });
        pa.stages.push_back(std::move(sa));
    }

    // 3. The data collectives in the stage that reads their result (or writes their source), over its devices. One
    //    read mid-program (a context split's keys) runs for every micro-batch; a sum left at the end (gradients)
    //    once per step, after the last micro-batch.
    for (auto& [x, stride] : dataExchanges) {
        PlacedCollective c;
        c.exchange = x;
        c.stride = stride;
        for (size_t s = 0; s < pa.stages.size(); ++s) {
            const auto& st = pa.stages[s];
            const bool reads = !x.result.empty()
                && std::any_of(st.cut.program.decls.begin(), st.cut.program.decls.end(),
                               [&](const ir::Decl& d) { return d.name == x.result; });
            if (reads || (x.result.empty() && st.cut.writes.count(x.source))) {
                c.stage = static_cast<int>(s);
                break;
            }
        }
        c.exchange.collective.bytes = deviceBytesAfter(x, pa.stages[static_cast<size_t>(c.stage)], plan.tp);
        c.exchange.collective.stride = stride;
        c.bound = boundCollective(c.exchange.collective, whole.hardware);
        // Routed rows go to their experts' devices: a routing that keeps each token's experts on its own device moves
        // none of them, so only that is a bound; the even spread is what a balanced router costs, shown beside it.
        if (c.exchange.collective.kind == CollectiveKind::AllToAll) {
            c.evenRouting = c.bound;
            c.bound = CollectiveBound {};
        }
        StageAnalysis& st = pa.stages[static_cast<size_t>(c.stage)];
        (x.result.empty() ? st.stepCommunicationSeconds : st.dataCommunicationSeconds) += c.bound.seconds * c.exchange.collective.count;
        pa.dataCollectives.push_back(std::move(c));
    }

    // 4. Sends between stages: the activations crossing a cut, spread over the tensor-parallel devices' links (each
    //    sends its share; the receivers gather it on their node).
    for (size_t s = 0; s + 1 < pa.stages.size(); ++s) {
        StageAnalysis& st = pa.stages[s];
        const Collective send {CollectiveKind::SendRecv,   "", "activations to stage " + std::to_string(s + 2),
                               st.cut.sendBytes / plan.tp, 2,  1,
                               plan.tp * plan.cp};
        st.send = boundCollective(send, whole.hardware);
    }

    // 5. The levels: each stage's micro-batch with its collectives overlapped or after it, through the pipeline; the
    //    once-a-step collectives overlapped with everything, or after the last micro-batch.
    const int m = plan.microBatches;
    double stepCommunication = 0;
    for (StageAnalysis& st : pa.stages) {
        st.microCollectiveSeconds = (st.tensor.communicationSeconds + st.dataCommunicationSeconds) * perMicroBatch;
        st.microSendSeconds = st.send.seconds * perMicroBatch;
        st.microSendBytes = st.cut.sendBytes * perMicroBatch;
        stepCommunication = std::max(stepCommunication, st.stepCommunicationSeconds);
        // The stages' devices communicate side by side: a device's step is its own stage's collectives and sends, and
        // the plan's figure is the busiest stage's (a sum over stages exceeded the serialised step itself).
        pa.communicationSeconds = std::max(pa.communicationSeconds, m * st.microCommunicationSeconds() + st.stepCommunicationSeconds);
    }
    // Back-to-back micro-batches of a stage find on chip what its last one left there (its weights, where they fit):
    // the stage's ladder solved warm bounds each micro-batch after the first (a cold one bounded all of them before,
    // which a pipeline whose stages' weights fit in L2 beats).
    std::vector<bounds::Ladder> warmLadders;
    for (const StageAnalysis& st : pa.stages) {
        const AnalysisResult& d = st.tensor.device;
        warmLadders.push_back(m > 1 ? bounds::solve(d.digest, d.machine, d.options.policy, bounds::CacheAssumption::Warm) : d.ladder);
    }
    struct WeightFloor
    {
        double cold = 0, warm = 0;
    };
    std::vector<WeightFloor> floors;
    for (const StageAnalysis& st : pa.stages) {
        const AnalysisResult& d = st.tensor.device;
        double weights = 0; // what the stage's device reads of its weights (a gathered row of a table, not all of it)
        for (size_t t = 0; t < d.graph.tensors.size() && t < d.graph.externalFootprint.size(); ++t)
            if (d.graph.tensors[t].role == graph::TensorRole::Weight)
                weights += d.graph.externalFootprint[t] * d.graph.tensors[t].bytesPerElement;
        const double bps = d.machine.dramBps;
        floors.push_back(bps > 0 ? WeightFloor {weights / bps, std::max(0.0, weights - d.machine.persistentCacheBytes) / bps}
                                 : WeightFloor {});
    }
    for (bounds::Level l : bounds::kLevels) {
        const auto li = static_cast<size_t>(l);
        std::vector<double> device, overlapped, serial, warmDevice, warmOverlapped, warmSerial;
        double links = 0;
        for (size_t s = 0; s < pa.stages.size(); ++s) {
            StageAnalysis& st = pa.stages[s];
            double d = st.tensor.levels[li].deviceSeconds * perMicroBatch;
            double w = std::min(d, warmLadders[s].at(l).seconds * perMicroBatch);
            // A micro-batch charged 1/M of the step still reads its stage's weights (the step reads them once, not
            // M times): cold all of them, warm what the on-chip cache does not keep.
            if (perMicroBatch < 1) {
                d = std::max(d, floors[s].cold);
                w = std::max(w, std::min(d, floors[s].warm));
            }
            const double c = st.microCollectiveSeconds;
            st.deviceSeconds[li] = d;
            st.warmDeviceSeconds[li] = w;
            st.overlappedSeconds[li] = std::max(d, c);
            st.serialSeconds[li] = d + st.microCommunicationSeconds();
            device.push_back(d);
            overlapped.push_back(st.overlappedSeconds[li]);
            serial.push_back(st.serialSeconds[li]);
            warmDevice.push_back(w);
            warmOverlapped.push_back(std::max(w, c));
            warmSerial.push_back(w + st.microCommunicationSeconds());
            links = std::max({links, m * c + st.stepCommunicationSeconds, m * st.microSendSeconds});
        }
        SystemLevel& level = pa.levels[li];
        level.deviceSeconds = pipelineTime(device, warmDevice, m, plan.anySchedule).seconds;
        const PipelineTime over = pipelineTime(overlapped, warmOverlapped, m, plan.anySchedule);
        level.overlappedSeconds = std::max(over.seconds, links);
        level.serialSeconds = pipelineTime(serial, warmSerial, m, plan.anySchedule).seconds + stepCommunication;
        level.communicationBinds = level.overlappedSeconds > level.deviceSeconds;
        pa.bindingStage[li] = over.bindingStage;
    }

    // 6. Memory per device: the stage whose devices hold the most.
    for (size_t s = 0; s < pa.stages.size(); ++s) {
        const ParallelAnalysis& t = pa.stages[s].tensor;
        DeviceMemory mem;
        mem.stage = static_cast<int>(s);
        mem.heldBytes = t.residentBytes;
        // Each device of an expert-parallel group holds 1/ep of the experts (its program reads them by global index,
        // which keeps them whole there so that any routing runs).
        // The data cuts' collective results are `in` tensors of the stage, whole so that any routing runs; what a
        // device must hold of them is not known below that, so they count as nothing (as a split's own do).
        std::set<std::string> received;
        for (const auto& [x, stride] : dataExchanges)
            received.insert(x.result);
        for (const auto& tensor : t.device.graph.tensors) {
            const double bytes = tensor.elements * tensor.bytesPerElement;
            if (experts.count(tensor.name))
                mem.heldBytes -= bytes * (1 - 1.0 / plan.ep);
            else if (received.count(tensor.name) && tensor.role == graph::TensorRole::Input)
                mem.heldBytes -= bytes;
        }
        // One micro-batch's intermediates at least are live at once.
        mem.activationBytes = peakLiveBytes(t.split.device, t.device.sizes) * perMicroBatch;
        double parameters = 0;
        for (const auto& tensor : t.device.graph.tensors)
            if (tensor.role == graph::TensorRole::Weight)
                parameters += tensor.elements;
        mem.optimizerBytes = parameters * optimizerBytesPerParameter(plan.optimizer) / (plan.shardOptimizer ? plan.dp : 1);
        pa.stages[s].heldBytes = mem.heldBytes;
        if (s == 0 || mem.totalBytes() > pa.memory.totalBytes())
            pa.memory = mem;
    }

    // 7. Notes: what binds, what the pipeline adds, what does not fit.
    const auto fused = static_cast<size_t>(bounds::Level::Fused);
    const SystemLevel& f = pa.levels[fused];
    if (plan.pp > 1) {
        const StageAnalysis& binding = pa.stages[static_cast<size_t>(pa.bindingStage[fused])];
        const double warm = std::max(binding.warmDeviceSeconds[fused], binding.microCollectiveSeconds);
        const double busiest = binding.overlappedSeconds[fused] + (m - 1) * warm;
        if (m > 1 && warm < binding.overlappedSeconds[fused])
            pa.notes.push_back("fused: stage " + std::to_string(pa.bindingStage[fused] + 1) + "'s micro-batches after the first run warm, "
                               + formatSeconds(warm) + " each against " + formatSeconds(binding.overlappedSeconds[fused])
                               + " cold: back to back, what fits in the on-chip cache (its weights, where they fit) is not read "
                                 "again");
        if (plan.anySchedule)
            pa.notes.insert(pa.notes.begin(),
                            "fused: stage " + std::to_string(pa.bindingStage[fused] + 1) + " of " + std::to_string(plan.pp)
                                + " binds; over any schedule (interleaved stages, zero-bubble) the fill and drain may hide under other "
                                  "work, so the bound is its "
                                + formatSeconds(busiest) + " with " + std::to_string(plan.microBatches)
                                + (plan.microBatches == 1 ? " micro-batch" : " micro-batches")
                                + ", or one micro-batch's way through every stage where that is longer");
        else
            pa.notes.insert(pa.notes.begin(),
                            "fused: stage " + std::to_string(pa.bindingStage[fused] + 1) + " of " + std::to_string(plan.pp)
                                + " binds; the pipeline's fill and drain add " + formatSeconds(f.overlappedSeconds - busiest) + " over its "
                                + formatSeconds(busiest) + " with " + std::to_string(plan.microBatches)
                                + (plan.microBatches == 1 ? " micro-batch" : " micro-batches")
                                + (m > 1 ? " (contiguous stages run by 1F1B or GPipe; interleaved stages or a zero-bubble schedule can "
                                           "hide the fill and drain: --schedule any bounds those)"
                                         : ""));
    }
    pa.notes.insert(pa.notes.begin(),
                    std::string("fused: ") + (f.communicationBinds ? "communication binds" : "each device's own work binds")
                        + " when overlapped (" + formatSeconds(f.overlappedSeconds) + "); serialised " + formatSeconds(f.serialSeconds));
    if (!pa.fits())
        pa.notes.push_back("does not fit: a device of stage " + std::to_string(pa.memory.stage + 1) + " holds at least "
                           + formatBytes(pa.memory.totalBytes()) + " (inputs and weights " + formatBytes(pa.memory.heldBytes)
                           + ", intermediates " + formatBytes(pa.memory.activationBytes) + ", optimizer state "
                           + formatBytes(pa.memory.optimizerBytes) + "), over its " + formatBytes(pa.capacityBytes));
    for (size_t s = 0; s < pa.stages.size(); ++s)
        for (const auto& n : pa.stages[s].tensor.notes)
            pa.notes.push_back((plan.pp > 1 ? "stage " + std::to_string(s + 1) + ": " : std::string()) + n);
    return pa;
}

} // namespace solar::parallel
