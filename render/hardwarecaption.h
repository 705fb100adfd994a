// SPDX-License-Identifier: MIT
// The hardware a result's numbers were computed on, as every view and figure names it: the profile's name, and
// when sliders changed the machine, "what-if" with the factors (a title that names a stock profile over what-if
// numbers passes them off as the profile's; issue 30, item 8).
#pragma once

#include "engine/analysis/analysis.h"

#include <QString>

/// The factors the result's machine differs from its profile by ("DRAM bandwidth ×1.47"); empty when it does not.
QString whatIfFactorsText(const solar::AnalysisResult& result);

/// "NVIDIA H100 SXM5 80GB", or "NVIDIA H100 SXM5 80GB (what-if: DRAM bandwidth ×1.47)".
QString hardwareCaption(const solar::AnalysisResult& result);
