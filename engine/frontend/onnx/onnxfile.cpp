// SPDX-License-Identifier: MIT
#include "engine/frontend/onnx/onnxfile.h"

#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

namespace solar::onnx {

namespace {

// One protobuf field: its number, wire type and payload (a varint's value, or a length-delimited span).
struct Field
{
    std::uint32_t number = 0;
    int wireType = 0;
    std::uint64_t value = 0;
    size_t begin = 0, end = 0; // the payload of a length-delimited field
    size_t at = 0; // where the field's key starts
};

// A cursor over one message's bytes [pos, end) of `data`; errors carry the byte offset in the file.
class Reader
{
public:
    Reader(const std::string& data, size_t begin, size_t end)
        : m_data(data)
        , m_pos(begin)
        , m_end(end)
    { }

    bool atEnd() const { return m_pos >= m_end; }

    // The next field, or the reason the bytes are not one.
    std::optional<Field> next(std::string& error)
    {
        Field f;
        f.at = m_pos;
        const auto key = varint(error);
        if (!key)
            return std::nullopt;
        f.number = static_cast<std::uint32_t>(*key >> 3);
        f.wireType = static_cast<int>(*key & 7);
        if (f.number == 0)
            return fail(error, f.at, "field number 0");
        switch (f.wireType) {
        case 0: {
            const auto v = varint(error);
            if (!v)
                return std::nullopt;
            f.value = *v;
            return f;
        }
        case 1: return skip(f, 8, error);
        case 5: return skip(f, 4, error);
        case 2: {
            const auto length = varint(error);
            if (!length)
                return std::nullopt;
            if (*length > m_end - m_pos)
                return fail(error, f.at,
                            "field " + std::to_string(f.number) + " says " + std::to_string(*length) + " bytes follow, "
                                + std::to_string(m_end - m_pos) + " do (the file is truncated or not an ONNX model)");
            f.begin = m_pos;
            f.end = m_pos + static_cast<size_t>(*length);
            m_pos = f.end;
            return f;
        }
        default:
            return fail(
                error, f.at,
                "field " + std::to_string(f.number) + " has wire type " + std::to_string(f.wireType)
                    + (f.wireType == 3 || f.wireType == 4 ? " (a group, which no ONNX message holds)" : ", which protobuf does not have")
                    + ": not an ONNX model");
        }
    }

private:
    std::optional<std::uint64_t> varint(std::string& error)
    {
        const size_t start = m_pos;
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_end) {
                fail(error, start, "a number runs past the end of its message (the file is truncated or not an ONNX model)");
                return std::nullopt;
            }
            const auto byte = static_cast<unsigned char>(m_data[m_pos++]);
            v |= std::uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return v;
        }
        fail(error, start, "a number longer than 10 bytes (not an ONNX model)");
        return std::nullopt;
    }

    std::optional<Field> skip(Field f, size_t bytes, std::string& error)
    {
        if (m_end - m_pos < bytes)
            return fail(error, f.at, "a fixed-size field runs past the end of its message (the file is truncated)");
        m_pos += bytes;
        return f;
    }

    static std::nullopt_t fail(std::string& error, size_t at, const std::string& why)
    {
        error = "byte " + std::to_string(at) + ": " + why;
        return std::nullopt;
    }

    const std::string& m_data;
    size_t m_pos, m_end;
};

// Walks a message's fields; `visit` handles the ones it knows (the others are skipped, as protobuf does).
bool walk(const std::string& data, size_t begin, size_t end, std::string& error, const std::function<bool(const Field&)>& visit)
{
    Reader r(data, begin, end);
    while (!r.atEnd()) {
        const auto f = r.next(error);
        if (!f || !visit(*f))
            return false;
    }
    return true;
}

std::string text(const std::string& data, const Field& f)
{
    return data.substr(f.begin, f.end - f.begin);
}

} // namespace

std::string OnnxFileSummary::describe() const
{
    std::ostringstream s;
    s << "ONNX IR " << irVersion << ", opset " << opset << ", " << nodes << " node" << (nodes == 1 ? "" : "s");
    if (!operators.empty()) {
        s << " (";
        bool first = true;
        for (const auto& [op, n] : operators) {
            s << (first ? "" : ", ") << op << ' ' << n;
            first = false;
        }
        s << ')';
    }
    if (!inputs.empty()) {
        s << ", input" << (inputs.size() == 1 ? " " : "s ");
        for (size_t i = 0; i < inputs.size(); ++i)
            s << (i ? ", " : "") << inputs[i];
    }
    if (!producer.empty())
        s << "; producer " << producer;
    return s.str();
}

Expected<OnnxFileSummary> parseOnnxModel(const std::string& bytes, const std::string& path)
{
    using Result = Expected<OnnxFileSummary>;
    auto failure = [&](const std::string& why) {
        return Result::failure(Diagnostic {Severity::Error, path, {}, "onnx.file", "not a readable ONNX model: " + why});
    };
    OnnxFileSummary out;
    std::string error, producerName, producerVersion;
    std::optional<Field> graph;
    bool anyOpset = false;
    const bool modelOk = walk(bytes, 0, bytes.size(), error, [&](const Field& f) {
        if (f.number == 1 && f.wireType == 0)
            out.irVersion = static_cast<std::int64_t>(f.value);
        else if (f.number == 2 && f.wireType == 2)
            producerName = text(bytes, f);
        else if (f.number == 3 && f.wireType == 2)
            producerVersion = text(bytes, f);
        else if (f.number == 7 && f.wireType == 2)
            graph = f;
        else if (f.number == 8 && f.wireType == 2) {
            std::string domain;
            std::int64_t version = 0;
            if (!walk(bytes, f.begin, f.end, error, [&](const Field& g) {
                    if (g.number == 1 && g.wireType == 2)
                        domain = text(bytes, g);
                    else if (g.number == 2 && g.wireType == 0)
                        version = static_cast<std::int64_t>(g.value);
                    return true;
                }))
                return false;
            anyOpset = true;
            if (domain.empty() || domain == "ai.onnx")
                out.opset = version;
        }
        return true;
    });
    if (!modelOk)
        return failure(error);
    if (bytes.empty())
        return failure("the file is empty");
    if (!graph)
        return failure("it has no graph (ModelProto field 7)");
    if (!anyOpset || out.opset == 0)
        return failure("it imports no opset of the default domain");
    out.producer = producerName + (producerVersion.empty() ? "" : " " + producerVersion);
    std::set<std::string> initialized;
    std::vector<std::string> graphInputs;
    const bool graphOk = walk(bytes, graph->begin, graph->end, error, [&](const Field& f) {
        if (f.wireType != 2)
            return true;
        if (f.number == 1) { // NodeProto: op_type 4, domain 7
            std::string op, domain;
            if (!walk(bytes, f.begin, f.end, error, [&](const Field& n) {
                    if (n.number == 4 && n.wireType == 2)
                        op = text(bytes, n);
                    else if (n.number == 7 && n.wireType == 2)
                        domain = text(bytes, n);
                    return true;
                }))
                return false;
            ++out.nodes;
            ++out.operators[domain.empty() || domain == "ai.onnx" ? op : domain + "::" + op];
        } else if (f.number == 5 || f.number == 11) { // TensorProto (name 8) / ValueInfoProto (name 1)
            std::string name;
            const std::uint32_t nameField = f.number == 5 ? 8 : 1;
            if (!walk(bytes, f.begin, f.end, error, [&](const Field& n) {
                    if (n.number == nameField && n.wireType == 2)
                        name = text(bytes, n);
                    return true;
                }))
                return false;
            if (f.number == 5) {
                ++out.initializers;
                initialized.insert(name);
            } else {
                graphInputs.push_back(name);
            }
        }
        return true;
    });
    if (!graphOk)
        return failure(error);
    for (const std::string& name : graphInputs)
        if (!initialized.count(name))
            out.inputs.push_back(name);
    return out;
}

Expected<OnnxFileSummary> readOnnxFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Expected<OnnxFileSummary>::failure(Diagnostic {Severity::Error, path, {}, "onnx.file", "cannot open the file"});
    std::ostringstream s;
    s << in.rdbuf();
    return parseOnnxModel(s.str(), path);
}

} // namespace solar::onnx
