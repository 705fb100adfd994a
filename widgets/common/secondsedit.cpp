// SPDX-License-Identifier: MIT
#include "widgets/common/secondsedit.h"
#include "render/palette.h"

#include "render/units.h"

#include <QRegularExpression>

#include <cmath>

SecondsEdit::SecondsEdit(const QString& emptyText, QWidget* parent)
    : QLineEdit(parent)
    , m_help(tr("A time with its unit: s, ms, µs (or us), ns; a bare number is in milliseconds. Empty: none."))
{
    setPlaceholderText(emptyText);
    setToolTip(m_help);
    setClearButtonEnabled(true);
    connect(this, &QLineEdit::editingFinished, this, &SecondsEdit::commit);
}

std::optional<double> SecondsEdit::parse(const QString& text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return 0.0;
    static const QRegularExpression form(QStringLiteral("^([0-9]*[.,]?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(s|ms|us|µs|μs|ns|ps)?$"));
    const auto m = form.match(t);
    if (!m.hasMatch())
        return std::nullopt;
    QString number = m.captured(1);
    number.replace(QLatin1Char(','), QLatin1Char('.')); // "0,19 ms" from a German keyboard
    bool ok = false;
    const double v = number.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        return std::nullopt;
    const QString unit = m.captured(2);
    double scale = 1e-6; // µs, us
    if (unit == QLatin1String("s"))
        scale = 1.0;
    else if (unit.isEmpty() || unit == QLatin1String("ms"))
        scale = 1e-3;
    else if (unit == QLatin1String("ns"))
        scale = 1e-9;
    else if (unit == QLatin1String("ps"))
        scale = 1e-12;
    return v * scale;
}

void SecondsEdit::setSeconds(std::optional<double> seconds)
{
    const std::optional<double> value = seconds && *seconds > 0 ? seconds : std::nullopt;
    const bool changed = value != m_seconds;
    m_seconds = value;
    showValue();
    if (changed)
        emit secondsChanged();
}

void SecondsEdit::commit()
{
    const auto parsed = parse(text());
    if (!parsed) {
        setToolTip(tr("'%1' is not a time. %2").arg(text(), m_help));
        setStyleSheet(QStringLiteral("color: %1").arg(errorColour().name()));
        return;
    }
    setToolTip(m_help);
    setStyleSheet(QString());
    setSeconds(*parsed);
}

void SecondsEdit::showValue()
{
    setText(m_seconds ? secondsText(*m_seconds) : QString());
}
