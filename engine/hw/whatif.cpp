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
    auto edited = [&](Number& n, double factor) {
        if (factor == 1.0)
            return;
        n.note = "×" + std::to_string(factor) + " of " + base.id + " (source " + n.source + ")";
        n.value *= factor;
        n.source = key;
    };
    edited(p.dramBandwidthBps, f.bandwidth);
    edited(p.onchipBytes, f.onchip);
    edited(p.clockHz, f.clock);
    for (auto& peak : p.peaks) {
        const double unit = peak.unit == Unit::Tensor ? f.tensorPeak : f.simtPeak;
        if (unit * f.clock == 1.0)
            continue;
        peak.flops.note = "×" + std::to_string(unit * f.clock) + " of " + base.id + " (source " + peak.flops.source + ")";
        peak.flops.value = peak.flops.value * unit * f.clock; // the unit's factor, then the clock's (as the GUI shows them)
        peak.flops.source = key;
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
