// SPDX-License-Identifier: MIT
#include "widgets/roofline/rooflinepane.h"

#include "widgets/common/stalebanner.h"

#include "widgets/results/resultsmodel.h"

#include "widgets/roofline/rooflinechart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using solar::bounds::Level;

namespace {

QString levelKeyOf(Level l)
{
    return QString::fromLatin1(solar::bounds::levelName(l).data());
}

QString levelTip(Level l)
{
    switch (l) {
    case Level::UnfusedPerKernel:
        return RooflinePane::tr("F0: every operator its own kernel, one after another; each moves all it reads and writes through DRAM");
    case Level::UnfusedOverlapped: return RooflinePane::tr("F1: unfused bytes, but compute and memory of all kernels overlap perfectly");
    case Level::FusedPerOp: return RooflinePane::tr("F2: intermediates stay on chip; kernels still run one after another");
    case Level::Fused: return RooflinePane::tr("F3, the speed of light: only compulsory DRAM bytes, everything overlapped");
    case Level::CacheAware:
        return RooflinePane::tr("F4: F3 plus the traffic a finite on-chip capacity provably forces, and the L2 -> SM floor");
    }
    return {};
}

} // namespace

RooflinePane::RooflinePane(QWidget* parent)
    : QWidget(parent)
    , m_chart(new RooflineChart(this))
    , m_stale(new StaleBanner(this))
    , m_level(new QComboBox(this))
    , m_overlay(new QToolButton(this))
    , m_overlayMenu(new QMenu(this))
{
    for (Level l : solar::bounds::kLevels) {
        m_level->addItem(QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ') + levelKeyOf(l), levelKeyOf(l));
        m_level->setItemData(m_level->count() - 1, levelTip(l), Qt::ToolTipRole);
    }
    // Per kernel by default: each operator's point is then its own attained rate. At the fused levels the time
    // is apportioned over operators, so every point of a compute-bound program sits at the same height.
    m_level->setCurrentIndex(static_cast<int>(Level::UnfusedPerKernel));
    m_level->setToolTip(tr("The bound level the chart shows: operators at its notion of DRAM bytes, the diamond is the whole program"));
    m_overlay->setText(tr("Overlay profiles"));
    m_overlay->setToolTip(tr("Draw the roofs of other hardware profiles (dashed) over this one's"));
    m_overlay->setPopupMode(QToolButton::InstantPopup);
    m_overlay->setMenu(m_overlayMenu);
    auto* reset = new QPushButton(tr("Reset zoom"), this);
    reset->setToolTip(tr("Show the whole chart again (also: double-click the chart, or Home)"));
    reset->setEnabled(false);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Level:"), this));
    bar->addWidget(m_level, 1);
    bar->addWidget(reset);
    bar->addWidget(m_overlay);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_stale);
    layout->addWidget(m_chart, 1);
    connect(m_level, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setLevel(level());
        emit levelChanged(level());
    });
    connect(reset, &QPushButton::clicked, m_chart, &RooflineChart::resetZoom);
    connect(m_chart, &RooflineChart::zoomChanged, reset, &QPushButton::setEnabled);
    connect(m_chart, &RooflineChart::nodeSelected, this, &RooflinePane::nodeSelected);
}

void RooflinePane::setRegistry(const solar::hw::HwRegistry* registry)
{
    m_registry = registry;
    rebuildOverlayMenu();
    applyOverlays(); // a profile that is gone is no longer overlaid
}

void RooflinePane::setCurrentProfileId(const QString& id)
{
    m_currentId = id;
    m_overlayIds.removeAll(id);
    rebuildOverlayMenu();
    applyOverlays();
}

void RooflinePane::setOverlayIds(const QStringList& ids)
{
    m_overlayIds = ids;
    rebuildOverlayMenu();
    applyOverlays();
}

void RooflinePane::rebuildOverlayMenu()
{
    m_overlayMenu->clear();
    static const std::vector<solar::hw::HwProfile> kNone; // no registry given yet
    for (const auto& p : m_registry ? m_registry->profiles : kNone) {
        const QString id = QString::fromStdString(p.id);
        if (id == m_currentId)
            continue;
        QAction* a = m_overlayMenu->addAction(QString::fromStdString(p.name));
        a->setCheckable(true);
        a->setChecked(m_overlayIds.contains(id));
        a->setData(id);
        connect(a, &QAction::toggled, this, [this, id](bool on) {
            m_overlayIds.removeAll(id);
            if (on)
                m_overlayIds << id;
            applyOverlays();
        });
    }
    m_overlayMenu->addSeparator();
    connect(m_overlayMenu->addAction(tr("Clear overlays")), &QAction::triggered, this, [this] { setOverlayIds({}); });
}

void RooflinePane::applyOverlays()
{
    std::vector<solar::RooflineMachine> overlays;
    QStringList kept;
    for (const QString& id : m_overlayIds)
        if (const auto* p = m_registry ? m_registry->find(id.toStdString()) : nullptr; p && id != m_currentId) {
            overlays.push_back({p->name, solar::bounds::machineFromProfile(*p)});
            kept << id;
        }
    m_overlayIds = kept;
    m_overlay->setText(kept.isEmpty() ? tr("Overlay profiles") : tr("Overlays (%1)").arg(kept.size()));
    m_chart->setOverlays(overlays);
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

void RooflinePane::follow(const ResultsModel& results)
{
    m_stale->follow(results);
    connect(&results, &ResultsModel::resultChanged, m_chart, &RooflineChart::setResult);
    connect(&results, &ResultsModel::measuredChanged, m_chart, &RooflineChart::setMeasured);
}
