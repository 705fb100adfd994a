// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"
#include "app/studio/translations.h"

#include "engine/core/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

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
    parser.process(app);

    MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    // With no file, a bundled example opens already analysed, so there is something to explore at once.
    const QString file = !files.isEmpty() ? files.first() : QDir(MainWindow::examplesDirectory()).filePath(QStringLiteral("transformer_block.py"));
    QTimer::singleShot(0, &window, [&window, file] {
        window.offerRecovery();
        if (!window.hasUnsavedEdits()) {
            QString error;
            if (!window.openFile(file, &error))
                QMessageBox::warning(&window, QObject::tr("Open failed"), error);
        }
    });
    return app.exec();
}
