// SPDX-License-Identifier: MIT
#include "engine/parallel/plan.h"

#include "engine/core/jsonduplicates.h"

#include <nlohmann/json.hpp>

#include <array>

namespace solar::parallel {

std::string Plan::text() const
{
    std::string s;
    auto add = [&](const char* name, int degree) {
        if (degree > 1)
            s += (s.empty() ? "" : " x ") + std::string(name) + " " + std::to_string(degree);
    };
    add("tp", tp);
    add("cp", cp);
    add("ep", ep);
    add("pp", pp);
    add("dp", dp);
    if (s.empty())
        s = "1 device";
    if (pp > 1)
        s += " (" + std::to_string(microBatches) + (microBatches == 1 ? " micro-batch" : " micro-batches")
            + (anySchedule ? ", any schedule)" : ")");
    return s;
}

double optimizerBytesPerParameter(const std::string& optimizer)
{
    return optimizer == "adam" ? 12.0 : 0.0;
}

std::optional<bool> parseSchedule(const std::string& name)
{
    if (name == "1f1b" || name == "gpipe")
        return false;
    if (name == "any" || name == "interleaved" || name == "zero-bubble")
        return true;
    return std::nullopt;
}

std::string planShapeError(const Plan& plan)
{
    const std::array<std::pair<const char*, int>, 6> counts {
        {{"tp", plan.tp}, {"cp", plan.cp}, {"ep", plan.ep}, {"pp", plan.pp}, {"dp", plan.dp}, {"micro_batches", plan.microBatches}}};
    for (const auto& [name, value] : counts)
        if (value < 1 || value > 1 << 20)
            return std::string(name) + " is " + std::to_string(value) + ": expected a count from 1 to 1048576";
    // Micro-batches without a pipeline are gradient accumulation: the same work as the step, which is what the
    // program's batch already states (multiplying the step by them would count every micro-batch at full size).
    if (plan.anySchedule && plan.pp == 1)
        return "schedule goes with pp > 1 (a pipeline's schedule)";
    if (plan.microBatches > 1 && plan.pp == 1)
        return "micro_batches goes with pp > 1 (a pipeline's micro-batches); without a pipeline, gradient accumulation "
               "does the step's work: analyse the step at its batch";
    if (plan.cpDim < 0 || plan.dpDim < 0)
        return "cp_dim and dp_dim are dimensions: 0 or more";
    if (!plan.optimizer.empty() && plan.optimizer != "adam")
        return "optimizer '" + plan.optimizer + "' is not known: \"adam\" (or none, for inference)";
    if (plan.shardOptimizer && plan.optimizer.empty())
        return "zero 1 shards an optimizer's state: name the optimizer";
    return {};
}

Expected<Plan> parsePlan(const std::string& text, const std::string& path)
{
    using Result = Expected<Plan>;
    auto error = [&](SourceLoc loc, const std::string& message) {
        return Result::failure(Diagnostic {Severity::Error, path, loc, "parallel.plan", message});
    };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return error(locationOf(text, e.byte > 0 ? e.byte - 1 : 0), std::string("not valid JSON: ") + e.what());
    }
    if (const auto twice = findDuplicateKey(text))
        return error(twice->at, "\"" + twice->key + "\" is given twice: a plan names each field once");
    if (!j.is_object())
        return error({1, 1}, "a plan is a JSON object, e.g. {\"tp\": 8, \"pp\": 2, \"micro_batches\": 8}");
    Plan plan;
    const std::array<std::pair<const char*, int*>, 8> ints {{{"tp", &plan.tp},
                                                             {"cp", &plan.cp},
                                                             {"ep", &plan.ep},
                                                             {"pp", &plan.pp},
                                                             {"dp", &plan.dp},
                                                             {"micro_batches", &plan.microBatches},
                                                             {"cp_dim", &plan.cpDim},
                                                             {"dp_dim", &plan.dpDim}}};
    for (const auto& [key, value] : j.items()) {
        const SourceLoc at = fieldLocation(text, key);
        const auto field = std::find_if(ints.begin(), ints.end(), [&](const auto& f) { return key == f.first; });
        if (field != ints.end()) {
            if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 1 << 20)
                return error(at, "\"" + key + "\" must be a whole number, not " + value.dump());
            *field->second = value.get<int>();
        } else if (key == "optimizer") {
            if (!value.is_string())
                return error(at, "\"optimizer\" is a name (\"adam\"), not " + value.dump());
            plan.optimizer = value.get<std::string>();
        } else if (key == "schedule") {
            const auto any = value.is_string() ? parseSchedule(value.get<std::string>()) : std::nullopt;
            if (!any)
                return error(at,
                             "\"schedule\" is \"1f1b\" or \"gpipe\" (contiguous stages), or \"any\" (also \"interleaved\", "
                             "\"zero-bubble\"), not "
                                 + value.dump());
            plan.anySchedule = *any;
        } else if (key == "zero") {
            if (!value.is_number_integer() || (value.get<std::int64_t>() != 0 && value.get<std::int64_t>() != 1))
                return error(at,
                             "\"zero\" is 0 or 1 (ZeRO stage 1: the optimizer state split over the data-parallel replicas), not "
                                 + value.dump());
            plan.shardOptimizer = value.get<int>() == 1;
        } else {
            return error(
                at, "\"" + key + "\" is not a plan field: tp, cp, ep, pp, dp, micro_batches, cp_dim, dp_dim, optimizer, zero, schedule");
        }
    }
    if (const std::string why = planShapeError(plan); !why.empty())
        return error({1, 1}, why);
    return plan;
}

} // namespace solar::parallel
