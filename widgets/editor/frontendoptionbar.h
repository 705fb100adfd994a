// SPDX-License-Identifier: MIT
// The controls of the options a frontend declares for the toolbar (FrontendOption::Place::Toolbar): a combo box
// for a choice (its values from the source where they depend on it: a problem's workloads), a spin box for an
// integer, a line edit for text. Generated from the declarations, so a new frontend's options appear without a
// widget of their own; what they hold is a FrontendSettings, as the CLI's --KEY options and project files keep it.
#pragma once

#include "engine/frontend/frontend.h"

#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QComboBox;
class QHBoxLayout;

class FrontendOptionBar : public QWidget
{
    Q_OBJECT
public:
    explicit FrontendOptionBar(QWidget* parent = nullptr);

    /// Shows the toolbar options of `frontend` (none for nullptr) for the source at `path`, keeping the values set so
    /// far; quietly (no changed()).
    void setFrontend(const solar::Frontend* frontend, const QString& path);
    /// Reads the choices that come from the source again (a problem's workload file changed), quietly and in place:
    /// safe from a control's own signal.
    void reloadChoices();
    /// Whether any control is shown.
    bool hasControls() const { return !m_controls.empty(); }
    /// Every value set (the options shown and those set for other frontends); empty values left out.
    solar::FrontendSettings settings() const;
    /// Sets values, quietly; a key no control shows is kept for a frontend that declares it.
    void setSettings(const solar::FrontendSettings& settings);

signals:
    void changed();

private:
    void rebuild();
    QWidget* makeControl(const solar::FrontendOption& option);
    void fillChoices(QComboBox* combo, const solar::FrontendOption& option) const;
    std::string valueOf(const QWidget* control) const;
    /// Shows `value` quietly; false when the control cannot (a choice it does not offer: it shows its first).
    bool show(QWidget* control, const std::string& value);
    void edited(const std::string& key, const QWidget* control);

    QHBoxLayout* m_layout = nullptr;
    const solar::Frontend* m_frontend = nullptr;
    QString m_path;
    solar::FrontendSettings m_values; // every value set, shown or not: what settings() returns
    std::map<std::string, std::pair<solar::FrontendOption, QWidget*>> m_controls;
};
