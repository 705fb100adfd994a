// SPDX-License-Identifier: MIT
#include "engine/measure/cudacalibration.h"

#include "engine/core/format.h"
#include "engine/core/textfile.h"
#include "engine/hw/hardwarenames.h"

#include <QDateTime>

namespace solar::measure {

namespace {

Diagnostic error(const std::string& code, std::string message)
{
    return Diagnostic {Severity::Error, "", {}, code, std::move(message)};
}

double positive(const nlohmann::json& j, const char* key)
{
    return j.contains(key) && j[key].is_number() && j[key].get<double>() > 0 ? j[key].get<double>() : 0;
}

std::string percentOf(double measured, double datasheet)
{
    return datasheet > 0 ? formatSignificant(100 * measured / datasheet, 3) + " % of the datasheet's " : std::string();
}

} // namespace

Expected<hw::HwProfile> cudaBaseProfile(const hw::HwRegistry& registry, const std::string& deviceName, const std::string& base)
{
    if (!base.empty()) {
        const hw::HwProfile* p = registry.find(base);
        if (!p)
            return Expected<hw::HwProfile>::failure(error("calibrate.base", "no hardware profile '" + base + "' (solar hw list)"));
        if (const auto other = hw::otherHardwareNamed(deviceName, *p))
            return Expected<hw::HwProfile>::failure(
                error("calibrate.base", "the device is \"" + deviceName + "\", " + *other + ", not " + p->name + " (" + p->id + ")"));
        return *p;
    }
    std::vector<const hw::HwProfile*> candidates;
    for (const auto& p : registry.profiles)
        if (p.deviceKind == "gpu" && !p.user && !hw::otherHardwareNamed(deviceName, p))
            candidates.push_back(&p);
    if (candidates.size() == 1)
        return *candidates.front();
    std::string names;
    for (const auto* p : candidates)
        names += (names.empty() ? "" : ", ") + p->id;
    return Expected<hw::HwProfile>::failure(error("calibrate.base",
                                                  "name the datasheet profile of \"" + deviceName + "\" with --base ("
                                                      + (candidates.empty() ? std::string("no") : std::to_string(candidates.size()))
                                                      + " shipped GPU profile" + (candidates.size() == 1 ? "" : "s") + " match its name"
                                                      + (names.empty() ? std::string() : ": " + names) + ")"));
}

Expected<hw::HwProfile> cudaProfileFromReply(const nlohmann::json& r, const hw::HwProfile& base, const std::string& id,
                                             const std::string& when)
{
    if (!r.is_object() || !r.contains("device") || !r["device"].is_object())
        return Expected<hw::HwProfile>::failure(error("calibrate.protocol", "the CUDA calibration reply has no device"));
    const nlohmann::json& dev = r["device"];
    const std::string device = dev.value("name", std::string("a CUDA device"));
    hw::HwProfile p = base;
    p.id = id.empty() ? base.id + "-calibrated" : id;
    p.name = base.name + ", calibrated (" + device + ")";
    p.user = true;
    p.file.clear();
    p.deviceKind = "gpu";
    const std::string torch = dev.value("torch", std::string()), cuda = dev.value("cuda", std::string());
    p.sources.push_back({"CUDA",
                         "measured by solar hw calibrate --device cuda on " + device + " (torch " + torch + ", CUDA " + cuda
                             + "): CUDA events around each call, best of " + std::to_string(r.value("repeats", 0))
                             + " repeats after a warm-up; the datasheet figures stay the bound",
                         "", when});
    hw::HostDetails details;
    details.cpu = device;
    details.isa = "CUDA compute capability " + dev.value("capability", std::string("?"));
    details.calibratedAt = when;
    auto record = [&](const std::string& what, double value, const std::string& unit, const std::string& how) {
        if (value > 0)
            details.measurements.push_back({what, value, unit, how});
    };

    hw::HwProfile::Achievable ach;
    // A measurement above the datasheet figure proves the datasheet too low for a bound: the bound takes the
    // measurement (a bound below a real run is no bound), and the note says so.
    auto ceiling = [&](hw::Number& bound, double measured, const std::string& what) {
        if (measured > bound.value)
            bound = {measured, "CUDA",
                     "measured " + what + " above the datasheet's " + formatSi(bound.value, "") + " (" + bound.source
                         + "): the datasheet figure is too low for a bound, so the measurement is used"};
    };
    if (const double copy = positive(r, "copy_Bps"); copy > 0) {
        const std::string how = "device-to-device copy of " + formatBytes(r.value("copy_bytes", 0.0)) + ", read + write, "
            + percentOf(copy, p.dramBandwidthBps.value) + formatSi(p.dramBandwidthBps.value, "B/s");
        ach.dramBandwidthBps = hw::Number {copy, "CUDA", "measured: " + how};
        record("DRAM: " + how, copy, "B/s", "measured");
        ceiling(p.dramBandwidthBps, copy, "DRAM bandwidth");
    }
    if (const double l2 = positive(r, "l2_copy_Bps"); l2 > 0) {
        ach.l2BandwidthBps = hw::Number {l2, "CUDA", "measured: a copy both of whose buffers fit in an eighth of the L2, read + write"};
        record("L2-resident copy bandwidth", l2, "B/s", "measured");
    }
    if (const double l2Bytes = positive(dev, "l2_bytes"); l2Bytes > 0)
        record("L2 size reported by the device", l2Bytes, "B", "torch.cuda.get_device_properties");
    if (r.contains("gemm_flops") && r["gemm_flops"].is_object()) {
        const int n = r.value("gemm_n", 0);
        for (const auto& [dtype, value] : r["gemm_flops"].items()) {
            if (!value.is_number() || !(value.get<double>() > 0))
                continue;
            const double flops = value.get<double>();
            // fp32 GEMMs without TF32 run on the SIMT units; the others on tensor cores.
            const hw::Unit unit = dtype == "fp32" ? hw::Unit::Simt : hw::Unit::Tensor;
            const auto precision = hw::parsePrecision(dtype);
            if (!precision)
                continue;
            const double datasheet = p.peakFlops(unit, *precision);
            const std::string how
                = std::to_string(n) + "^3 " + dtype + " GEMM, " + percentOf(flops, datasheet) + formatSi(datasheet, "FLOP/s");
            ach.peaks.push_back({unit, *precision, hw::Number {flops, "CUDA", "measured: " + how}});
            record(dtype + " GEMM", flops, "FLOP/s", "measured: " + how);
            for (auto& peak : p.peaks)
                if (peak.unit == unit && peak.precision == *precision)
                    ceiling(peak.flops, flops, dtype + " GEMM rate");
        }
    }
    const int launches = r.value("launches", 0);
    if (const double graph = positive(r, "graph_launch_seconds"); graph > 0) {
        p.launchFloorSeconds = hw::Number {graph, "CUDA",
                                           "measured: " + std::to_string(launches)
                                               + " one-element in-place adds replayed back to back in a CUDA graph, the least time per "
                                                 "kernel; every kernel of a program launches and finishes at least as such an add does"};
        record("kernel in a CUDA graph, back to back", graph, "s", "measured (the launch floor)");
    }
    if (const double eager = positive(r, "launch_seconds"); eager > 0)
        record("eager one-element add from Python, back to back (device time)", eager, "s", "measured");
    if (const double dispatch = positive(r, "dispatch_seconds"); dispatch > 0) {
        p.opFloorSeconds = hw::Number {dispatch / 2, "CUDA",
                                       "measured: half the host's time per eager one-element add from Python (" + formatSeconds(dispatch)
                                           + "), since a composite's inner operators skip the Python binding; eager mode only"};
        record("host time per eager op from Python", dispatch, "s", "measured (the dispatch floor is half of it)");
    }
    if (!ach.dramBandwidthBps && ach.peaks.empty())
        return Expected<hw::HwProfile>::failure(error("calibrate.protocol", "the CUDA calibration measured neither a copy nor a GEMM"));
    p.achievable = std::move(ach);
    p.host = std::move(details);
    return p;
}

namespace {

Expected<hw::HwProfile> profileFor(const nlohmann::json& reply, const hw::HwRegistry& registry, const CudaCalibrationOptions& options)
{
    const std::string device
        = reply.contains("device") && reply["device"].is_object() ? reply["device"].value("name", std::string()) : std::string();
    auto base = cudaBaseProfile(registry, device, options.base);
    if (!base)
        return base;
    const std::string when = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    return cudaProfileFromReply(reply, *base, options.id, when);
}

} // namespace

Expected<hw::HwProfile> cudaProfileFromFile(const std::string& path, const hw::HwRegistry& registry, const CudaCalibrationOptions& options)
{
    const auto text = readTextFile(path);
    if (!text)
        return Expected<hw::HwProfile>::failure(text.diagnostics());
    try {
        return profileFor(nlohmann::json::parse(*text), registry, options);
    } catch (const nlohmann::json::parse_error& e) {
        return Expected<hw::HwProfile>::failure(Diagnostic {Severity::Error, path, {}, "calibrate.json", e.what()});
    }
}

Expected<hw::HwProfile> calibrateCuda(worker::TraceWorker& worker, const hw::HwRegistry& registry, const CudaCalibrationOptions& options)
{
    if (options.progress)
        options.progress("CUDA device: copies, GEMMs per dtype, kernel launches plain and in a CUDA graph, eager dispatch ...");
    auto reply = worker.command({{"cmd", "cuda_calibrate"}}, "", options.timeoutMs, "calibrate");
    if (!reply)
        return Expected<hw::HwProfile>::failure(reply.diagnostics());
    return profileFor(*reply, registry, options);
}

} // namespace solar::measure
