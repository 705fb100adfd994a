// SPDX-License-Identifier: MIT
// Value controls in a scrolling pane (sliders, spin boxes, combo boxes) take the mouse wheel only once focused: a
// wheel turned to scroll the pane must not change the what-if factors it passes over (issue 49: scrolling the Hardware
// pane set Clock to x0.010 unnoticed, and Enter later applied it).
#pragma once

class QWidget;

/// From now on `control` ignores wheel events until it has focus (clicked or tabbed to); the wheel then scrolls the
/// nearest scroll area around it instead. The control takes focus by click or tab only, never by the wheel.
void guardWheel(QWidget* control);
