// SPDX-License-Identifier: MIT
#include "engine/serving/validationsizes.h"

#include "engine/frontend/trace/configsizes.h"

#include <algorithm>

namespace solar::serving {

std::map<std::string, std::int64_t> validationSizes(const ModelConfig& config, const ServingPoint& point)
{
    std::map<std::string, std::int64_t> out = trace::structuredConfigSizes({config.sizes.begin(), config.sizes.end()});
    // Tokens: 11 prompt or 13 cached (and at most 2 new) per sequence, 5 sequences — more than a sliding window
    // of 9, so it masks.
    out["batch"] = std::min<std::int64_t>(point.batch, 5);
    if (point.phase == Phase::Prefill) {
        out[tokensConstant(point.phase)] = std::min<std::int64_t>(point.tokens, 11);
    } else {
        out[tokensConstant(point.phase)] = std::min<std::int64_t>(point.tokens, 13);
        out["new_tokens"] = std::min<std::int64_t>(point.newTokens, 2);
    }
    return out;
}

} // namespace solar::serving
