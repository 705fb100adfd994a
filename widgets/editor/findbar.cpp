// SPDX-License-Identifier: MIT
#include "widgets/editor/findbar.h"

#include <Qsci/qsciscintilla.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

FindBar::FindBar(QsciScintilla* editor, QWidget* parent)
    : QWidget(parent)
    , m_editor(editor)
    , m_find(new QLineEdit(this))
    , m_replace(new QLineEdit(this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_status(new QLabel(this))
    , m_replaceRow(new QWidget(this))
{
    m_find->setPlaceholderText(tr("Find"));
    m_replace->setPlaceholderText(tr("Replace with"));
    auto* next = new QPushButton(tr("Next"), this);
    auto* previous = new QPushButton(tr("Previous"), this);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Esc)"));
    auto* findRow = new QHBoxLayout;
    findRow->setContentsMargins(0, 0, 0, 0);
    findRow->addWidget(new QLabel(tr("Find:"), this));
    findRow->addWidget(m_find, 1);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addWidget(m_case);
    findRow->addWidget(m_status);
    findRow->addWidget(close);
    auto* one = new QPushButton(tr("Replace"), m_replaceRow);
    auto* all = new QPushButton(tr("Replace all"), m_replaceRow);
    auto* replaceRow = new QHBoxLayout(m_replaceRow);
    replaceRow->setContentsMargins(0, 0, 0, 0);
    replaceRow->addWidget(new QLabel(tr("Replace:"), m_replaceRow));
    replaceRow->addWidget(m_replace, 1);
    replaceRow->addWidget(one);
    replaceRow->addWidget(all);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addLayout(findRow);
    layout->addWidget(m_replaceRow);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findNext(true); });
    connect(next, &QPushButton::clicked, this, [this] { findNext(true); });
    connect(previous, &QPushButton::clicked, this, [this] { findNext(false); });
    connect(one, &QPushButton::clicked, this, &FindBar::replaceOne);
    connect(all, &QPushButton::clicked, this, &FindBar::replaceAll);
    connect(m_replace, &QLineEdit::returnPressed, this, &FindBar::replaceOne);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        m_editor->setFocus();
    });
    hide();
}

void FindBar::open(bool replace)
{
    if (m_editor->hasSelectedText() && !m_editor->selectedText().contains(QLatin1Char('\n')))
        m_find->setText(m_editor->selectedText());
    m_replaceRow->setVisible(replace && !m_editor->isReadOnly());
    m_status->clear();
    show();
    m_find->setFocus();
    m_find->selectAll();
}

bool FindBar::findNext(bool forward)
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return false;
    int line = -1, index = -1;
    if (!forward && m_editor->hasSelectedText()) {
        // Backwards from the start of the current match, not from its end (which would find it again).
        int lineTo = 0, indexTo = 0;
        m_editor->getSelection(&line, &index, &lineTo, &indexTo);
    }
    const bool found = m_editor->findFirst(text, false, m_case->isChecked(), false, true, forward, line, index, true);
    m_status->setText(found ? QString() : tr("not found"));
    return found;
}

bool FindBar::selectionMatches() const
{
    return m_editor->hasSelectedText()
        && QString::compare(m_editor->selectedText(), m_find->text(), m_case->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive) == 0;
}

bool FindBar::replaceOne()
{
    if (m_editor->isReadOnly())
        return false;
    if (!selectionMatches() && !findNext(true))
        return false;
    m_editor->replaceSelectedText(m_replace->text());
    findNext(true);
    return true;
}

int FindBar::replaceAll()
{
    const QString text = m_find->text();
    if (text.isEmpty() || m_editor->isReadOnly())
        return 0;
    int count = 0;
    m_editor->beginUndoAction();
    // From the top, forwards, without wrapping: every match once, including ones the replacement creates no more.
    bool found = m_editor->findFirst(text, false, m_case->isChecked(), false, false, true, 0, 0, false);
    while (found) {
        m_editor->replace(m_replace->text());
        ++count;
        found = m_editor->findNext();
    }
    m_editor->endUndoAction();
    m_status->setText(tr("%n replaced", nullptr, count));
    return count;
}

void FindBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        m_editor->setFocus();
        return;
    }
    QWidget::keyPressEvent(event);
}
