// SPDX-License-Identifier: MIT
#include "app/studio/helpmenu.h"

#include "app/studio/environmentdialog.h"
#include "engine/core/version.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

QMenu* addHelpMenu(QMainWindow* window, const std::function<void()>& showDocumentation)
{
    // In MainWindow's translation context, where the catalogues have these strings.
    auto tr = [](const char* text) { return QCoreApplication::translate("MainWindow", text); };
    QMenu* menu = window->menuBar()->addMenu(tr(QT_TRANSLATE_NOOP("MainWindow", "&Help")));
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Documentation")), QKeySequence::HelpContents, window, showDocumentation);
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&Environment…")), window, [window] {
        auto* dialog = new EnvironmentDialog(window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    menu->addAction(tr(QT_TRANSLATE_NOOP("MainWindow", "&About SOLAR Studio")), window, [window, tr] {
        QMessageBox::about(window, tr(QT_TRANSLATE_NOOP("MainWindow", "About SOLAR Studio")),
                           tr(QT_TRANSLATE_NOOP("MainWindow",
                                                "<b>SOLAR Studio %1</b><p>Speed-of-light analysis for deep-learning "
                                                "programs: how fast a model could run on a given chip, and how far an "
                                                "implementation is from it.</p>"))
                               .arg(QString::fromLatin1(solar::kVersion)));
    });
    return menu;
}
