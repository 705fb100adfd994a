// SPDX-License-Identifier: MIT
// The File menu's lists: recently opened files (kept in QSettings, newest first, at most ten) and the bundled
// examples (SOLAR_EXAMPLES_DIR, else the installed share/solar-studio/examples, else the source tree's). Picking
// an entry asks the window to open it.
#pragma once

#include <QObject>
#include <QString>

class QMenu;

class FileMenus : public QObject
{
    Q_OBJECT
public:
    FileMenus(QMenu* recent, QMenu* examples, QObject* parent);

    void addRecent(const QString& path);
    static QString examplesDirectory();

signals:
    void openRequested(const QString& path);

private:
    void rebuildRecent();
    void rebuildExamples();

    QMenu* m_recent;
    QMenu* m_examples;
};
