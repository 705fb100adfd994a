// SPDX-License-Identifier: MIT
// Every colour that carries meaning, in one place: one per bottleneck (graph boxes, bars, roofline points), one
// per validation status and LLM-attempt outcome, and the roofs. Views, figures and reports all draw with these.
#pragma once

#include <QColor>
#include <QString>

/// The fill of an operator (graph box, bar) bound by compute or by memory.
inline QColor bottleneckColour(bool computeBound)
{
    return computeBound ? QColor(0xf2, 0xa0, 0x70) : QColor(0x8c, 0xb8, 0xf0);
}

/// The stronger tone of the same two colours, for roofline markers.
inline QColor bottleneckMarkerColour(bool computeBound)
{
    return computeBound ? QColor(0xd0, 0x60, 0x20) : QColor(0x20, 0x70, 0xd0);
}

/// Roofs of the analysed machine (solid) and of overlaid ones (dashed).
inline QColor roofColour(bool primary)
{
    return primary ? QColor(0x30, 0x30, 0x30) : QColor(0x80, 0x80, 0x80);
}

/// The selection ring around the selected operator.
inline QColor selectionColour()
{
    return QColor(0x20, 0xa0, 0x40);
}

/// "validated" green; "unvalidated", "validated, with a caveat" and a validation still running amber; a mismatch or
/// any failed outcome red.
inline QColor statusColour(const QString& status)
{
    if (status == QLatin1String("validated"))
        return QColor(0x20, 0x80, 0x20);
    if (status == QLatin1String("unvalidated") || status.startsWith(QLatin1String("validated,"))
        || status.startsWith(QLatin1String("validating")))
        return QColor(0xa0, 0x70, 0x00);
    return QColor(0xc0, 0x20, 0x20);
}
