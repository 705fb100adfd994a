// SPDX-License-Identifier: MIT
// What the window tests share: test-mode settings, waiting for an analysis or a graph layout, small file helpers,
// and whether a Python with torch is here (the tests that trace skip without one).
#pragma once

#include "app/studio/autosave.h"
#include "app/studio/mainwindow.h"
#include "engine/worker/pythonlocator.h"
#include "widgets/graph/graphview.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <string>

namespace solar::testing {

inline const QString kExamples = QStringLiteral(SOLAR_EXAMPLES);

/// Settings, recent files and autosaves stay out of the user's, and no autosave of an earlier run is offered.
inline void enterTestMode()
{
    QStandardPaths::setTestModeEnabled(true);
    QDir(Autosave::defaultDirectory()).removeRecursively();
}

inline bool waitForAnalysis(MainWindow& w, int timeoutMs = 120000)
{
    QSignalSpy done(&w, &MainWindow::analysisFinished);
    if (!w.isAnalyzing() && w.baseResult())
        return true;
    return done.wait(timeoutMs) && done.last().at(0).toBool();
}

inline bool waitForLayout(GraphView* g)
{
    if (!g->layoutPending() && g->nodeCount() > 0)
        return true;
    QSignalSpy ready(g, &GraphView::layoutReady);
    return ready.wait(30000);
}

/// Distinct colours in an image: a blank or single-colour grab has a handful.
inline int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return colours.size();
}

inline bool writeText(const QString& path, const char* text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == static_cast<qint64>(qstrlen(text));
}

inline std::string readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

inline bool havePython()
{
    static const bool ok = static_cast<bool>(solar::worker::locatePython());
    return ok;
}

} // namespace solar::testing
