// SPDX-License-Identifier: MIT
#include "widgets/graph/graphpane.h"

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
    , m_find(new QLineEdit(this))
    , m_colour(new QComboBox(this))
{
    m_find->setPlaceholderText(tr("Find operator…"));
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
    layout->addWidget(m_view, 1);
    connect(fit, &QPushButton::clicked, m_view, &GraphView::fitAll);
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        if (!m_view->find(m_find->text()))
            emit message(tr("No operator matches '%1'").arg(m_find->text()));
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
