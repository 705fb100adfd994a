// SPDX-License-Identifier: MIT
#include "engine/core/format.h"

#include <cmath>
#include <cstdio>

namespace solar {

std::string formatShape(const std::vector<std::int64_t>& shape, bool compact)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? (compact ? "," : ", ") : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string formatSeconds(double s)
{
    if (!std::isfinite(s))
        return "inf";
    char buf[64];
    const double a = std::fabs(s);
    if (a == 0)
        return "0 s";
    if (a < 1e-9)
        std::snprintf(buf, sizeof buf, "%.3g ps", s * 1e12);
    else if (a < 1e-6)
        std::snprintf(buf, sizeof buf, "%.3g ns", s * 1e9);
    else if (a < 1e-3)
        std::snprintf(buf, sizeof buf, "%.3g µs", s * 1e6);
    else if (a < 1)
        std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
    else if (a < 1000)
        std::snprintf(buf, sizeof buf, "%.3g s", s);
    else
        std::snprintf(buf, sizeof buf, "%.0f s", s); // never "1.23e+03 s"
    return buf;
}

std::string formatSi(double v, const std::string& unit)
{
    static const char* prefixes[] = {"", "K", "M", "G", "T", "P", "E"};
    int i = 0;
    while (std::fabs(v) >= 1000 && i < 6) {
        v /= 1000;
        ++i;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g %s%s", v, prefixes[i], unit.c_str());
    return buf;
}

std::string formatBytes(double bytes)
{
    return formatSi(bytes, "B");
}

std::string padText(const std::string& text, std::size_t width, bool right)
{
    std::size_t visible = 0;
    for (unsigned char c : text)
        visible += (c & 0xC0) != 0x80;
    if (visible >= width)
        return text;
    const std::string fill(width - visible, ' ');
    return right ? fill + text : text + fill;
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string formatFixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string formatSignificant(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string exactNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace solar
