// SPDX-License-Identifier: MIT
// The outcome of validating a program by output comparison, shared by every frontend and carried in each
// analysis: validated (outputs agree within the tolerance), mismatch (they do not: details say which output and
// by how much) or unvalidated (no comparison ran: details say why).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace solar {

enum class ValidationStatus { Validated, Mismatch, Unvalidated };

/// "validated", "mismatch", "unvalidated" (the JSON and CSV spelling).
constexpr std::string_view validationStatusName(ValidationStatus s)
{
    switch (s) {
    case ValidationStatus::Validated: return "validated";
    case ValidationStatus::Mismatch: return "mismatch";
    case ValidationStatus::Unvalidated: return "unvalidated";
    }
    return "unvalidated";
}

constexpr std::optional<ValidationStatus> parseValidationStatus(std::string_view text)
{
    for (ValidationStatus s : {ValidationStatus::Validated, ValidationStatus::Mismatch, ValidationStatus::Unvalidated})
        if (validationStatusName(s) == text)
            return s;
    return std::nullopt;
}

struct Validation
{
    ValidationStatus status = ValidationStatus::Unvalidated;
    std::string details = "no reference program: ALIR written by hand or not yet compared with its source";
    /// Validated, but not everywhere it was tried (outputs differed at smaller sizes): never shown as a clean pass.
    std::string caveat;
    /// False when the program never produced comparable outputs (wrong names, dtypes or size defaults, or a run
    /// that failed): feedback must not say "it runs, but its outputs differ".
    bool ran = true;

    std::string statusName() const { return std::string(validationStatusName(status)); }
    /// What a person reads: the status, qualified when it carries a caveat ("validated, with a caveat").
    std::string label() const
    {
        return status == ValidationStatus::Validated && !caveat.empty() ? "validated, with a caveat" : statusName();
    }
};

} // namespace solar
