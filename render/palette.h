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

/// Text that must stand out: an error ("INCOMPLETE", a missing key), a caution (stale results, what-if hardware)
/// and an approximation (counts that are lower bounds).
inline QColor errorColour()
{
    return QColor(0xc0, 0x20, 0x20);
}

inline QColor cautionColour()
{
    return QColor(0xb0, 0x60, 0x00);
}

inline QColor approximateColour()
{
    return QColor(0xa0, 0x70, 0x00);
}

/// Rich text names its colours by meaning, `color:{error}`, `{caution}`, `{approximate}`, so that translations carry no
/// colour values; this fills them in (after tr(), before display).
inline QString withPalette(QString html)
{
    html.replace(QLatin1String("{error}"), errorColour().name());
    html.replace(QLatin1String("{caution}"), cautionColour().name());
    html.replace(QLatin1String("{approximate}"), approximateColour().name());
    return html;
}

/// The editor's line markers and underlines by diagnostic severity, and the marker of the selected operator's lines.
inline QColor errorMarkerColour()
{
    return QColor(0xd0, 0x30, 0x30);
}

inline QColor warningMarkerColour()
{
    return QColor(0xe0, 0xa0, 0x20);
}

inline QColor noteMarkerColour()
{
    return QColor(0x40, 0x80, 0xd0);
}

inline QColor lineSelectionMarkerColour()
{
    return QColor(0x30, 0x90, 0x50);
}

/// The operator table's text for a compute- or memory-bound row (darker than the fills, readable on white).
inline QColor bottleneckTextColour(bool computeBound)
{
    return computeBound ? QColor(0xc0, 0x50, 0x20) : QColor(0x20, 0x60, 0xc0);
}

/// Figures are printed: paper, ink, grid lines, dotted guides, and neutral marks (measured points, outlines).
inline QColor paperColour()
{
    return QColor(0xff, 0xff, 0xff);
}

inline QColor inkColour()
{
    return QColor(0x00, 0x00, 0x00);
}

inline QColor gridColour()
{
    return QColor(0xe0, 0xe0, 0xe0);
}

inline QColor guideColour()
{
    return QColor(0x60, 0x60, 0x60);
}

inline QColor markColour()
{
    return QColor(0x40, 0x40, 0x40);
}

/// The einsum graph's edges.
inline QColor edgeColour()
{
    return QColor(0x80, 0x80, 0x80);
}

/// `colour` made translucent (alpha 0..255): shaded areas.
inline QColor shade(QColor colour, int alpha)
{
    colour.setAlpha(alpha);
    return colour;
}

/// A graph box before the analysis colours it.
inline QColor neutralFillColour()
{
    return QColor(0xc0, 0xc0, 0xc0);
}

/// A graph box by its share of the time (0: white, 1: deep red): the heat view.
inline QColor heatColour(double share)
{
    return QColor::fromRgbF(1.0f, static_cast<float>(1 - 0.8 * share), static_cast<float>(1 - 0.85 * share));
}

/// The insights pane's highlight of the operators an opportunity names (translucent amber).
inline QColor highlightColour()
{
    return QColor(0xf0, 0xa0, 0x40, 0xa0);
}

/// The measured-against-bound plot's series: eager vs F3, eager vs F0, compiled vs F3.
inline QColor seriesColour(int series)
{
    static const QColor colours[] = {QColor(0x20, 0x70, 0xd0), QColor(0xd0, 0x60, 0x20), QColor(0x20, 0x90, 0x40)};
    return colours[static_cast<unsigned>(series) % 3];
}

/// The ALIR editor's syntax colours, for a light or a dark background.
enum class SyntaxRole { Comment, Keyword, DType, Builtin, Number, Operator, String };

inline QColor syntaxColour(SyntaxRole role, bool dark)
{
    switch (role) {
    case SyntaxRole::Comment: return dark ? QColor(0x7f, 0x9f, 0x7f) : QColor(0x3f, 0x7f, 0x3f);
    case SyntaxRole::Keyword: return dark ? QColor(0x8c, 0xb4, 0xff) : QColor(0x00, 0x33, 0xb3);
    case SyntaxRole::DType: return dark ? QColor(0x4e, 0xc9, 0xb0) : QColor(0x00, 0x80, 0x80);
    case SyntaxRole::Builtin: return dark ? QColor(0xdc, 0xdc, 0xaa) : QColor(0x80, 0x50, 0x00);
    case SyntaxRole::Number: return dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x09, 0x86, 0x58);
    case SyntaxRole::Operator: return dark ? QColor(0xd4, 0xd4, 0xd4) : QColor(0x40, 0x40, 0x40);
    case SyntaxRole::String: return dark ? QColor(0xce, 0x91, 0x78) : QColor(0xa3, 0x15, 0x15);
    }
    return dark ? QColor(0xd4, 0xd4, 0xd4) : QColor(0x00, 0x00, 0x00);
}
