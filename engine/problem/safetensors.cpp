// SPDX-License-Identifier: MIT
#include "engine/problem/safetensors.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>

namespace solar::problem {

namespace {

template<typename T>
double load(const char* p)
{
    T v;
    std::memcpy(&v, p, sizeof v); // the format is little-endian, as every machine this runs on
    return static_cast<double>(v);
}

} // namespace

Expected<TensorData> readSafetensorsTensor(const std::string& path, const std::string& key)
{
    using Result = Expected<TensorData>;
    auto fail = [&](const std::string& why) { return Result::failure(Diagnostic {Severity::Error, path, {}, "problem.safetensors", why}); };
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail("cannot open the file");
    char lengthBytes[8];
    if (!in.read(lengthBytes, 8))
        return fail("not a safetensors file: shorter than its 8-byte header length");
    const auto headerLength = static_cast<std::uint64_t>(load<std::uint64_t>(lengthBytes));
    if (headerLength > (std::uint64_t(1) << 27))
        return fail("not a safetensors file: a header of " + std::to_string(headerLength) + " bytes");
    std::string header(static_cast<size_t>(headerLength), '\0');
    if (!in.read(header.data(), static_cast<std::streamsize>(headerLength)))
        return fail("not a safetensors file: the header is cut short");
    nlohmann::json h;
    try {
        h = nlohmann::json::parse(header);
    } catch (const nlohmann::json::parse_error& e) {
        return fail(std::string("not a safetensors file: its header is not JSON: ") + e.what());
    }
    if (!h.is_object() || !h.contains(key) || !h[key].is_object())
        return fail("holds no tensor '" + key + "'");
    static const std::map<std::string, size_t> kSizes = {{"I8", 1},  {"U8", 1},  {"BOOL", 1}, {"I16", 2}, {"U16", 2}, {"I32", 4},
                                                         {"U32", 4}, {"F32", 4}, {"I64", 8},  {"U64", 8}, {"F64", 8}};
    TensorData out;
    std::string dtype;
    std::uint64_t begin = 0, end = 0;
    try {
        dtype = h[key].at("dtype").get<std::string>();
        out.shape = h[key].at("shape").get<std::vector<std::int64_t>>();
        const auto offsets = h[key].at("data_offsets").get<std::vector<std::uint64_t>>();
        if (offsets.size() != 2 || offsets[1] < offsets[0])
            return fail("tensor '" + key + "': data_offsets is not [begin, end]");
        begin = offsets[0];
        end = offsets[1];
    } catch (const nlohmann::json::exception& e) {
        return fail("tensor '" + key + "': " + e.what());
    }
    const auto size = kSizes.find(dtype);
    if (size == kSizes.end())
        return fail("tensor '" + key + "' is " + dtype + ": an axis is computed from integer, bool, F32 or F64 values");
    std::uint64_t count = 1;
    for (const auto n : out.shape)
        count *= static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
    if (end - begin != count * size->second)
        return fail("tensor '" + key + "': " + std::to_string(end - begin) + " bytes for " + std::to_string(count) + " " + dtype
                    + " values");
    if (count > (std::uint64_t(1) << 26))
        return fail("tensor '" + key + "' has " + std::to_string(count) + " values, more than an axis is computed from here");
    std::string bytes(static_cast<size_t>(end - begin), '\0');
    in.seekg(static_cast<std::streamoff>(8 + headerLength + begin));
    if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
        return fail("tensor '" + key + "': the file ends inside its data");
    out.values.reserve(static_cast<size_t>(count));
    for (size_t i = 0; i < count; ++i) {
        const char* p = bytes.data() + i * size->second;
        out.values.push_back(dtype == "I8"                          ? load<std::int8_t>(p)
                                 : dtype == "U8" || dtype == "BOOL" ? load<std::uint8_t>(p)
                                 : dtype == "I16"                   ? load<std::int16_t>(p)
                                 : dtype == "U16"                   ? load<std::uint16_t>(p)
                                 : dtype == "I32"                   ? load<std::int32_t>(p)
                                 : dtype == "U32"                   ? load<std::uint32_t>(p)
                                 : dtype == "F32"                   ? load<float>(p)
                                 : dtype == "I64"                   ? load<std::int64_t>(p)
                                 : dtype == "U64"                   ? load<std::uint64_t>(p)
                                                                    : load<double>(p));
    }
    return out;
}

} // namespace solar::problem
