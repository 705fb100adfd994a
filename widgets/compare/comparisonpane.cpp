// SPDX-License-Identifier: MIT
#include "widgets/compare/comparisonpane.h"

#include "render/enginetext.h"
#include "render/units.h"
#include "widgets/results/resultsmodel.h"

#include "engine/report/analysisreport.h"
#include "render/palette.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

using solar::bounds::Level;

// Horizontal bars: the fused bound per profile, the baseline marked, the speedup written at the end.
class ComparisonBars : public QWidget
{
public:
    using QWidget::QWidget;
    void setComparison(const solar::Comparison* c)
    {
        m_c = c;
        update();
    }

protected:
    QSize sizeHint() const override { return {400, 200}; }
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.fillRect(rect(), palette().color(QPalette::Base));
        if (!m_c || m_c->profiles.empty())
            return;
        double longest = 0;
        for (const auto& col : m_c->profiles)
            longest = std::max(longest, col.ladder.at(Level::Fused).seconds);
        const int n = static_cast<int>(m_c->profiles.size());
        const int rowH = std::max(18, (height() - 20) / std::max(1, n));
        const int labelW = std::min(220, width() / 3);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(0, 0, width(), 18), Qt::AlignLeft, ComparisonPane::tr("Fused bound per profile (shorter is faster)"));
        for (int i = 0; i < n; ++i) {
            const auto& col = m_c->profiles[static_cast<size_t>(i)];
            const double s = col.ladder.at(Level::Fused).seconds;
            const int y = 20 + i * rowH;
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRect(0, y, labelW - 6, rowH - 4), Qt::AlignRight | Qt::AlignVCenter, QString::fromStdString(col.id));
            const int barMax = width() - labelW - 170;
            const int w = longest > 0 ? static_cast<int>(barMax * s / longest) : 0;
            const bool compute = col.ladder.at(Level::Fused).bottleneck.rfind("compute", 0) == 0;
            p.fillRect(QRect(labelW, y + 2, std::max(1, w), rowH - 8), bottleneckColour(compute));
            if (col.id == m_c->baseline)
                p.drawRect(QRect(labelW, y + 2, std::max(1, w), rowH - 8));
            p.drawText(QRect(labelW + w + 6, y, 170, rowH - 4), Qt::AlignLeft | Qt::AlignVCenter,
                       secondsText(s) + QStringLiteral("  ×") + QLocale().toString(col.speedup[static_cast<size_t>(Level::Fused)], 'g', 3));
        }
    }

private:
    const solar::Comparison* m_c = nullptr;
};

ComparisonPane::ComparisonPane(QWidget* parent)
    : QWidget(parent)
    , m_profiles(new QListWidget(this))
    , m_baseline(new QComboBox(this))
    , m_table(new QTableWidget(this))
    , m_bars(new ComparisonBars(this))
    , m_moves(new QLabel(this))
    , m_floors(new QLabel(this))
{
    m_moves->setWordWrap(true);
    m_floors->setWordWrap(true);
    m_floors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Whole names: "NVIDIA H100 PCIe 80GB" and "NVIDIA H100 SXM5 80GB" differ at their end.
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_moves->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Profiles:"), this));
    left->addWidget(m_profiles, 1);
    left->addWidget(new QLabel(tr("Baseline:"), this));
    left->addWidget(m_baseline);
    auto* right = new QVBoxLayout;
    right->addWidget(m_table, 2);
    right->addWidget(m_bars, 1);
    right->addWidget(m_moves);
    right->addWidget(m_floors);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addLayout(right, 3);
    connect(m_profiles, &QListWidget::itemChanged, this, [this] {
        if (!m_quiet)
            refresh();
    });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_quiet)
            refresh();
    });
}

void ComparisonPane::setRegistry(const solar::hw::HwRegistry* registry)
{
    m_quiet = true;
    // The user's choices survive a reload; a profile new to the list (one just saved from the sliders) comes in
    // checked when it is a user profile, so it is compared at once.
    std::map<QString, bool> checked;
    for (int i = 0; i < m_profiles->count(); ++i)
        checked[m_profiles->item(i)->data(Qt::UserRole).toString()] = m_profiles->item(i)->checkState() == Qt::Checked;
    const bool first = checked.empty();
    m_registry = registry;
    m_profiles->clear();
    static const std::vector<solar::hw::HwProfile> kNone; // no registry given yet
    for (const auto& p : m_registry ? m_registry->profiles : kNone) {
        const QString id = QString::fromStdString(p.id);
        auto* item = new QListWidgetItem(QString::fromStdString(p.name) + (p.user ? tr(" (user)") : QString()), m_profiles);
        item->setData(Qt::UserRole, id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool byDefault = p.id == "h100-pcie" || p.id == "h100-sxm" || p.id == "b200" || p.id == "mi300x";
        const auto known = checked.find(id);
        const bool on = known != checked.end() ? known->second : first ? byDefault : p.user;
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_profiles->setMinimumWidth(m_profiles->sizeHintForColumn(0) + 2 * m_profiles->frameWidth()
                                + m_profiles->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    m_quiet = false;
    refresh();
}

void ComparisonPane::setProfiles(const QStringList& ids)
{
    m_quiet = true;
    for (int i = 0; i < m_profiles->count(); ++i)
        m_profiles->item(i)->setCheckState(ids.contains(m_profiles->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    m_quiet = false;
    refresh();
    if (!ids.isEmpty())
        setBaseline(ids.front());
}

void ComparisonPane::setBaseline(const QString& id)
{
    const int i = m_baseline->findData(id);
    if (i >= 0)
        m_baseline->setCurrentIndex(i);
}

void ComparisonPane::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    m_result = std::move(result);
    refresh();
}

void ComparisonPane::refresh()
{
    std::vector<const solar::hw::HwProfile*> profiles;
    for (int i = 0; i < m_profiles->count(); ++i)
        if (m_profiles->item(i)->checkState() == Qt::Checked)
            if (const auto* p = m_registry ? m_registry->find(m_profiles->item(i)->data(Qt::UserRole).toString().toStdString()) : nullptr)
                profiles.push_back(p);
    // The baseline picker offers the checked profiles; keep the choice when it is still checked.
    const QString baseline = m_baseline->currentData().toString();
    m_quiet = true;
    m_baseline->clear();
    for (const auto* p : profiles)
        m_baseline->addItem(QString::fromStdString(p->name), QString::fromStdString(p->id));
    m_baseline->setCurrentIndex(std::max(0, m_baseline->findData(baseline)));
    m_quiet = false;
    m_comparison = {};
    if (m_result && !profiles.empty())
        m_comparison = solar::compareHardware(*m_result, profiles, m_baseline->currentData().toString().toStdString());
    QStringList headers {tr("Profile")};
    for (Level l : solar::bounds::kLevels)
        headers << QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ')
                + QString::fromLatin1(solar::bounds::levelName(l).data());
    headers << tr("Speedup (fused)") << tr("Bottleneck (fused)");
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_comparison.profiles.size()));
    for (int r = 0; r < static_cast<int>(m_comparison.profiles.size()); ++r) {
        const auto& col = m_comparison.profiles[static_cast<size_t>(r)];
        m_table->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(col.name)));
        for (Level l : solar::bounds::kLevels)
            m_table->setItem(r, 1 + static_cast<int>(l), new QTableWidgetItem(secondsText(col.ladder.at(l).seconds)));
        m_table->setItem(r, 1 + solar::bounds::kLevelCount,
                         new QTableWidgetItem(QStringLiteral("×") + fixedText(col.speedup[static_cast<size_t>(Level::Fused)], 2)));
        m_table->setItem(r, 2 + solar::bounds::kLevelCount, new QTableWidgetItem(bottleneckText(col.ladder.at(Level::Fused).bottleneck)));
    }
    QStringList moves;
    for (const auto& m : m_comparison.bottleneckMoves)
        moves << bottleneckMoveText(m);
    m_moves->setText(moves.isEmpty() ? tr("The bottleneck is the same on every profile.")
                                     : tr("Where the bottleneck moves: ") + moves.join(QStringLiteral("; ")));
    // F0 is the eager model: a profile with a per-operator floor adds it per kernel, one without does not, so F0
    // across such profiles compares different things; say which applies where (issue 30, item 10).
    QStringList floored, bare;
    for (const auto& col : m_comparison.profiles) {
        const double total = col.ladder.at(Level::UnfusedPerKernel).opFloorSeconds;
        const auto* p = m_registry ? m_registry->find(col.id) : nullptr;
        const auto& perOp = p && p->opFloorSeconds ? p->opFloorSeconds : p ? p->launchFloorSeconds : std::nullopt;
        if (total > 0 && perOp)
            floored << tr("%1 (%2 per operator, %3 in all)")
                           .arg(QString::fromStdString(col.name), secondsText(perOp->value), secondsText(total));
        else
            bare << QString::fromStdString(col.name);
    }
    m_floors->setText(
        m_comparison.profiles.empty() ? QString()
            : floored.isEmpty()
            ? tr("F0 has no per-operator floor on any of these profiles: it is the pure bound everywhere.")
            : tr("F0 includes the eager per-operator floor on %1; none on %2, whose F0 is the pure bound.")
                  .arg(floored.join(QStringLiteral("; ")), bare.isEmpty() ? tr("no other profile") : bare.join(QStringLiteral(", "))));
    m_bars->setComparison(&m_comparison);
}

QString ComparisonPane::floorsText() const
{
    return m_floors->text();
}

void ComparisonPane::follow(const ResultsModel& results)
{
    // The analysis as computed: each profile is compared on its own numbers, not on the what-if machine.
    connect(&results, &ResultsModel::baseChanged, this, &ComparisonPane::setResult);
}
