// SPDX-License-Identifier: MIT
#include "engine/hw/whatif.h"

#include "engine/core/atomicwrite.h"
#include "engine/hw/registry.h"

#include <QDir>

namespace solar::hw {

HwProfile whatIfProfile(const HwProfile& base, const WhatIfFactors& f, const std::string& id)
{
    HwProfile p = base;
    p.id = id;
    p.name = base.name + " (what-if)";
    p.user = true;
    const std::string key = "solar-studio-what-if";
    p.sources.push_back({key, "Edited in SOLAR Studio from " + base.id + " (factors on its sourced values)", "", ""});
    // A peak takes its unit's factor, then the clock's (in that order, so the GUI's machine is bit-identical).
    auto edited = [&](Number& n, double factor, double clock = 1.0) {
        if (factor * clock == 1.0)
            return;
        n.note = "×" + std::to_string(factor * clock) + " of " + base.id + " (source " + n.source + ")";
        n.value = n.value * factor * clock;
        n.source = key;
    };
    edited(p.dramBandwidthBps, f.bandwidth);
    edited(p.onchipBytes, f.onchip);
    edited(p.clockHz, f.clock);
    for (auto& peak : p.peaks)
        edited(peak.flops, peak.unit == Unit::Tensor ? f.tensorPeak : f.simtPeak, f.clock);
    if (p.interconnect) {
        edited(p.interconnect->intraNode.bandwidthBps, f.link);
        if (p.interconnect->interNode)
            edited(p.interconnect->interNode->bandwidthBps, f.link);
    }
    return p;
}

Expected<std::string> saveUserProfile(const HwProfile& profile, const std::string& directory)
{
    const QString dir = QString::fromStdString(directory.empty() ? userHwProfileDir() : directory);
    auto fail = [&](const std::string& why) {
        return Expected<std::string>::failure(Diagnostic {Severity::Error, dir.toStdString(), {}, "hw.save", why});
    };
    if (profile.id.empty())
        return fail("a profile needs an id");
    if (!QDir().mkpath(dir))
        return fail("cannot create the folder " + dir.toStdString());
    const QString path = QDir(dir).filePath(QString::fromStdString(profile.id) + QStringLiteral(".json"));
    QString why;
    if (!writeFileAtomically(path, profileToJson(profile), &why))
        return fail(why.toStdString());
    return path.toStdString();
}

} // namespace solar::hw
