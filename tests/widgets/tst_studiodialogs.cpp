// SPDX-License-Identifier: MIT
// The window's menus and dialogs offscreen: Edit and Help, saving what-if hardware as a user profile (offered
// everywhere at once), the calibration dialog (a profile it saves is selected) and the environment dialog.
#include "app/studio/documentation.h"
#include "app/studio/environmentdialog.h"
#include "tests/widgets/windowtest.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/findbar.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/hardware/calibratedialog.h"
#include "widgets/hardware/hardwarepane.h"

#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTextBrowser>

using namespace solar::testing;
using solar::bounds::Level;

class TestStudioDialogs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { enterTestMode(); }

    // Missing basics (issue 14, item 12): an Edit menu whose find/replace works on the editor (replace all is one
    // undo step), Save As on Ctrl+Shift+S, Help → Documentation reading docs/ offline, and a user profile saved from
    // the sliders listed (and checked) in the Compare pane at once.
    void testEditHelpAndUserProfiles()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QStringList menus, editActions, fileShortcuts;
            for (QAction* a : w.menuBar()->actions())
                menus << a->text().remove(QLatin1Char('&'));
            QVERIFY2(menus.contains(QStringLiteral("Edit")), qPrintable(menus.join(QLatin1Char(','))));
            for (QAction* a : w.menuBar()->actions()) {
                if (!a->menu())
                    continue;
                for (QAction* b : a->menu()->actions()) {
                    if (a->text().remove(QLatin1Char('&')) == QLatin1String("Edit"))
                        editActions << b->text().remove(QLatin1Char('&'));
                    if (b->text().contains(QStringLiteral("As…")))
                        fileShortcuts << b->shortcut().toString();
                }
            }
            for (const char* name : {"Undo", "Redo", "Find…", "Replace…"})
                QVERIFY2(editActions.contains(QString::fromUtf8(name)), name);
            QCOMPARE(fileShortcuts, QStringList {QStringLiteral("Ctrl+Shift+S")});

            QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
            QVERIFY(waitForAnalysis(w));
            const QString before = w.editor()->text();
            const int relus = before.count(QStringLiteral("relu("));
            QVERIFY(relus >= 2);
            w.findBar()->open(true);
            QVERIFY(w.findBar()->isVisible());
            w.findBar()->findField()->setText(QStringLiteral("relu("));
            QVERIFY(w.findBar()->findNext());
            QCOMPARE(w.editor()->selectedText(), QStringLiteral("relu("));
            w.findBar()->replaceField()->setText(QStringLiteral("abs("));
            QCOMPARE(w.findBar()->replaceAll(), relus);
            QCOMPARE(w.editor()->text().count(QStringLiteral("relu(")), 0);
            QCOMPARE(w.editor()->text().count(QStringLiteral("abs(")), before.count(QStringLiteral("abs(")) + relus);
            w.editor()->undo(); // one step undoes all of them
            QCOMPARE(w.editor()->text(), before);

            DocumentationDialog* docs = w.showDocumentation(QStringLiteral("gui.md"));
            QVERIFY(docs->documents()->count() >= 5);
            QCOMPARE(docs->documents()->item(0)->text(), QStringLiteral("gui.md"));
            QVERIFY(docs->browser()->toPlainText().contains(QStringLiteral("SOLAR Studio")));
            docs->close();

            const int before_ = w.comparisonPane()->profileList()->count();
            QVERIFY(w.hardwarePane()->saveAsUserProfile(QStringLiteral("h100-pcie-fast-dram")));
            QCOMPARE(w.comparisonPane()->profileList()->count(), before_ + 1);
            bool listed = false;
            for (int i = 0; i < w.comparisonPane()->profileList()->count(); ++i) {
                const auto* item = w.comparisonPane()->profileList()->item(i);
                if (item->data(Qt::UserRole).toString() == QLatin1String("h100-pcie-fast-dram"))
                    listed = item->checkState() == Qt::Checked;
            }
            QVERIFY(listed);
            bool compared = false;
            for (const auto& col : w.comparisonPane()->comparison().profiles)
                compared = compared || col.id == "h100-pcie-fast-dram";
            QVERIFY(compared);
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    // Hardware → "Calibrate this machine" (issue 18): measures off the GUI thread with its steps in a log, saves the
    // user profile 'host', which the panel then selects and the comparison view lists; a cancelled run saves nothing.
    void testCalibrateThisMachine()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            {
                CalibrateDialog cancelled(&w, QStringLiteral("never-saved"));
                cancelled.start();
                QVERIFY(cancelled.running());
                cancelled.reject(); // while running: cancels after the current step
                QTRY_VERIFY_WITH_TIMEOUT(!cancelled.running() && cancelled.log().contains(QStringLiteral("Not saved")), 120000);
                QVERIFY(cancelled.savedId().isEmpty());
                QVERIFY2(cancelled.log().contains(QStringLiteral("cancelled")), qPrintable(cancelled.log()));
            }
            QVERIFY(!QFile::exists(config.filePath(QStringLiteral("solar-studio/hwprofiles/never-saved.json"))));

            w.hardwarePane()->calibrateButton()->click();
            auto* dialog = w.hardwarePane()->findChild<CalibrateDialog*>();
            QVERIFY(dialog);
            QTRY_VERIFY_WITH_TIMEOUT(!dialog->running() && !dialog->log().isEmpty() && dialog->log().contains(QStringLiteral("Saved")),
                                     120000);
            QVERIFY2(dialog->log().contains(QStringLiteral("compute:")) && dialog->log().contains(QStringLiteral("memory:")),
                     qPrintable(dialog->log()));
            QCOMPARE(dialog->savedId(), QStringLiteral("host"));
            QVERIFY(QFile::exists(config.filePath(QStringLiteral("solar-studio/hwprofiles/host.json"))));
            QCOMPARE(w.hardwarePane()->profileId(), QStringLiteral("host"));
            bool listed = false;
            for (int i = 0; i < w.comparisonPane()->profileList()->count(); ++i)
                listed = listed || w.comparisonPane()->profileList()->item(i)->data(Qt::UserRole).toString() == QLatin1String("host");
            QVERIFY(listed);
            dialog->close();
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    // Help -> Environment (issue 16): the probe of every interpreter, run in the background; the chosen one is the
    // interpreter locatePython() picks; a path typed into the setting is probed as the setting and kept for the
    // next analysis.
    void testEnvironmentDialog()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            QAction* action = nullptr;
            for (QAction* a : w.menuBar()->actions())
                if (a->menu() && a->text().remove(QLatin1Char('&')) == QLatin1String("Help"))
                    for (QAction* b : a->menu()->actions())
                        if (b->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Environment")))
                            action = b;
            QVERIFY(action);
            action->trigger();
            auto* dialog = w.findChild<EnvironmentDialog*>();
            QVERIFY(dialog);
            QSignalSpy probed(dialog, &EnvironmentDialog::probed);
            QVERIFY(probed.wait(120000));
            const QString text = dialog->report()->toPlainText();
            if (const auto python = solar::worker::locatePython())
                QVERIFY2(text.contains(QString::fromStdString(python->executable) + QStringLiteral("  ("))
                             && text.contains(QStringLiteral("<- chosen")),
                         qPrintable(text));
            dialog->pythonEdit()->setText(QStringLiteral("/nonexistent/bin/python"));
            dialog->probe();
            QVERIFY(probed.wait(120000));
            QVERIFY2(dialog->report()->toPlainText().contains(QStringLiteral("/nonexistent/bin/python  (the setting)")),
                     qPrintable(dialog->report()->toPlainText()));
            QCOMPARE(EnvironmentDialog::pythonSetting(), QStringLiteral("/nonexistent/bin/python"));
            dialog->pythonEdit()->clear();
            dialog->probe();
            QVERIFY(probed.wait(120000));
            QVERIFY(EnvironmentDialog::pythonSetting().isEmpty());
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }
};

QTEST_MAIN(TestStudioDialogs)
#include "tst_studiodialogs.moc"
