// SPDX-License-Identifier: MIT
// Numbers with units as the GUI and the PDF report show them: the engine's formatting ("3.35 TB/s", "81.4 µs")
// with the locale's decimal separator ("3,35 TB/s" in German). Exports (JSON, CSV, YAML) stay locale-independent:
// they use the engine's reporters directly.
#pragma once

#include "engine/core/format.h"

#include <QLocale>
#include <QString>

#include <cmath>

inline QString localizedNumbers(const std::string& text)
{
    QString s = QString::fromStdString(text);
    const QString point = QLocale().decimalPoint();
    if (point == QLatin1String("."))
        return s;
    for (qsizetype i = 1; i + 1 < s.size(); ++i)
        if (s[i] == QLatin1Char('.') && s[i - 1].isDigit() && s[i + 1].isDigit())
            s.replace(i, 1, point);
    return s;
}

inline QString siText(double value, const char* unit)
{
    return localizedNumbers(solar::formatSi(value, unit));
}

inline QString secondsText(double seconds)
{
    return localizedNumbers(solar::formatSeconds(seconds));
}

/// A plain number with `digits` decimals in the locale's format.
inline QString fixedText(double value, int digits)
{
    return QLocale().toString(value, 'f', digits);
}

/// A scale factor as a reader takes it in, the "×" left to the text around it: "0.52", "3.834", "1/26,082" below
/// 0.01 (a what-if that needs 1/26,082 of today's peak, not "3.834e-05"), "12,345" from 1,000 up; locale digits.
inline QString factorText(double factor)
{
    if (!std::isfinite(factor) || factor <= 0)
        return QLocale().toString(factor, 'g', 4);
    if (factor < 0.01)
        return QStringLiteral("1/") + QLocale().toString(static_cast<qlonglong>(std::llround(1.0 / factor)));
    if (factor >= 1000)
        return QLocale().toString(static_cast<qlonglong>(std::llround(factor)));
    return QLocale().toString(factor, 'g', 4);
}
