// SPDX-License-Identifier: MIT
#include "render/hardwarecaption.h"

#include "engine/bounds/machinechanges.h"
#include "render/units.h"

#include <QCoreApplication>

QString whatIfFactorsText(const solar::AnalysisResult& r)
{
    const auto changes = solar::bounds::machineChanges(r.machine, solar::bounds::machineFromProfile(r.hardware));
    return localizedNumbers(solar::bounds::machineChangesSummary(changes));
}

QString hardwareCaption(const solar::AnalysisResult& r)
{
    const QString name = QString::fromStdString(r.hardware.name);
    const QString factors = whatIfFactorsText(r);
    return factors.isEmpty() ? name : QCoreApplication::translate("HardwareCaption", "%1 (what-if: %2)").arg(name, factors);
}
