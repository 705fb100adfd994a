// SPDX-License-Identifier: MIT
// What the suites that build Hugging Face models share: whether the Python they would use has transformers.
#pragma once

#include "engine/worker/pythonlocator.h"

#include <QProcess>
#include <QString>

#include <string>

namespace testutil {

/// Why a suite that needs transformers cannot run here, empty when it can (the torch 2.x environment of
/// ./scripts/test installs it).
inline std::string transformersSkipReason()
{
    const auto python = solar::worker::locatePython();
    if (!python)
        return "no Python interpreter with torch on this machine";
    QProcess probe;
    probe.start(QString::fromStdString(python->executable), {QStringLiteral("-c"), QStringLiteral("import transformers")});
    if (!probe.waitForFinished(120000) || probe.exitCode() != 0)
        return "transformers is not installed in " + python->executable + " (the torch2 environment of ./scripts/test installs it)";
    return {};
}

} // namespace testutil
