// SPDX-License-Identifier: MIT
// The Edit menu of a source editor and its find bar: undo/redo, clipboard, select all, find and replace. Its keys
// belong to `scope` (the editor and the widgets around it), not to a line edit elsewhere in the window.
#pragma once

class FindBar;
class QMenu;
class QMenuBar;
class QWidget;
class SourceEditor;

QMenu* addEditMenu(QMenuBar* menuBar, SourceEditor* editor, FindBar* findBar, QWidget* scope);
