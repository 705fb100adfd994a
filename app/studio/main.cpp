// SPDX-License-Identifier: MIT
#include "app/studio/filemenus.h"
#include "app/studio/mainwindow.h"
#include "app/studio/translations.h"

#include "engine/core/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SOLAR Studio"));
    QApplication::setOrganizationName(QStringLiteral("solar-studio"));
    QApplication::setApplicationVersion(QString::fromLatin1(solar::kVersion));

    installTranslations(app, QSettings().value(QStringLiteral("language"), QStringLiteral("system")).toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Speed-of-light analysis for deep-learning programs"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A model (.py), ALIR program (.alir) or project (.solar) to open"));
    // For smoke tests on machines without a display (scripts/check-fresh): quit once the first analysis is shown,
    // with exit status 0 when it succeeded and 1 when it failed.
    const QCommandLineOption quitAfterAnalysis(QStringLiteral("quit-after-analysis"),
                                               QStringLiteral("Quit when the first analysis has been shown (exit 1 if it failed)"));
    parser.addOption(quitAfterAnalysis);
    parser.process(app);

    MainWindow window;
    window.show();
    if (parser.isSet(quitAfterAnalysis)) {
        QObject::connect(&window, &MainWindow::analysisFinished, &app, [&window](bool ok) {
            const auto result = window.shownResult();
            std::fprintf(stderr, "solar-studio: first analysis %s%s\n", ok ? "shown" : "failed: ",
                         ok ? (result ? qPrintable(QStringLiteral(" (%1 operators)").arg(result->graph.nodes.size())) : "")
                            : qPrintable(window.lastError()));
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    const QStringList files = parser.positionalArguments();
    // With no file, a bundled example opens already analysed, so there is something to explore at once.
    const QString file
        = !files.isEmpty() ? files.first() : QDir(FileMenus::examplesDirectory()).filePath(QStringLiteral("transformer_block.py"));
    const bool smoke = parser.isSet(quitAfterAnalysis);
    QTimer::singleShot(0, &window, [&window, file, smoke] {
        if (!smoke) // a recovery dialog would wait for an answer nobody gives
            window.offerRecovery();
        if (!window.hasUnsavedEdits()) {
            QString error;
            if (!window.openFile(file, &error)) {
                if (smoke) {
                    std::fprintf(stderr, "solar-studio: %s\n", qPrintable(error));
                    QCoreApplication::exit(1);
                } else {
                    QMessageBox::warning(&window, QObject::tr("Open failed"), error);
                }
            }
        }
    });
    return app.exec();
}
