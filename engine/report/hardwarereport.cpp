// SPDX-License-Identifier: MIT
#include "engine/report/hardwarereport.h"

#include "engine/core/format.h"

namespace solar::report {

std::string hwListTable(const hw::HwRegistry& reg)
{
    std::string out = padText("id", 18) + padText("name", 34) + padText("bf16 tensor", 14, true) + padText("fp32 SIMT", 13, true)
        + padText("DRAM", 12, true) + padText("on-chip", 11, true) + "\n";
    for (const auto& p : reg.profiles) {
        out += padText(p.id + (p.user ? " (user)" : ""), 18) + padText(p.name, 34)
            + padText(p.peakFlops(hw::Unit::Tensor, hw::Precision::BF16) > 0
                          ? formatSi(p.peakFlops(hw::Unit::Tensor, hw::Precision::BF16), "FLOP/s")
                          : "-",
                      14, true)
            + padText(formatSi(p.peakFlops(hw::Unit::Simt, hw::Precision::FP32), "FLOP/s"), 13, true)
            + padText(formatSi(p.dramBandwidthBps.value, "B/s"), 12, true) + padText(formatSi(p.onchipBytes.value, "B"), 11, true) + "\n";
    }
    for (const auto& d : reg.problems)
        out += d.format() + "\n";
    return out;
}

std::string hwShowTable(const hw::HwProfile& p)
{
    std::string out = p.name + " (" + p.id + ")\n  " + (p.vendor.empty() ? "" : p.vendor + ", ") + p.arch + "\n"
        + (p.file.empty() ? "" : "  file: " + p.file + "\n") + "\n";
    auto line = [&](const std::string& what, const std::string& value, const hw::Number& n) {
        out += "  " + padText(what, 22) + padText(value, 16, true) + "  [" + n.source + "]" + (n.note.empty() ? "" : " " + n.note) + "\n";
    };
    line("clock", formatSi(p.clockHz.value, "Hz"), p.clockHz);
    for (const auto& peak : p.peaks)
        line(std::string(hw::unitName(peak.unit)) + " " + std::string(hw::precisionName(peak.precision)),
             formatSi(peak.flops.value, "FLOP/s"), peak.flops);
    line("DRAM bandwidth", formatSi(p.dramBandwidthBps.value, "B/s"), p.dramBandwidthBps);
    line("DRAM capacity", formatSi(p.dramCapacityBytes.value, "B"), p.dramCapacityBytes);
    line("L2", formatSi(p.l2Bytes.value, "B"), p.l2Bytes);
    if (p.llcBytes)
        line(p.host ? "L3" : "memory-side cache", formatSi(p.llcBytes->value, "B"), *p.llcBytes);
    line("on-chip total", formatSi(p.onchipBytes.value, "B"), p.onchipBytes);
    if (p.opFloorSeconds)
        line("eager dispatch floor", formatSeconds(p.opFloorSeconds->value), *p.opFloorSeconds);
    if (p.launchFloorSeconds)
        line("kernel launch floor", formatSeconds(p.launchFloorSeconds->value), *p.launchFloorSeconds);
    if (p.interconnect) {
        const auto& ic = *p.interconnect;
        auto link = [&](const std::string& where, const hw::Link& l) {
            line(where + " link", formatSi(l.bandwidthBps.value, "B/s"), l.bandwidthBps);
            out += "  " + padText("", 22) + padText("", 16) + "  " + l.name + ", per device and direction\n";
            if (l.latencySeconds)
                line(where + " latency", formatSeconds(l.latencySeconds->value), *l.latencySeconds);
            if (l.inNetworkReduction())
                out += "  " + padText(where + " reduction", 22) + padText("in network", 16, true) + "  [" + l.inNetworkReductionSource
                    + "]\n";
        };
        line("devices per node", formatFixed(ic.nodeDevices.value, 0), ic.nodeDevices);
        link("intra-node", ic.intraNode);
        if (ic.interNode)
            link("inter-node", *ic.interNode);
    }
    if (p.achievable) {
        // Beside the bound, never instead of it.
        out += "\nachievable on this device (measured ceilings; the figures above bound):\n";
        for (const auto& peak : p.achievable->peaks)
            line(std::string(hw::unitName(peak.unit)) + " " + std::string(hw::precisionName(peak.precision)),
                 formatSi(peak.flops.value, "FLOP/s"), peak.flops);
        if (p.achievable->dramBandwidthBps)
            line("DRAM bandwidth", formatSi(p.achievable->dramBandwidthBps->value, "B/s"), *p.achievable->dramBandwidthBps);
        if (p.achievable->l2BandwidthBps)
            line("L2 bandwidth", formatSi(p.achievable->l2BandwidthBps->value, "B/s"), *p.achievable->l2BandwidthBps);
    }
    if (p.host) {
        out += "\ncalibrated " + p.host->calibratedAt + " on " + p.host->cpu + ": " + std::to_string(p.host->cores) + " cores, "
            + std::to_string(p.host->threads) + " threads used, " + p.host->isa + "\n";
        if (!p.host->busy.empty())
            out += "  warning: " + p.host->busy + "\n";
        for (const auto& m : p.host->measurements)
            out += "  " + padText(m.what, 56) + padText(m.unit == "B" ? formatBytes(m.value) : formatSi(m.value, m.unit), 14, true) + "  "
                + m.how + "\n";
    }
    out += "\nsources:\n";
    for (const auto& s : p.sources)
        out += "  [" + s.key + "] " + s.citation + (s.url.empty() ? "" : " <" + s.url + ">") + " (" + s.date + ")\n";
    return out;
}

} // namespace solar::report
