// SPDX-License-Identifier: MIT
// The einsum-graph pane: the graph view with its find box, colour choice and fit button.
#pragma once

#include "engine/analysis/analysis.h"

#include <QWidget>

#include <memory>

class GraphView;
class QComboBox;
class QLineEdit;

class ResultsModel;
class StaleBanner;

class GraphPane : public QWidget
{
    Q_OBJECT
public:
    explicit GraphPane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);

    GraphView* view() const { return m_view; }
    StaleBanner* staleBanner() const { return m_stale; }
    QLineEdit* findBox() const { return m_find; }
    /// "bottleneck" or "share" (kept in projects).
    QString colourKey() const;
    void setColourKey(const QString& key);

signals:
    void nodeSelected(int node);
    /// Something to tell the user in the status bar.
    void message(const QString& text);

private:
    GraphView* m_view = nullptr;
    StaleBanner* m_stale = nullptr;
    QLineEdit* m_find = nullptr;
    QString m_lastFind;
    int m_occurrence = 0;
    QComboBox* m_colour = nullptr;
};
