// SPDX-License-Identifier: MIT
// The roofline pane: the chart with its level choice and the overlay of other hardware profiles.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/hw/registry.h"

#include <QWidget>

class QComboBox;
class RooflineChart;

class RooflinePane : public QWidget
{
    Q_OBJECT
public:
    explicit RooflinePane(QWidget* parent = nullptr);

    RooflineChart* chart() const { return m_chart; }
    /// The profiles that can be overlaid, and the one analysed (never offered as an overlay of itself).
    void setRegistry(const solar::hw::HwRegistry& registry);
    void setCurrentProfileId(const QString& id) { m_currentId = id; }
    solar::bounds::Level level() const;
    /// The level's name (kept in projects); an unknown one selects the default.
    QString levelKey() const;
    void setLevelKey(const QString& key);

signals:
    void levelChanged(solar::bounds::Level level);
    void nodeSelected(int node);

private:
    void chooseOverlay();

    RooflineChart* m_chart = nullptr;
    QComboBox* m_level = nullptr;
    solar::hw::HwRegistry m_registry;
    QString m_currentId;
};
