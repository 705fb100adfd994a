// SPDX-License-Identifier: MIT
// The window's analysis toolbar: which frontend reads the source, how the program is run (the execution mode of
// the eager level F0: eager, CUDA graph, none), and the toolbar options the frontend that reads the open source
// declares (a config's serving step, a problem's workload: FrontendOptionBar, generated from the declarations). A
// change of the mode or an option asks for a new analysis; projects keep them all.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/frontend/frontend.h"

#include <QToolBar>

#include <string>

class FrontendOptionBar;
class FrontendSelector;
class QComboBox;

class AnalysisToolbar : public QToolBar
{
    Q_OBJECT
public:
    explicit AnalysisToolbar(QWidget* parent = nullptr);

    /// "auto" or a registered frontend's id; an unknown one selects "auto".
    std::string frontend() const;
    void setFrontend(const std::string& frontend);
    solar::bounds::ExecutionMode mode() const;
    void setMode(solar::bounds::ExecutionMode mode); // quietly: restoring a project analyses once, at the end
    /// The source's path decides, with the frontend, which options are offered.
    void setSourcePath(const QString& path);
    /// The frontend options set (those shown and those kept for other frontends).
    solar::FrontendSettings settings() const;
    void setSettings(const solar::FrontendSettings& settings); // quietly, like setMode
    /// Whether the frontend that reads the open source shows options here.
    bool optionsShown() const;
    /// Reads the choices that come from the source again (a problem's workload file changed).
    void reloadChoices();

signals:
    void optionsChanged();
    void modeChanged();

private:
    void updateOptions();

    FrontendSelector* m_frontend = nullptr;
    QComboBox* m_mode = nullptr;
    FrontendOptionBar* m_options = nullptr;
    QAction* m_optionsAction = nullptr;
    QString m_sourcePath;
};
