// SPDX-License-Identifier: MIT
#include "widgets/roofline/rooflinepane.h"

#include "widgets/roofline/rooflinechart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

using solar::bounds::Level;

namespace {

QString levelKeyOf(Level l)
{
    return QString::fromLatin1(solar::bounds::levelName(l).data());
}

} // namespace

RooflinePane::RooflinePane(QWidget* parent)
    : QWidget(parent)
    , m_chart(new RooflineChart(this))
    , m_level(new QComboBox(this))
{
    for (Level l : solar::bounds::kLevels)
        m_level->addItem(QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ') + levelKeyOf(l), levelKeyOf(l));
    // Per kernel by default: each operator's point is then its own attained rate. At the fused levels the time
    // is apportioned over operators, so every point of a compute-bound program sits at the same height.
    m_level->setCurrentIndex(static_cast<int>(Level::UnfusedPerKernel));
    auto* overlay = new QPushButton(tr("Overlay profiles…"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Level:"), this));
    bar->addWidget(m_level, 1);
    bar->addWidget(overlay);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);
    connect(m_level, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setLevel(level());
        emit levelChanged(level());
    });
    connect(overlay, &QPushButton::clicked, this, &RooflinePane::chooseOverlay);
    connect(m_chart, &RooflineChart::nodeSelected, this, &RooflinePane::nodeSelected);
}

void RooflinePane::setRegistry(const solar::hw::HwRegistry& registry)
{
    m_registry = registry;
}

Level RooflinePane::level() const
{
    const auto l = solar::bounds::parseLevel(m_level->currentData().toString().toStdString());
    return l ? *l : Level::Fused;
}

QString RooflinePane::levelKey() const
{
    return m_level->currentData().toString();
}

void RooflinePane::setLevelKey(const QString& key)
{
    m_level->setCurrentIndex(std::max(0, m_level->findData(key)));
}

void RooflinePane::chooseOverlay()
{
    QStringList ids;
    for (const auto& p : m_registry.profiles)
        if (QString::fromStdString(p.id) != m_currentId)
            ids << QString::fromStdString(p.id);
    bool ok = false;
    const QString pick = QInputDialog::getItem(this, tr("Overlay a profile"), tr("Profile to overlay (none clears):"),
                                               QStringList {tr("none")} + ids, 0, false, &ok);
    if (!ok)
        return;
    std::vector<std::pair<QString, solar::bounds::MachineModel>> overlays;
    if (const auto* p = m_registry.find(pick.toStdString()))
        overlays.emplace_back(QString::fromStdString(p->name), solar::bounds::machineFromProfile(*p));
    m_chart->setOverlays(overlays);
}
