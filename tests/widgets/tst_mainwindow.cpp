// SPDX-License-Identifier: MIT
// The main window starts offscreen, shows the version, and opens a file into the editor.
#include "app/studio/mainwindow.h"
#include "engine/core/version.h"
#include "widgets/editor/sourceeditor.h"

#include <QStatusBar>
#include <QTest>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void testStartsAndShowsVersion()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.windowTitle().contains(QString::fromLatin1(solar::kVersion)));
        QVERIFY(w.statusBar()->currentMessage().contains(QString::fromLatin1(solar::kVersion)));
    }

    void testOpenFile()
    {
        MainWindow w;
        const QString path = QStringLiteral(SOLAR_TEST_DATA "/alir/matmul.alir");
        QString error;
        QVERIFY(w.openFile(path, &error));
        QVERIFY(w.editor()->text().startsWith(QStringLiteral("kernel matmul(M=5, K=7, N=3) {")));
        QCOMPARE(w.editor()->language(), QStringLiteral("alir"));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("matmul.alir")));
        QVERIFY(!w.editor()->isModified());
    }

    void testOpenMissingFileKeepsEditor()
    {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/softmax.alir")));
        const QString before = w.editor()->text();
        QString error;
        QVERIFY(!w.openFile(QStringLiteral("/nonexistent/model.py"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent/model.py")));
        QCOMPARE(w.editor()->text(), before);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
