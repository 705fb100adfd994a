// SPDX-License-Identifier: MIT
// Masks built from positions. transformers builds attention masks from query and key positions — arange, an
// offset added, unsqueezed and expanded, compared (causal: key <= query; sliding window: key > query - window;
// chunked: both in one chunk) and and-ed together. Followed through the trace, such a mask is a conjunction of
// affine comparisons of the scores' indices, which attention then states as a guard on its loops: only the
// query-key pairs the mask allows are counted, exactly (a kernel that skips fully masked blocks does no more). A
// mask that reads data (padding, a document mask) is not followed and stays a tensor read once per score.
#pragma once

#include "engine/worker/traceresult.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::trace {

/// constant + sum_d coeff[d] * i_d over a tensor's indices i_d.
struct AffineForm
{
    worker::Dim constant = 0;
    std::vector<std::int64_t> coeff;
};

/// A conjunction: every form > 0 (strict) or >= 0. Empty: true everywhere.
struct PositionPredicate
{
    struct Condition
    {
        AffineForm form;
        bool strict = true;
    };
    std::vector<Condition> conditions;
};

class PositionMasks
{
public:
    using Info = std::function<const worker::TracedTensor&(const std::string&)>;

    /// Follows one op: its output becomes known when the op builds positions or a mask from known inputs; any other
    /// op that writes a tensor (in place included) makes it unknown.
    void record(const worker::TracedOp& op, const Info& info);

    /// `tensor` was written through a view: what was known of it no longer holds.
    void invalidate(const std::string& tensor);

    /// The predicate a boolean tensor holds over its own indices, when it was built from positions only.
    const PositionPredicate* predicate(const std::string& tensor) const;

    /// The guard (ALIR text) that `tensor`, broadcast to a shape of rank `rank` (numpy rules, aligned right),
    /// states over the variables `vars` of that shape; nothing when the mask is not known or depends on a
    /// dimension whose variable is empty.
    std::optional<std::string> guard(const std::string& tensor, const std::vector<std::string>& vars) const;

private:
    std::map<std::string, AffineForm> m_values; // integer tensors affine in their indices
    std::map<std::string, PositionPredicate> m_masks;
};

} // namespace solar::trace
