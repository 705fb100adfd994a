// SPDX-License-Identifier: MIT
#include "widgets/editor/editmenu.h"

#include "widgets/editor/findbar.h"
#include "widgets/editor/sourceeditor.h"

#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>

QMenu* addEditMenu(QMenuBar* menuBar, SourceEditor* editor, FindBar* findBar, QWidget* scope)
{
    // In MainWindow's translation context, where the catalogues have these strings.
    auto tr = [](const char* text) { return QCoreApplication::translate("MainWindow", text); };
    QMenu* menu = menuBar->addMenu(tr(QT_TRANSLATE_NOOP("MainWindow", "&Edit")));
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Undo")), QKeySequence::Undo, editor, [editor] { editor->undo(); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Redo")), QKeySequence::Redo, editor, [editor] { editor->redo(); });
    menu->addSeparator();
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "Cu&t")), QKeySequence::Cut, editor, [editor] { editor->cut(); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Copy")), QKeySequence::Copy, editor, [editor] { editor->copy(); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Paste")), QKeySequence::Paste, editor, [editor] { editor->paste(); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "Select &All")), QKeySequence::SelectAll, editor, [editor] { editor->selectAll(); });
    menu->addSeparator();
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Find…")), QKeySequence(Qt::CTRL | Qt::Key_F), findBar,
                    [findBar] { findBar->open(false); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "Find &Next")), QKeySequence(Qt::Key_F3), findBar,
                    [findBar] { findBar->findNext(true); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "Find &Previous")), QKeySequence(Qt::SHIFT | Qt::Key_F3), findBar,
                    [findBar] { findBar->findNext(false); });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Replace…")), QKeySequence(Qt::CTRL | Qt::Key_H), findBar,
                    [findBar] { findBar->open(true); });
    for (QAction* a : menu->actions()) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the editor's keys, not a line edit's elsewhere
        scope->addAction(a);
    }
    return menu;
}
