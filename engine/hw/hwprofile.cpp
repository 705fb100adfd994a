// SPDX-License-Identifier: MIT
#include "engine/hw/hwprofile.h"

#include "engine/core/jsonduplicates.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

namespace solar::hw {

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, kPrecisionCount> kPrecisionNames = {"fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "fp4"};

struct FieldError
{
    std::string field;
    std::string message;
};

const json& member(const json& obj, const std::string& key, const std::string& path)
{
    if (!obj.is_object() || !obj.contains(key))
        throw FieldError {path.empty() ? key : path + "." + key, "missing"};
    return obj.at(key);
}

std::string text(const json& obj, const std::string& key, const std::string& path, bool required = true)
{
    if (!obj.contains(key)) {
        if (required)
            throw FieldError {path.empty() ? key : path + "." + key, "missing"};
        return {};
    }
    const json& v = obj.at(key);
    if (!v.is_string())
        throw FieldError {path.empty() ? key : path + "." + key, "expected a string"};
    return v.get<std::string>();
}

Number number(const json& obj, const std::string& key, const std::string& path, const HwProfile& p, bool allowZero = false)
{
    const std::string where = path.empty() ? key : path + "." + key;
    const json& v = member(obj, key, path);
    if (!v.is_object())
        throw FieldError {where, "expected an object {\"value\": ..., \"source\": ...}"};
    Number n;
    if (!v.contains("value") || !v.at("value").is_number())
        throw FieldError {where + ".value", "expected a number"};
    n.value = v.at("value").get<double>();
    if (!std::isfinite(n.value) || n.value < 0 || (!allowZero && n.value == 0))
        throw FieldError {where + ".value", "expected a positive number"};
    n.source = text(v, "source", where);
    if (!p.source(n.source))
        throw FieldError {where + ".source", "'" + n.source + "' is not listed under \"sources\""};
    n.note = text(v, "note", where, false);
    return n;
}

std::optional<Number> optionalNumber(const json& obj, const std::string& key, const std::string& path, const HwProfile& p)
{
    return obj.contains(key) ? std::optional<Number>(number(obj, key, path, p)) : std::nullopt;
}

// A peak's unit and dtype (compute[] and achievable.compute[] alike) and its FLOP/s under `flopsKey`.
Peak peakAt(const json& c, const std::string& where, const std::string& flopsKey, const HwProfile& p)
{
    if (!c.is_object())
        throw FieldError {where, "expected an object"};
    Peak peak;
    const std::string unit = text(c, "unit", where);
    const auto u = parseUnit(unit);
    if (!u)
        throw FieldError {where + ".unit", "unknown unit '" + unit + "' (tensor, simt)"};
    peak.unit = *u;
    const std::string dtype = text(c, "dtype", where);
    const auto pr = parsePrecision(dtype);
    if (!pr)
        throw FieldError {where + ".dtype", "unknown precision '" + dtype + "' (fp64, fp32, tf32, bf16, fp16, fp8, int8, fp4)"};
    peak.precision = *pr;
    if (c.contains("sparse") && c.at("sparse").is_boolean() && c.at("sparse").get<bool>())
        throw FieldError {where + ".sparse", "peaks must be dense; halve a 2:4-sparse figure and say so in the note"};
    peak.flops = number(c, flopsKey, where, p);
    return peak;
}

Link linkAt(const json& doc, const std::string& where, const HwProfile& p)
{
    if (!doc.is_object())
        throw FieldError {where, "expected an object"};
    Link link;
    link.name = text(doc, "name", where);
    link.bandwidthBps = number(doc, "bandwidth_Bps", where, p);
    link.latencySeconds = optionalNumber(doc, "latency_seconds", where, p);
    if (doc.contains("in_network_reduction")) {
        const json& r = doc.at("in_network_reduction");
        const std::string rw = where + ".in_network_reduction";
        if (!r.is_object() || !r.contains("value") || !r.at("value").is_boolean())
            throw FieldError {rw, "expected {\"value\": true or false, \"source\": ...}"};
        const std::string key = text(r, "source", rw);
        if (!p.source(key))
            throw FieldError {rw + ".source", "'" + key + "' is not listed under \"sources\""};
        if (r.at("value").get<bool>())
            link.inNetworkReductionSource = key;
    }
    return link;
}

HwProfile parse(const json& doc, const std::string& file)
{
    HwProfile p;
    p.file = file;
    if (!doc.is_object())
        throw FieldError {"(top level)", "expected an object"};
    const std::string schema = text(doc, "schema", "");
    if (schema != "solar.hwprofile/1")
        throw FieldError {"schema", "expected \"solar.hwprofile/1\", found \"" + schema + "\""};
    p.id = text(doc, "id", "");
    if (p.id.empty())
        throw FieldError {"id", "must not be empty"};
    p.name = text(doc, "name", "");
    p.vendor = text(doc, "vendor", "", false);
    p.arch = text(doc, "arch", "", false);
    p.deviceKind = text(doc, "device_kind", "", false);
    if (!p.deviceKind.empty() && p.deviceKind != "gpu" && p.deviceKind != "cpu")
        throw FieldError {"device_kind", "expected \"gpu\" or \"cpu\", got \"" + p.deviceKind + "\""};
    const json& sources = member(doc, "sources", "");
    if (!sources.is_object())
        throw FieldError {"sources", "expected an object of source entries"};
    for (const auto& [key, entry] : sources.items()) {
        const std::string where = "sources." + key;
        if (!entry.is_object())
            throw FieldError {where, "expected an object"};
        Source s;
        s.key = key;
        s.citation = text(entry, "citation", where);
        s.url = text(entry, "url", where, false);
        s.date = text(entry, "date", where);
        p.sources.push_back(std::move(s));
    }
    p.clockHz = number(doc, "clock_Hz", "", p);
    const json& compute = member(doc, "compute", "");
    if (!compute.is_array() || compute.empty())
        throw FieldError {"compute", "expected a non-empty array of peaks"};
    for (size_t i = 0; i < compute.size(); ++i) {
        const std::string where = "compute[" + std::to_string(i) + "]";
        Peak peak = peakAt(compute[i], where, "peak_flops", p);
        const std::string unit(unitName(peak.unit)), dtype(precisionName(peak.precision));
        if (p.peakFlops(peak.unit, peak.precision) > 0)
            throw FieldError {where, "duplicate peak for " + unit + " " + dtype};
        p.peaks.push_back(std::move(peak));
    }
    if (p.peakFlops(Unit::Simt, Precision::FP32) <= 0)
        throw FieldError {"compute", "needs a simt fp32 peak (elementwise work runs there)"};
    const json& dram = member(doc, "dram", "");
    p.dramBandwidthBps = number(dram, "bandwidth_Bps", "dram", p);
    p.dramCapacityBytes = number(dram, "capacity_bytes", "dram", p);
    const json& onchip = member(doc, "onchip", "");
    p.l2Bytes = number(onchip, "l2_bytes", "onchip", p);
    p.onchipBytes = number(onchip, "total_bytes", "onchip", p);
    if (onchip.contains("llc_bytes"))
        p.llcBytes = number(onchip, "llc_bytes", "onchip", p);
    if (p.onchipBytes.value < p.l2Bytes.value)
        throw FieldError {"onchip.total_bytes", "is smaller than onchip.l2_bytes"};
    auto optional = [&](const char* key) { return optionalNumber(onchip, key, "onchip", p); };
    p.l2BandwidthBps = optional("l2_bandwidth_Bps");
    p.smBytes = optional("sm_bytes");
    p.smCount = optional("sm_count");
    p.clusterSms = optional("cluster_sms");
    if (p.l2BandwidthBps && p.l2BandwidthBps->value < p.dramBandwidthBps.value)
        throw FieldError {"onchip.l2_bandwidth_Bps", "is below dram.bandwidth_Bps: the L2 feeds the SMs at least as fast as DRAM feeds it"};
    if (p.smBytes.has_value() != p.smCount.has_value())
        throw FieldError {"onchip.sm_bytes", "and onchip.sm_count come together"};
    if (doc.contains("eager")) {
        const json& eager = doc.at("eager");
        if (!eager.is_object())
            throw FieldError {"eager", "expected an object"};
        p.opFloorSeconds = optionalNumber(eager, "op_floor_seconds", "eager", p);
        p.launchFloorSeconds = optionalNumber(eager, "launch_floor_seconds", "eager", p);
    }
    if (doc.contains("achievable")) {
        const json& a = doc.at("achievable");
        if (!a.is_object())
            throw FieldError {"achievable", "expected an object"};
        HwProfile::Achievable ach;
        ach.dramBandwidthBps = optionalNumber(a, "dram_bandwidth_Bps", "achievable", p);
        ach.l2BandwidthBps = optionalNumber(a, "l2_bandwidth_Bps", "achievable", p);
        if (a.contains("compute")) {
            const json& c = a.at("compute");
            if (!c.is_array())
                throw FieldError {"achievable.compute", "expected an array"};
            for (size_t i = 0; i < c.size(); ++i)
                ach.peaks.push_back(peakAt(c[i], "achievable.compute[" + std::to_string(i) + "]", "flops", p));
        }
        p.achievable = std::move(ach);
    }
    if (doc.contains("interconnect")) {
        const json& ic = doc.at("interconnect");
        if (!ic.is_object())
            throw FieldError {"interconnect", "expected an object"};
        Interconnect i;
        i.intraNode = linkAt(member(ic, "intra_node", "interconnect"), "interconnect.intra_node", p);
        i.nodeDevices = number(ic, "node_devices", "interconnect", p);
        if (i.nodeDevices.value < 1 || i.nodeDevices.value != std::floor(i.nodeDevices.value))
            throw FieldError {"interconnect.node_devices.value", "expected a whole number of devices, at least 1"};
        if (ic.contains("inter_node"))
            i.interNode = linkAt(ic.at("inter_node"), "interconnect.inter_node", p);
        p.interconnect = std::move(i);
    }
    if (doc.contains("host")) {
        const json& h = doc.at("host");
        if (!h.is_object())
            throw FieldError {"host", "expected an object"};
        HostDetails d;
        d.cpu = text(h, "cpu", "host", false);
        d.isa = text(h, "isa", "host", false);
        d.calibratedAt = text(h, "calibrated", "host", false);
        d.busy = text(h, "busy", "host", false);
        auto count = [&](const char* key) {
            if (!h.contains(key))
                return 0;
            if (!h.at(key).is_number_integer() || h.at(key).get<int>() < 1)
                throw FieldError {std::string("host.") + key, "expected a positive integer"};
            return h.at(key).get<int>();
        };
        d.cores = count("cores");
        d.threads = count("threads");
        if (h.contains("measurements")) {
            const json& ms = h.at("measurements");
            if (!ms.is_array())
                throw FieldError {"host.measurements", "expected an array"};
            for (size_t i = 0; i < ms.size(); ++i) {
                const std::string where = "host.measurements[" + std::to_string(i) + "]";
                if (!ms[i].is_object() || !ms[i].contains("value") || !ms[i].at("value").is_number())
                    throw FieldError {where, "expected {\"what\", \"value\": number, \"unit\", \"how\"}"};
                d.measurements.push_back(
                    {text(ms[i], "what", where), ms[i].at("value").get<double>(), text(ms[i], "unit", where), text(ms[i], "how", where)});
            }
        }
        p.host = std::move(d);
        if (p.deviceKind.empty())
            p.deviceKind = "cpu"; // a calibrated host
    }
    return p;
}

json numberJson(const Number& n)
{
    json j = {{"value", n.value}, {"source", n.source}};
    if (!n.note.empty())
        j["note"] = n.note;
    return j;
}

json linkJson(const Link& link)
{
    json j = {{"name", link.name}, {"bandwidth_Bps", numberJson(link.bandwidthBps)}};
    if (link.latencySeconds)
        j["latency_seconds"] = numberJson(*link.latencySeconds);
    if (link.inNetworkReduction())
        j["in_network_reduction"] = {{"value", true}, {"source", link.inNetworkReductionSource}};
    return j;
}

} // namespace

std::string_view unitName(Unit unit)
{
    return unit == Unit::Tensor ? "tensor" : "simt";
}

std::string_view precisionName(Precision precision)
{
    return kPrecisionNames[static_cast<int>(precision)];
}

std::optional<Unit> parseUnit(std::string_view name)
{
    if (name == "tensor")
        return Unit::Tensor;
    if (name == "simt")
        return Unit::Simt;
    return std::nullopt;
}

std::optional<Precision> parsePrecision(std::string_view name)
{
    for (int i = 0; i < kPrecisionCount; ++i) {
        if (kPrecisionNames[i] == name)
            return static_cast<Precision>(i);
    }
    return std::nullopt;
}

const Source* HwProfile::source(const std::string& key) const
{
    for (const auto& s : sources) {
        if (s.key == key)
            return &s;
    }
    return nullptr;
}

double HwProfile::peakFlops(Unit unit, Precision precision) const
{
    for (const auto& p : peaks) {
        if (p.unit == unit && p.precision == precision)
            return p.flops.value;
    }
    return 0;
}

Expected<HwProfile> parseHwProfile(std::string_view text, const std::string& file)
{
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        const SourceLoc loc = locationOf(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string what = e.what();
        const auto pos = what.find("syntax error");
        return Expected<HwProfile>::failure(
            Diagnostic {Severity::Error, file, loc, "hw.json", "invalid JSON: " + (pos == std::string::npos ? what : what.substr(pos))});
    }
    if (const auto twice = findDuplicateKey(text))
        return Expected<HwProfile>::failure(Diagnostic {Severity::Error, file, twice->at, "hw.json",
                                                        "\"" + twice->key + "\" is given twice in one object (which one holds?)"});
    try {
        return parse(doc, file);
    } catch (const FieldError& e) {
        return Expected<HwProfile>::failure(Diagnostic {Severity::Error, file, {}, "hw.field", e.field + ": " + e.message});
    } catch (const json::exception& e) {
        return Expected<HwProfile>::failure(Diagnostic {Severity::Error, file, {}, "hw.field", e.what()});
    }
}

std::string profileToJson(const HwProfile& p)
{
    json sources = json::object();
    for (const auto& s : p.sources) {
        json entry = {{"citation", s.citation}, {"date", s.date}};
        if (!s.url.empty())
            entry["url"] = s.url;
        sources[s.key] = entry;
    }
    json compute = json::array();
    for (const auto& peak : p.peaks)
        compute.push_back(
            {{"unit", unitName(peak.unit)}, {"dtype", precisionName(peak.precision)}, {"peak_flops", numberJson(peak.flops)}});
    json doc = {{"schema", "solar.hwprofile/1"},
                {"id", p.id},
                {"name", p.name},
                {"vendor", p.vendor},
                {"arch", p.arch},
                {"sources", sources},
                {"clock_Hz", numberJson(p.clockHz)},
                {"compute", compute},
                {"dram", {{"bandwidth_Bps", numberJson(p.dramBandwidthBps)}, {"capacity_bytes", numberJson(p.dramCapacityBytes)}}},
                {"onchip", {{"l2_bytes", numberJson(p.l2Bytes)}, {"total_bytes", numberJson(p.onchipBytes)}}}};
    if (!p.deviceKind.empty())
        doc["device_kind"] = p.deviceKind;
    if (p.llcBytes)
        doc["onchip"]["llc_bytes"] = numberJson(*p.llcBytes);
    if (p.l2BandwidthBps)
        doc["onchip"]["l2_bandwidth_Bps"] = numberJson(*p.l2BandwidthBps);
    if (p.smBytes)
        doc["onchip"]["sm_bytes"] = numberJson(*p.smBytes);
    if (p.smCount)
        doc["onchip"]["sm_count"] = numberJson(*p.smCount);
    if (p.clusterSms)
        doc["onchip"]["cluster_sms"] = numberJson(*p.clusterSms);
    if (p.opFloorSeconds)
        doc["eager"]["op_floor_seconds"] = numberJson(*p.opFloorSeconds);
    if (p.launchFloorSeconds)
        doc["eager"]["launch_floor_seconds"] = numberJson(*p.launchFloorSeconds);
    if (p.achievable) {
        json a = json::object();
        if (p.achievable->dramBandwidthBps)
            a["dram_bandwidth_Bps"] = numberJson(*p.achievable->dramBandwidthBps);
        if (p.achievable->l2BandwidthBps)
            a["l2_bandwidth_Bps"] = numberJson(*p.achievable->l2BandwidthBps);
        json c = json::array();
        for (const auto& peak : p.achievable->peaks)
            c.push_back({{"unit", unitName(peak.unit)}, {"dtype", precisionName(peak.precision)}, {"flops", numberJson(peak.flops)}});
        if (!c.empty())
            a["compute"] = c;
        doc["achievable"] = a;
    }
    if (p.interconnect) {
        json ic = {{"intra_node", linkJson(p.interconnect->intraNode)}, {"node_devices", numberJson(p.interconnect->nodeDevices)}};
        if (p.interconnect->interNode)
            ic["inter_node"] = linkJson(*p.interconnect->interNode);
        doc["interconnect"] = ic;
    }
    if (p.host) {
        json h = {{"cpu", p.host->cpu}, {"isa", p.host->isa}, {"calibrated", p.host->calibratedAt}};
        if (p.host->cores > 0)
            h["cores"] = p.host->cores;
        if (p.host->threads > 0)
            h["threads"] = p.host->threads;
        if (!p.host->busy.empty())
            h["busy"] = p.host->busy;
        json ms = json::array();
        for (const auto& m : p.host->measurements)
            ms.push_back({{"what", m.what}, {"value", m.value}, {"unit", m.unit}, {"how", m.how}});
        h["measurements"] = ms;
        doc["host"] = h;
    }
    return doc.dump(2) + "\n";
}

} // namespace solar::hw
