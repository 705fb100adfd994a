// SPDX-License-Identifier: MIT
// Each dialog alone (tst_studiodialogs opens them from the window): the LLM settings (round trip through QSettings;
// the key's variable named, its value never shown), the calibration (cancelled before it finishes: nothing saved),
// the environment report (the interpreter locatePython() picks is the chosen one) and the documentation browser
// (every docs/*.md listed, gui.md first, an unknown document refused).
#include "app/studio/documentation.h"
#include "app/studio/environmentdialog.h"
#include "engine/worker/pythonlocator.h"
#include "render/palette.h"
#include "widgets/hardware/calibratedialog.h"
#include "widgets/llm/llmsettingsdialog.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>

class TestDialogs : public QObject
{
    Q_OBJECT

private slots:
    void llmSettingsRoundTripAndNeverShowTheKey()
    {
        solar::llm::LlmSettings s;
        s.baseUrl = "http://127.0.0.1:9/v1";
        s.model = "test-model";
        s.apiKeyEnv = "SOLAR_TEST_KEY_UNSET";
        s.temperature = 0.3;
        s.timeoutMs = 42000;
        s.attempts = 4;
        qunsetenv("SOLAR_TEST_KEY_UNSET");
        {
            LlmSettingsDialog dialog(s);
            const auto back = dialog.settings();
            QCOMPARE(back.baseUrl, s.baseUrl);
            QCOMPARE(back.model, s.model);
            QCOMPARE(back.apiKeyEnv, s.apiKeyEnv);
            QCOMPARE(back.timeoutMs, s.timeoutMs);
            QCOMPARE(back.attempts, s.attempts);
            QVERIFY(std::abs(back.temperature - s.temperature) < 1e-9);
            const QString status = dialog.findChildren<QLabel*>().last()->text();
            bool unsetShown = false;
            for (const QLabel* label : dialog.findChildren<QLabel*>())
                unsetShown = unsetShown
                    || (label->text().contains(QStringLiteral("SOLAR_TEST_KEY_UNSET is not set"))
                        && label->text().contains(errorColour().name()));
            QVERIFY2(unsetShown, qPrintable(status));
        }
        qputenv("SOLAR_TEST_KEY_UNSET", "sk-secret-value");
        {
            LlmSettingsDialog dialog(s);
            bool setShown = false;
            for (const QLabel* label : dialog.findChildren<QLabel*>()) {
                QVERIFY(!label->text().contains(QStringLiteral("sk-secret-value")));
                setShown = setShown || label->text().contains(QStringLiteral("is set (its value is not shown)"));
            }
            QVERIFY(setShown);
        }
        qunsetenv("SOLAR_TEST_KEY_UNSET");
        // Saved and loaded through QSettings (the suite's private XDG_CONFIG_HOME): the same settings come back.
        LlmSettingsDialog::save(s);
        const auto loaded = LlmSettingsDialog::load();
        QCOMPARE(loaded.baseUrl, s.baseUrl);
        QCOMPARE(loaded.model, s.model);
        QCOMPARE(loaded.apiKeyEnv, s.apiKeyEnv);
        QCOMPARE(loaded.attempts, s.attempts);
    }

    void calibrationCancelledSavesNothing()
    {
        CalibrateDialog dialog(nullptr, QStringLiteral("tst-dialogs-cancelled"));
        QSignalSpy saved(&dialog, &CalibrateDialog::saved);
        dialog.start();
        QVERIFY(dialog.running());
        dialog.reject(); // while measuring: cancels after the current step
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.running(), 120000);
        QCoreApplication::processEvents();
        QCOMPARE(saved.count(), 0);
        QVERIFY(dialog.savedId().isEmpty());
        QVERIFY2(dialog.log().contains(QStringLiteral("Cancelling after the current step")), qPrintable(dialog.log()));
        QVERIFY2(dialog.log().contains(QStringLiteral("Not saved")), qPrintable(dialog.log()));
    }

    void environmentDialogMarksTheChosenInterpreter()
    {
        EnvironmentDialog dialog;
        QSignalSpy probed(&dialog, &EnvironmentDialog::probed);
        QVERIFY(probed.wait(120000));
        const QString text = dialog.report()->toPlainText();
        if (const auto python = solar::worker::locatePython())
            QVERIFY2(text.contains(QString::fromStdString(python->executable) + QStringLiteral("  ("))
                         && text.contains(QStringLiteral("<- chosen")),
                     qPrintable(text));
        else
            QVERIFY2(text.contains(QStringLiteral("No interpreter traces PyTorch models")), qPrintable(text));
        // Every registered frontend has its line, ALIR's always "ok" (it needs no Python).
        QVERIFY2(text.contains(QStringLiteral("ok    alir (")), qPrintable(text));
    }

    void documentationListsEveryDocument()
    {
        DocumentationDialog dialog;
        const QStringList files = QDir(DocumentationDialog::directory()).entryList({QStringLiteral("*.md")}, QDir::Files);
        QCOMPARE(dialog.documents()->count(), static_cast<int>(files.size()));
        QVERIFY(dialog.documents()->item(0)->data(Qt::UserRole).toString().endsWith(QStringLiteral("gui.md"))
                || dialog.documents()->item(0)->text().contains(QStringLiteral("gui"), Qt::CaseInsensitive));
        QVERIFY(dialog.showDocument(QStringLiteral("architecture.md")));
        QVERIFY(dialog.browser()->toPlainText().contains(QStringLiteral("Adding a frontend")));
        QVERIFY(!dialog.showDocument(QStringLiteral("no-such-document.md")));
    }
};

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
