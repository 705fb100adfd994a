// SPDX-License-Identifier: MIT
// How the window looks: the German and Chinese catalogues cover the window, the dark palette is followed, and
// screenshots of the main window and its panes are written to the build directory (docs/gui.md).
#include "app/studio/translations.h"
#include "engine/report/analysisreport.h"
#include "render/enginetext.h"
#include "render/units.h"
#include "tests/widgets/windowtest.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/roofline/rooflinechart.h"

#include <QAbstractButton>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <Qsci/qscilexer.h>

using namespace solar::testing;
using solar::bounds::Level;

class TestAppearance : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { enterTestMode(); }

    // German and Simplified Chinese: the translations load from the build (or install) tree, the window's menus
    // and the summary speak the language, numbers take the locale's decimal separator, and the PDF report is
    // written in it. English is restored afterwards.
    void testTranslations()
    {
        struct Lang
        {
            const char* code;
            QString file;
            QString noAnalysis;
            QString report;
        };
        const std::vector<Lang> langs
            = {{"de", QStringLiteral("&Datei"), QStringLiteral("Noch keine Analyse"), QStringLiteral("Schrankenleiter")},
               {"zh_CN", QStringLiteral("文件(&F)"), QStringLiteral("尚无分析"), QStringLiteral("界限阶梯")}};
        for (const auto& lang : langs) {
            QCOMPARE(installTranslations(*qApp, QString::fromLatin1(lang.code)), QString::fromLatin1(lang.code));
            // Issue 49, item 14: a profiler trace is named in the language ("清除 trace" was half English).
            if (QString::fromLatin1(lang.code) == QStringLiteral("zh_CN")) {
                QCOMPARE(QCoreApplication::translate("InsightsPane", "Clear trace"), QStringLiteral("清除性能分析记录"));
                QVERIFY(!QCoreApplication::translate("InsightsPane", "Load profiler trace…").contains(QStringLiteral("trace")));
            }
            {
                MainWindow w;
                QStringList menus;
                for (QAction* a : w.menuBar()->actions())
                    menus << a->text();
                QVERIFY2(menus.contains(lang.file), qPrintable(menus.join(QLatin1Char(' '))));
                QVERIFY(w.summary()->findChild<QLabel*>() != nullptr);
                bool found = false;
                for (QLabel* l : w.summary()->findChildren<QLabel*>())
                    found = found || l->text().contains(lang.noAnalysis);
                QVERIFY2(found, lang.code);
                QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
                QVERIFY(waitForAnalysis(w));
                // Not clipped at 1600 x 1000: every visible button, check box and one-line label gets at least the
                // width its translated text needs (a missing translation would not fail this; a long one would).
                w.resize(1600, 1000);
                w.show();
                QVERIFY(QTest::qWaitForWindowExposed(&w));
                QCoreApplication::processEvents();
                QStringList clipped;
                for (QWidget* widget : w.findChildren<QWidget*>()) {
                    if (!widget->isVisible() || widget->window() != &w)
                        continue;
                    const auto* label = qobject_cast<QLabel*>(widget);
                    const auto* button = qobject_cast<QAbstractButton*>(widget);
                    const bool text = (button && !button->text().isEmpty()) || (label && !label->wordWrap() && !label->text().isEmpty());
                    if (text && widget->width() + 1 < widget->minimumSizeHint().width())
                        clipped << QStringLiteral("%1 '%2' (%3 < %4)")
                                       .arg(QString::fromLatin1(widget->metaObject()->className()),
                                            label ? label->text() : qobject_cast<QAbstractButton*>(widget)->text())
                                       .arg(widget->width())
                                       .arg(widget->minimumSizeHint().width());
                }
                // A pane that scrolls fits its width at this size: nothing is hidden to the right of its viewport.
                for (QScrollArea* scroll : w.findChildren<QScrollArea*>()) {
                    if (!scroll->isVisible() || !scroll->widget() || !scroll->widgetResizable())
                        continue;
                    const int needed = scroll->widget()->minimumSizeHint().width();
                    if (needed > scroll->viewport()->width())
                        clipped << QStringLiteral("%1 needs %2 px, shows %3")
                                       .arg(QString::fromLatin1(scroll->parentWidget()->metaObject()->className()))
                                       .arg(needed)
                                       .arg(scroll->viewport()->width());
                }
                // Table headers too, in every pane whether its dock is in front or not: a column is at least as wide
                // as its header's text.
                for (QHeaderView* header : w.findChildren<QHeaderView*>()) {
                    if (header->orientation() != Qt::Horizontal || header->isHidden() || !header->model())
                        continue;
                    for (int i = 0; i < header->count(); ++i) {
                        if (header->isSectionHidden(i) || (header->stretchLastSection() && header->visualIndex(i) == header->count() - 1))
                            continue;
                        const QString text = header->model()->headerData(i, Qt::Horizontal).toString();
                        const int needed
                            = header->fontMetrics().horizontalAdvance(text) + 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin);
                        if (!text.isEmpty() && header->sectionSize(i) < needed)
                            clipped << QStringLiteral("header '%1' of %2 (%3 < %4)")
                                           .arg(text,
                                                header->parentWidget()->objectName().isEmpty()
                                                    ? QString::fromLatin1(header->parentWidget()->parentWidget()->metaObject()->className())
                                                    : header->parentWidget()->objectName())
                                           .arg(header->sectionSize(i))
                                           .arg(needed);
                    }
                }
                QVERIFY2(clipped.isEmpty(),
                         qPrintable(QString::fromLatin1(lang.code) + QStringLiteral(": ") + clipped.join(QStringLiteral("; "))));
                // The engine's words are in the language too: the validation verdict, the ladder's notes and its
                // bottleneck names (English only where a catalogue lacks the string, which testCataloguesComplete
                // rules out).
                const auto& analysed = *w.shownResult();
                QVERIFY2(w.summary()->validationText().contains(QStringLiteral(">") + validationLabelText(analysed.validation)
                                                                + QStringLiteral("<")),
                         qPrintable(w.summary()->validationText()));
                QVERIFY(validationLabelText(analysed.validation) != QString::fromStdString(analysed.validation.label()));
                QVERIFY(!analysed.ladder.notes.empty());
                for (const auto& note : analysed.ladder.notes) {
                    QVERIFY2(!w.summary()->notesText().contains(QString::fromStdString(note.text()).toHtmlEscaped()), note.text().c_str());
                    QVERIFY2(w.summary()->notesText().contains(engineText(note).toHtmlEscaped()), note.text().c_str());
                }
                for (Level l : solar::bounds::kLevels) {
                    const QString cell = w.summary()->ladderTable()->item(static_cast<int>(l), SummaryPane::Bottleneck)->text();
                    QCOMPARE(cell, bottleneckText(analysed.ladder.at(l).bottleneck));
                    QVERIFY2(cell != QString::fromStdString(analysed.ladder.at(l).bottleneck), qPrintable(cell));
                }
                QDir().mkpath(QStringLiteral(SOLAR_SCREENSHOT_DIR));
                w.grab().save(QStringLiteral(SOLAR_SCREENSHOT_DIR "/main-window-%1.png").arg(QString::fromLatin1(lang.code)));
                const double bound = w.shownResult()->ladder.at(Level::Fused).seconds;
                const QString shown = w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPane::Bound)->text();
                QCOMPARE(shown, localizedNumbers(solar::formatSeconds(bound)));
                if (QString::fromLatin1(lang.code) == QLatin1String("de")
                    && QString::fromStdString(solar::formatSeconds(bound)).contains(QLatin1Char('.')))
                    QVERIFY2(shown.contains(QLatin1Char(',')), qPrintable(shown));
                QTemporaryDir dir;
                const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
                QVERIFY(w.exportAs(ExportKind::ReportPdf, pdf));
                if (!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
                    QProcess text;
                    text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
                    QVERIFY(text.waitForFinished(30000));
                    QVERIFY2(QString::fromUtf8(text.readAllStandardOutput()).contains(lang.report), lang.code);
                }
                // Exports stay locale-independent.
                QVERIFY(w.exportAs(ExportKind::Csv, dir.filePath(QStringLiteral("a.csv"))));
                QFile csv(dir.filePath(QStringLiteral("a.csv")));
                QVERIFY(csv.open(QIODevice::ReadOnly));
                QCOMPARE(csv.readAll(), QByteArray::fromStdString(solar::report::analysisCsv(*w.shownResult())));
            }
            removeTranslations(*qApp);
            QLocale::setDefault(QLocale::c());
        }
    }

    // The German and Chinese catalogues leave no user-visible string untranslated: every message of every context
    // (the window's, the report's and the engine's words, "solar::engine") has a finished, non-empty translation
    // that keeps each of its source's %n arguments. scripts/update-translations lists what a change leaves open.
    void testCataloguesComplete()
    {
        const QDir dir(QStringLiteral(SOLAR_TEST_DATA "/../../translations"));
        const QStringList files = dir.entryList({QStringLiteral("*.ts")}, QDir::Files);
        QVERIFY2(files.size() >= 2, qPrintable(dir.absolutePath()));
        static const QRegularExpression argument(QStringLiteral("%(\\d)"));
        for (const QString& name : files) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QXmlStreamReader xml(&file);
            QString context, source, translation;
            bool unfinished = false;
            int messages = 0, engine = 0;
            QStringList open;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("name"))
                    context = xml.readElementText();
                else if (xml.isStartElement() && xml.name() == QLatin1String("source"))
                    source = xml.readElementText();
                else if (xml.isStartElement() && xml.name() == QLatin1String("translation")) {
                    unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
                    translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
                    ++messages;
                    engine += context == QLatin1String("solar::engine");
                    bool argumentsKept = true;
                    for (auto it = argument.globalMatch(source); it.hasNext();)
                        argumentsKept = argumentsKept && translation.contains(it.next().captured(0));
                    if (unfinished || translation.trimmed().isEmpty() || !argumentsKept)
                        open << context + QStringLiteral(": ") + source.left(60);
                    source.clear();
                    translation.clear();
                    unfinished = false;
                }
            }
            QVERIFY2(!xml.hasError(), qPrintable(name + QStringLiteral(": ") + xml.errorString()));
            QVERIFY2(open.isEmpty(), qPrintable(name + QStringLiteral(": ") + open.join(QStringLiteral(" | "))));
            QVERIFY2(messages > 500 && engine >= 10,
                     qPrintable(QStringLiteral("%1: %2 messages, %3 engine").arg(name).arg(messages).arg(engine)));
        }
    }

    // A dark system palette: the editor's paper turns dark and keyword colours stay readable on it.
    void testFollowsDarkPalette()
    {
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        SourceEditor editor;
        editor.setPalette(dark);
        editor.setLanguageForFile(QStringLiteral("model.py"));
        QVERIFY(editor.lexer());
        QVERIFY(editor.lexer()->paper(0).lightness() < 128);
        for (int style = 0; style < 16; ++style)
            if (!editor.lexer()->description(style).isEmpty())
                QVERIFY2(editor.lexer()->color(style).lightness() >= 100, qPrintable(editor.lexer()->description(style)));
        editor.setLanguageForFile(QStringLiteral("program.alir"));
        QVERIFY(editor.lexer()->paper(0).lightness() < 128);
    }

    // Screenshots of the window on an example and of the graph and roofline panes, for a person to look at; the
    // test checks that they are not blank.
    void testScreenshots()
    {
        MainWindow w;
        const bool python = havePython();
        const QString example = kExamples + (python ? QStringLiteral("/transformer_block.py") : QStringLiteral("/mlp_softmax.alir"));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example));
        QVERIFY2(waitForAnalysis(w, 300000), qPrintable(w.lastError()));
        QVERIFY(waitForLayout(w.graphView()));
        w.selectNode(0);
        QTest::qWait(200);
        const QString dir = QStringLiteral(SOLAR_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        const QImage window = w.grab().toImage();
        QVERIFY(window.save(dir + QStringLiteral("/main-window.png")));
        QVERIFY(distinctColours(window) > 50);
        // The panes at a size a person would give them: the graph as an overview and zoomed in on one operator,
        // the roofline with its legend.
        GraphView graphView;
        graphView.resize(900, 700);
        graphView.setResult(w.shownResult());
        QVERIFY(waitForLayout(&graphView));
        graphView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graphView));
        graphView.fitAll();
        const QImage graph = graphView.grab().toImage();
        QVERIFY(graph.save(dir + QStringLiteral("/einsum-graph.png")));
        QVERIFY(distinctColours(graph) > 10);
        graphView.resetTransform();
        graphView.find(QStringLiteral("scores"));
        const QImage detail = graphView.grab().toImage();
        QVERIFY(detail.save(dir + QStringLiteral("/einsum-graph-detail.png")));
        QVERIFY(distinctColours(detail) > 10);
        RooflineChart chartView;
        chartView.resize(1000, 700);
        chartView.setResult(w.shownResult());
        chartView.selectNode(0);
        chartView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chartView));
        const QImage chart = chartView.grab().toImage();
        QVERIFY(chart.save(dir + QStringLiteral("/roofline.png")));
        QVERIFY(distinctColours(chart) > 10);
        const QImage hardware = w.hardwarePane()->grab().toImage();
        QVERIFY(hardware.save(dir + QStringLiteral("/hardware.png")));
    }
};

QTEST_MAIN(TestAppearance)
#include "tst_appearance.moc"
