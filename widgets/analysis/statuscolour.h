// SPDX-License-Identifier: MIT
// One colour per validation status (and outcome of an LLM attempt), and one per bottleneck, used wherever they
// are shown.
#pragma once

#include <QColor>
#include <QString>

/// The fill of an operator (graph box, bar) bound by compute or by memory.
inline QColor bottleneckColour(bool computeBound)
{
    return computeBound ? QColor(0xf2, 0xa0, 0x70) : QColor(0x8c, 0xb8, 0xf0);
}

inline QColor statusColour(const QString& status)
{
    if (status == QLatin1String("validated"))
        return QColor(0x20, 0x80, 0x20);
    if (status == QLatin1String("unvalidated"))
        return QColor(0xa0, 0x70, 0x00);
    return QColor(0xc0, 0x20, 0x20); // mismatch, and every failed outcome
}
