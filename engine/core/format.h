// SPDX-License-Identifier: MIT
// Numbers and shapes as text, for every reporter, exporter, view and the CLI alike: three significant digits
// with an SI prefix and the unit ("3.35 TB/s", "81.4 µs"), locale-independent (the GUI localises the decimal
// separator on top, widgets/analysis/units.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace solar {

/// "12.3 µs", "4.56 ms", "1.23 s"; "inf" when not finite.
std::string formatSeconds(double seconds);
/// "3.35 TB/s", "989 TFLOP/s", "1.5 KB": three significant digits with an SI prefix (powers of 1000).
std::string formatSi(double value, const std::string& unit);
/// formatSi(bytes, "B").
std::string formatBytes(double bytes);
/// "[4, 256, 512]"; compact: "[4,256,512]" (DOT labels and SOLAR's YAML).
std::string formatShape(const std::vector<std::int64_t>& shape, bool compact = false);
/// `text` padded with spaces to `width` characters (UTF-8 continuation bytes count as zero width, for "µs"), on the
/// left when `right` (right-aligned columns); longer text is returned whole.
std::string padText(const std::string& text, std::size_t width, bool right = false);
/// A CSV field: quoted (with doubled quotes) when it holds a comma, a quote or a newline.
std::string csvField(const std::string& text);
/// `value` with `digits` decimals ("%.*f"): percentages and speedups in tables.
std::string formatFixed(double value, int digits);
/// `value` with `digits` significant digits ("%.*g"), no unit: ratios and intensities in tables.
std::string formatSignificant(double value, int digits);
/// A number for CSV and machine-read text: every digit a double holds ("%.17g").
std::string exactNumber(double value);

} // namespace solar
