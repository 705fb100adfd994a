// SPDX-License-Identifier: MIT
#include "widgets/llm/transcriptpane.h"

#include "render/palette.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

TranscriptPane::TranscriptPane(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_attempts(new QTreeWidget(this))
    , m_detail(new QPlainTextEdit(this))
{
    m_status->setWordWrap(true);
    m_attempts->setHeaderLabels({tr("Attempt"), tr("Outcome"), tr("Details")});
    m_attempts->setRootIsDecorated(false);
    m_attempts->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_attempts);
    split->addWidget(m_detail);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    connect(m_attempts, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const int i = item ? m_attempts->indexOfTopLevelItem(item) : -1;
        if (i < 0 || i >= static_cast<int>(m_data.size())) {
            m_detail->clear();
            return;
        }
        const auto& a = m_data[static_cast<size_t>(i)];
        m_detail->setPlainText(tr("— reply —\n%1\n— outcome: %2 —\n%3\n— feedback sent —\n%4")
                                   .arg(QString::fromStdString(a.reply), QString::fromStdString(a.outcome),
                                        QString::fromStdString(a.details),
                                        a.feedback.empty() ? tr("(none)") : QString::fromStdString(a.feedback)));
    });
    clear(tr("The LLM frontend has not run. Choose it as the frontend and analyse (Ctrl+R)."));
}

void TranscriptPane::clear(const QString& status)
{
    m_data.clear();
    m_attempts->clear();
    m_detail->clear();
    m_status->setText(status);
}

void TranscriptPane::addAttempt(const solar::llm::Attempt& a)
{
    m_data.push_back(a);
    auto* item = new QTreeWidgetItem(
        {QString::number(a.number), QString::fromStdString(a.outcome), QString::fromStdString(a.details).section(QLatin1Char('\n'), 0, 0)});
    item->setForeground(1, statusColour(QString::fromStdString(a.outcome)));
    item->setToolTip(2, QString::fromStdString(a.details));
    m_attempts->addTopLevelItem(item);
    m_attempts->setCurrentItem(item);
}

void TranscriptPane::setStatus(const QString& status)
{
    m_status->setText(status);
}

int TranscriptPane::attemptCount() const
{
    return m_attempts->topLevelItemCount();
}

QString TranscriptPane::outcomeOf(int row) const
{
    const QTreeWidgetItem* item = m_attempts->topLevelItem(row);
    return item ? item->text(1) : QString();
}

QString TranscriptPane::statusText() const
{
    return m_status->text();
}
