// SPDX-License-Identifier: MIT
// One colour per validation status (and outcome of an LLM attempt), used wherever a status is shown.
#pragma once

#include <QColor>
#include <QString>

inline QColor statusColour(const QString& status)
{
    if (status == QLatin1String("validated"))
        return QColor(0x20, 0x80, 0x20);
    if (status == QLatin1String("unvalidated"))
        return QColor(0xa0, 0x70, 0x00);
    return QColor(0xc0, 0x20, 0x20); // mismatch, and every failed outcome
}
