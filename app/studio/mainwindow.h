// SPDX-License-Identifier: MIT
// The SOLAR Studio main window. For now it hosts the source editor; the analysis panes join it as the engine
// grows (see docs/architecture.md).
#pragma once

#include <QMainWindow>

class SourceEditor;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    /// Loads a file into the editor; on failure returns false and sets `error` (nothing in the editor changes).
    bool openFile(const QString& path, QString* error = nullptr);
    SourceEditor* editor() const { return m_editor; }
    QString currentFile() const { return m_currentFile; }

private:
    void openWithDialog();
    void showAbout();
    void updateTitle();

    SourceEditor* m_editor = nullptr;
    QString m_currentFile;
};
