// SPDX-License-Identifier: MIT
// Find and replace for an editor (Edit → Find, Replace): a bar under the editor, as in most code editors, not a
// dialog that hides the text. Plain text, optionally case-sensitive, wrapping at the ends of the document.
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QsciScintilla;

class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QsciScintilla* editor, QWidget* parent = nullptr);

    /// Shows the bar with the find field focused (and the replace row when `replace`), seeded with the selection.
    void open(bool replace);
    /// The next (or previous) match after the cursor; false when there is none.
    bool findNext(bool forward = true);
    /// Replaces the selected match and moves to the next one; false when no match is selected.
    bool replaceOne();
    /// Replaces every match as one undo step; returns how many.
    int replaceAll();

    QLineEdit* findField() const { return m_find; }
    QLineEdit* replaceField() const { return m_replace; }

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    bool selectionMatches() const;

    QsciScintilla* m_editor;
    QLineEdit* m_find;
    QLineEdit* m_replace;
    QCheckBox* m_case;
    QLabel* m_status;
    QWidget* m_replaceRow;
};
