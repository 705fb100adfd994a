// SPDX-License-Identifier: MIT
// The engine's words in the user's language. The engine speaks English (the CLI, JSON and CSV keep it, so
// exports do not change with the language); the GUI and the PDF report show its verdicts, bottleneck names and
// notes through these, translated in the "solar::engine" context of the catalogues. What has no translation is
// shown in English.
#pragma once

#include "engine/analysis/comparison.h"
#include "engine/analysis/validationstatus.h"
#include "engine/core/message.h"

#include <QString>

#include <string>

/// A sentence of the engine's (a ladder note), its template translated and its values put in.
QString engineText(const solar::Message& message);
/// "memory", "compute:simt_fp32", "none": the kind translated, the unit's name kept (it names a roof).
QString bottleneckText(const std::string& bottleneck);
/// "fused: memory on h100-pcie -> compute:tensor_bf16 on b200" in the user's language.
QString bottleneckMoveText(const solar::BottleneckMove& move);
/// "validated", "validated, with a caveat", "mismatch", "unvalidated" (Validation::label()), and "validating".
QString validationLabelText(const std::string& label);
QString validationLabelText(const solar::Validation& validation);
