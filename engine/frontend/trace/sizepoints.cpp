// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/sizepoints.h"

#include <algorithm>
#include <map>
#include <set>

namespace solar::trace {

namespace {

constexpr std::int64_t kScaledFrom = 16; // reducedSizes scales the constants from here up

bool isPrime(std::int64_t n)
{
    if (n < 2)
        return false;
    for (std::int64_t d = 2; d * d <= n; ++d)
        if (n % d == 0)
            return false;
    return true;
}

bool isPowerOfTwo(std::int64_t n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

// The scaled constants, smallest value first (ties by name).
std::vector<std::string> scaledInOrder(const SizeMap& constants)
{
    std::vector<std::pair<std::int64_t, std::string>> byValue;
    for (const auto& [name, value] : constants)
        if (value >= kScaledFrom)
            byValue.emplace_back(value, name);
    std::sort(byValue.begin(), byValue.end());
    std::vector<std::string> names;
    for (const auto& [value, name] : byValue)
        names.push_back(name);
    return names;
}

// One point of a family: the next `count` values of `sequence` (from `next` on) that no fixed constant takes.
SizeMap point(const SizeMap& constants, const std::vector<std::string>& scaled, const std::vector<std::int64_t>& sequence, size_t& next)
{
    std::set<std::int64_t> fixed;
    for (const auto& [name, value] : constants)
        if (value < kScaledFrom)
            fixed.insert(value);
    SizeMap s;
    for (const auto& name : scaled) {
        while (next < sequence.size() && fixed.count(sequence[next]))
            ++next;
        if (next >= sequence.size())
            return {};
        s[name] = sequence[next++];
    }
    return s;
}

} // namespace

std::vector<SizeMap> separatingSizes(const SizeMap& constants)
{
    const std::vector<std::string> scaled = scaledInOrder(constants);
    if (scaled.empty())
        return {};
    std::vector<std::int64_t> primes, eights;
    for (std::int64_t n = 11; primes.size() < 2 * scaled.size() + constants.size(); ++n) // room for the kept values skipped
        if (isPrime(n))
            primes.push_back(n);
    for (std::int64_t q = 3; eights.size() < 2 * scaled.size() + constants.size(); ++q)
        if (isPrime(q))
            eights.push_back(8 * q);
    std::vector<SizeMap> out;
    for (const auto* sequence : {&primes, &eights}) {
        size_t next = 0;
        for (int i = 0; i < 2; ++i)
            if (SizeMap s = point(constants, scaled, *sequence, next); !s.empty())
                out.push_back(std::move(s));
    }
    return out;
}

bool separates(const SizeMap& sizes, const SizeMap& constants)
{
    std::vector<std::int64_t> scaled, all;
    for (const auto& [name, value] : constants) {
        const auto it = sizes.find(name);
        const std::int64_t v = it != sizes.end() ? it->second : value;
        all.push_back(v);
        if (value >= kScaledFrom)
            scaled.push_back(v);
    }
    for (std::int64_t v : scaled) {
        if (isPowerOfTwo(v))
            return false;
        if (std::count(all.begin(), all.end(), v) > 1)
            return false; // equal to another constant, scaled or kept
    }
    for (size_t i = 0; i < scaled.size(); ++i) // nor a multiple of another scaled one
        for (size_t j = 0; j < scaled.size(); ++j)
            if (i != j && scaled[j] > 1 && scaled[i] % scaled[j] == 0)
                return false;
    return true;
}

std::string equalConstants(const SizeMap& sizes)
{
    std::map<std::int64_t, std::vector<std::string>> byValue;
    for (const auto& [name, value] : sizes)
        byValue[value].push_back(name);
    std::string out;
    for (const auto& [value, names] : byValue) {
        if (names.size() < 2)
            continue;
        std::string group;
        for (const auto& n : names)
            group += n + " = ";
        out += (out.empty() ? "" : "; ") + group + std::to_string(value);
    }
    return out;
}

} // namespace solar::trace
