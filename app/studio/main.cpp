// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "engine/core/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SOLAR Studio"));
    QApplication::setOrganizationName(QStringLiteral("solar-studio"));
    QApplication::setApplicationVersion(QString::fromLatin1(solar::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Speed-of-light analysis for deep-learning programs"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A model (.py) or ALIR program (.alir) to open"));
    parser.process(app);

    MainWindow window;
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        QString error;
        if (!window.openFile(files.first(), &error))
            QMessageBox::warning(&window, QObject::tr("Open failed"), error);
    }
    window.show();
    return app.exec();
}
