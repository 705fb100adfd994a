// SPDX-License-Identifier: MIT
// The roofline pane: the chart with its level choice, zoom reset, and the overlay of other hardware profiles
// (any number of them, checked in a menu).
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/hw/registry.h"

#include <QWidget>

class QComboBox;
class QMenu;
class QToolButton;
class RooflineChart;

class ResultsModel;
class StaleBanner;

class RooflinePane : public QWidget
{
    Q_OBJECT
public:
    explicit RooflinePane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);
    StaleBanner* staleBanner() const { return m_stale; }

    RooflineChart* chart() const { return m_chart; }
    /// The profiles that can be overlaid, and the one analysed (never offered as an overlay of itself).
    /// The window's registry (not copied: it calls this again after a reload).
    void setRegistry(const solar::hw::HwRegistry* registry);
    void setCurrentProfileId(const QString& id);
    solar::bounds::Level level() const;
    /// The level's name (kept in projects); an unknown one selects the default.
    QString levelKey() const;
    void setLevelKey(const QString& key);
    /// Overlaid profiles by id; unknown ones are ignored.
    void setOverlayIds(const QStringList& ids);
    QStringList overlayIds() const { return m_overlayIds; }
    QMenu* overlayMenu() const { return m_overlayMenu; }

signals:
    void levelChanged(solar::bounds::Level level);
    void nodeSelected(int node);

private:
    void rebuildOverlayMenu();
    void applyOverlays();

    RooflineChart* m_chart = nullptr;
    StaleBanner* m_stale = nullptr;
    QComboBox* m_level = nullptr;
    QToolButton* m_overlay = nullptr;
    QMenu* m_overlayMenu = nullptr;
    const solar::hw::HwRegistry* m_registry = nullptr;
    QString m_currentId;
    QStringList m_overlayIds;
};
