// SPDX-License-Identifier: MIT
#include "widgets/editor/frontendoptionbar.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>

#include <limits>

namespace {

QString translated(const char* label)
{
    return QCoreApplication::translate("FrontendOption", label);
}

} // namespace

FrontendOptionBar::FrontendOptionBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("frontend-options"));
    m_layout = new QHBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
}

void FrontendOptionBar::setFrontend(const solar::Frontend* frontend, const QString& path)
{
    m_frontend = frontend;
    m_path = path;
    rebuild();
}

void FrontendOptionBar::rebuild()
{
    while (QLayoutItem* item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_controls.clear();
    if (!m_frontend)
        return;
    for (const solar::FrontendOption& o : m_frontend->options()) {
        if (o.place != solar::FrontendOption::Place::Toolbar)
            continue;
        auto* label = new QLabel(QStringLiteral(" %1: ").arg(translated(o.label)), this);
        QWidget* control = makeControl(o);
        control->setObjectName(QStringLiteral("option-") + QString::fromStdString(o.key));
        control->setToolTip(QString::fromStdString(o.help));
        label->setBuddy(control);
        m_layout->addWidget(label);
        m_layout->addWidget(control);
        m_controls[o.key] = {o, control};
        const auto it = m_values.find(o.key);
        // What is analysed is what is shown: a value the control cannot show (a workload the file no longer has)
        // gives way to the one it shows.
        if (!show(control, it != m_values.end() ? it->second : o.defaultValue))
            m_values[o.key] = valueOf(control);
    }
}

QWidget* FrontendOptionBar::makeControl(const solar::FrontendOption& o)
{
    using Kind = solar::FrontendOption::Kind;
    if (o.kind == Kind::Integer) {
        auto* spin = new QSpinBox(this);
        constexpr std::int64_t most = std::numeric_limits<int>::max();
        spin->setRange(static_cast<int>(std::clamp<std::int64_t>(o.minimum, -most, most)),
                       static_cast<int>(std::clamp<std::int64_t>(o.maximum, -most, most)));
        spin->setKeyboardTracking(false); // one new analysis per value, not per digit typed
        connect(spin, &QSpinBox::valueChanged, this, [this, key = o.key, spin] { edited(key, spin); });
        return spin;
    }
    if (o.kind == Kind::Choice) {
        auto* combo = new QComboBox(this);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        fillChoices(combo, o);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, key = o.key, combo] { edited(key, combo); });
        return combo;
    }
    auto* edit = new QLineEdit(this);
    connect(edit, &QLineEdit::editingFinished, this, [this, key = o.key, edit] { edited(key, edit); });
    return edit;
}

void FrontendOptionBar::edited(const std::string& key, const QWidget* control)
{
    m_values[key] = valueOf(control);
    emit changed();
}

bool FrontendOptionBar::show(QWidget* control, const std::string& value)
{
    const QSignalBlocker quiet(control);
    if (auto* spin = qobject_cast<QSpinBox*>(control)) {
        bool ok = false;
        const int v = QString::fromStdString(value).toInt(&ok);
        spin->setValue(ok ? v : spin->minimum());
        return ok && spin->value() == v;
    }
    if (auto* combo = qobject_cast<QComboBox*>(control)) {
        const int found = combo->findData(QString::fromStdString(value));
        combo->setCurrentIndex(found >= 0 ? found : 0);
        return found >= 0;
    }
    if (auto* edit = qobject_cast<QLineEdit*>(control))
        edit->setText(QString::fromStdString(value));
    return true;
}

std::string FrontendOptionBar::valueOf(const QWidget* control) const
{
    if (const auto* spin = qobject_cast<const QSpinBox*>(control))
        return std::to_string(spin->value());
    if (const auto* combo = qobject_cast<const QComboBox*>(control))
        return combo->currentData().toString().toStdString();
    if (const auto* edit = qobject_cast<const QLineEdit*>(control))
        return edit->text().toStdString();
    return {};
}

solar::FrontendSettings FrontendOptionBar::settings() const
{
    solar::FrontendSettings out;
    for (const auto& [key, value] : m_values)
        if (!value.empty())
            out[key] = value;
    return out;
}

void FrontendOptionBar::setSettings(const solar::FrontendSettings& settings)
{
    for (const auto& [key, value] : settings) {
        m_values[key] = value;
        // A value the control cannot show yet (a workload of the source about to be opened) waits for rebuild().
        if (const auto it = m_controls.find(key); it != m_controls.end())
            show(it->second.second, value);
    }
}

void FrontendOptionBar::fillChoices(QComboBox* combo, const solar::FrontendOption& o) const
{
    const QSignalBlocker quiet(combo);
    combo->clear();
    if (!o.choicesFromSource) {
        for (const std::string& c : o.choices)
            combo->addItem(QString::fromStdString(c), QString::fromStdString(c));
        return;
    }
    const auto choices = m_frontend->sourceChoices(o.key, m_path.toStdString());
    if (!choices || choices->empty()) {
        const std::string why = choices ? std::string("none") : choices.diagnostics().front().message;
        combo->addItem(tr("(none: %1)").arg(QString::fromStdString(why)));
        if (auto* m = qobject_cast<QStandardItemModel*>(combo->model()))
            m->item(0)->setEnabled(false);
        return;
    }
    for (const auto& [value, label] : *choices)
        combo->addItem(QString::fromStdString(label), QString::fromStdString(value));
}

void FrontendOptionBar::reloadChoices()
{
    // In place: this runs while a control's own signal is being handled (a choice asks for an analysis, which
    // reads the choices again), so no control may be destroyed here.
    for (auto& [key, shown] : m_controls) {
        auto* combo = qobject_cast<QComboBox*>(shown.second);
        if (!combo || !shown.first.choicesFromSource)
            continue;
        fillChoices(combo, shown.first);
        const auto it = m_values.find(key);
        if (!show(combo, it != m_values.end() ? it->second : shown.first.defaultValue))
            m_values[key] = valueOf(combo);
    }
}
