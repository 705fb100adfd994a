// SPDX-License-Identifier: MIT
#include "widgets/graph/graphpane.h"

#include "widgets/results/resultsmodel.h"

#include "widgets/common/stalebanner.h"
#include "widgets/graph/graphview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

GraphPane::GraphPane(QWidget* parent)
    : QWidget(parent)
    , m_view(new GraphView(this))
    , m_stale(new StaleBanner(this))
    , m_find(new QLineEdit(this))
    , m_colour(new QComboBox(this))
{
    m_find->setPlaceholderText(tr("Find operator…"));
    m_find->setToolTip(tr("Name, kind, equation, ATen op or module path; Enter jumps to the next match"));
    m_find->setClearButtonEnabled(true);
    m_colour->addItem(tr("Colour by bottleneck"), QStringLiteral("bottleneck"));
    m_colour->addItem(tr("Colour by share of time"), QStringLiteral("share"));
    auto* fit = new QPushButton(tr("Fit"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_find, 1);
    bar->addWidget(m_colour);
    bar->addWidget(fit);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_stale);
    layout->addWidget(m_view, 1);
    connect(fit, &QPushButton::clicked, m_view, &GraphView::fitAll);
    // Enter finds the first match, Enter again the next one (wrapping).
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        const QString text = m_find->text();
        m_occurrence = text == m_lastFind ? m_occurrence + 1 : 0;
        m_lastFind = text;
        const int count = m_view->find(text, m_occurrence);
        if (count == 0)
            emit message(tr("No operator matches '%1'").arg(text));
        else
            emit message(tr("Match %1 of %2 for '%3' (Enter: next)").arg(m_occurrence % count + 1).arg(count).arg(text));
    });
    connect(m_view, &GraphView::programChanged, this, [this] {
        m_find->clear();
        m_lastFind.clear();
        m_occurrence = 0;
    });
    connect(m_colour, &QComboBox::currentIndexChanged, this, [this] {
        m_view->setColourBy(colourKey() == QLatin1String("share") ? GraphView::ColourBy::Share : GraphView::ColourBy::Bottleneck);
    });
    connect(m_view, &GraphView::nodeSelected, this, &GraphPane::nodeSelected);
}

QString GraphPane::colourKey() const
{
    return m_colour->currentData().toString();
}

void GraphPane::setColourKey(const QString& key)
{
    m_colour->setCurrentIndex(std::max(0, m_colour->findData(key)));
}

void GraphPane::follow(const ResultsModel& results)
{
    m_stale->follow(results);
    // A new program gets a new layout (and no highlighted region); new times of the same one only recolour it.
    connect(&results, &ResultsModel::resultChanged, this, [this](ResultsModel::Result shown, bool newProgram) {
        if (newProgram) {
            m_view->setResult(shown);
            m_view->highlightNodes({});
        } else {
            m_view->updateTimes(shown);
        }
    });
}
