// SPDX-License-Identifier: MIT
// The Help menu: the documentation (through `showDocumentation`), the Python environment dialog and About.
#pragma once

#include <functional>

class QMainWindow;
class QMenu;

QMenu* addHelpMenu(QMainWindow* window, const std::function<void()>& showDocumentation);
