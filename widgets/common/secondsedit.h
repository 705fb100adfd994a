// SPDX-License-Identifier: MIT
// A time typed with its unit ("190 µs", "0.19 ms", "2e-4 s", "190us"; a bare number is in milliseconds) and shown
// as the engine formats times, with 3-4 significant digits and a unit ("190 µs"), never "0.190000000 ms". Empty
// (or 0) means no time. Invalid text is refused with a message in the tooltip and the last value kept.
#pragma once

#include <QLineEdit>

#include <optional>

class SecondsEdit : public QLineEdit
{
    Q_OBJECT
public:
    explicit SecondsEdit(const QString& emptyText, QWidget* parent = nullptr);

    /// The time in seconds; nullopt when none.
    std::optional<double> seconds() const { return m_seconds; }
    /// Shows `seconds` (nullopt or <= 0: none). Emits secondsChanged() when it changes.
    void setSeconds(std::optional<double> seconds);

    /// "190 µs" -> 1.9e-4; a bare number is in milliseconds; "" -> 0 (no time); nullopt when it does not parse.
    static std::optional<double> parse(const QString& text);

signals:
    void secondsChanged();

private:
    void commit();
    void showValue();

    std::optional<double> m_seconds;
    QString m_help;
};
