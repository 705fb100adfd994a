// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "app/studio/translations.h"

#include "engine/batch/sweep.h"
#include "engine/core/version.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/analysis/summarypanel.h"
#include "widgets/compare/comparisonview.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphpane.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepanel.h"
#include "widgets/llm/llmsettingsdialog.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/roofline/rooflinechart.h"
#include "widgets/roofline/rooflinepane.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

using solar::bounds::Level;

namespace {

constexpr int kMaxRecent = 10;

const char* kKnobNames[HardwarePanel::KnobCount] = {"bandwidth", "tensor", "simt", "onchip", "clock"};

QList<EditorDiagnostic> editorDiagnostics(const solar::Diagnostics& diagnostics)
{
    QList<EditorDiagnostic> out;
    for (const auto& d : diagnostics) {
        EditorDiagnostic e;
        e.line = d.loc.line;
        e.column = d.loc.column;
        e.severity = d.severity == solar::Severity::Error ? EditorDiagnostic::Error
                   : d.severity == solar::Severity::Warning ? EditorDiagnostic::Warning
                                                           : EditorDiagnostic::Note;
        e.message = QString::fromStdString(d.message);
        out.append(e);
    }
    return out;
}

} // namespace

QString MainWindow::examplesDirectory()
{
    const QString env = qEnvironmentVariable("SOLAR_EXAMPLES_DIR");
    if (!env.isEmpty())
        return env;
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/solar-studio/examples");
    if (QFileInfo(installed).isDir())
        return QDir(installed).absolutePath();
    return QStringLiteral(SOLAR_SOURCE_EXAMPLES);
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_editor(new SourceEditor(this))
    , m_document(new Document(m_editor, this))
    , m_job(new AnalysisJob(this))
{
    setObjectName(QStringLiteral("SolarStudioMainWindow"));
    setCentralWidget(m_editor);
    setAcceptDrops(true);
    createDocks();
    createMenus();

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelAnalysis);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    statusBar()->showMessage(tr("SOLAR Studio %1").arg(QString::fromLatin1(solar::kVersion)));

    m_llm = LlmSettingsDialog::load();
    m_registry = solar::hw::loadDefaultHwRegistry();
    m_hardware->setRegistry(m_registry);
    m_hardware->selectProfile(QStringLiteral("h100-pcie"));
    m_compare->setRegistry(m_registry);
    m_roofline->setRegistry(m_registry);
    m_roofline->setCurrentProfileId(m_hardware->profileId());

    connect(m_document, &Document::stateChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::edited, this, &MainWindow::sourceEdited);
    connect(m_document, &Document::recovered, this, &MainWindow::analyze);
    connect(m_document, &Document::message, this, [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_job, &AnalysisJob::finished, this, &MainWindow::analysisDone);
    connect(m_job, &AnalysisJob::progress, this, [this](const QString& stage) { statusBar()->showMessage(tr("Analysing: %1…").arg(stage)); });
    connect(m_job, &AnalysisJob::llmAttempt, m_transcript, &TranscriptPane::addAttempt);
    connect(m_job, &AnalysisJob::cancelled, this, [this] {
        setBusy(false);
        statusBar()->showMessage(tr("Analysis cancelled"), 5000);
        emit analysisFinished(false);
    });
    connect(m_editor, &SourceEditor::lineActivated, this, [this](int line) { selectLine(line, false); });
    connect(m_ir, &IrPane::lineActivated, this, [this](int line) { selectLine(line, true); });
    connect(m_ir, &IrPane::editAsAlirRequested, this, [this](const QString& alir) {
        if (!m_document->maybeKeepEdits())
            return;
        m_document->setUnsavedSource({}, QStringLiteral("program.alir"), alir);
        analyze();
    });
    connect(m_ir, &IrPane::analyseRequested, this, [this](const QString& alir) {
        // IR the user wrote, edited in the IR pane: it becomes the source (unsaved) and is analysed.
        m_document->setUnsavedSource(m_document->path(), m_document->name(), alir);
        analyze();
    });
    connect(m_hardware, &HardwarePanel::profileChanged, m_roofline, &RooflinePane::setCurrentProfileId);
    connect(m_hardware, &HardwarePanel::machineChanged, this, [this] {
        if (m_base)
            showResult(m_base, false);
    });
    connect(m_graph, &GraphPane::nodeSelected, this, &MainWindow::selectNode);
    connect(m_graph, &GraphPane::message, this, [this](const QString& text) { statusBar()->showMessage(text, 4000); });
    connect(m_roofline, &RooflinePane::nodeSelected, this, &MainWindow::selectNode);
    connect(m_roofline, &RooflinePane::levelChanged, this, [this](Level l) {
        m_graph->view()->setLevel(l);
        m_operators->setShareLevel(l);
    });
    connect(m_operators, &OperatorPane::nodeSelected, this, &MainWindow::selectNode);
    connect(m_operators, &OperatorPane::exportCsvRequested, this, [this] { exportWithDialog(ExportKind::Csv); });
    connect(m_summary, &SummaryPanel::importTimingsRequested, this, &MainWindow::importTimings);

    resize(1400, 900);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    rebuildRecentMenu();
    updateTitle();
}

MainWindow::~MainWindow() = default;

GraphView* MainWindow::graphView() const
{
    return m_graph->view();
}

RooflineChart* MainWindow::roofline() const
{
    return m_roofline->chart();
}

QTableView* MainWindow::operatorTable() const
{
    return m_operators->table();
}

OperatorTableModel* MainWindow::operatorModel() const
{
    return m_operators->model();
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name); // saveState() keys on it
        d->setWidget(widget);
        d->setMinimumWidth(200);
        addDockWidget(area, d);
        return d;
    };
    m_ir = new IrPane(this);
    m_graph = new GraphPane(this);
    m_roofline = new RooflinePane(this);
    m_hardware = new HardwarePanel(this);
    m_operators = new OperatorPane(this);
    m_summary = new SummaryPanel(this);
    m_transcript = new TranscriptPane(this);
    m_compare = new ComparisonView(this);
    auto* irDock = dock(tr("IR"), QStringLiteral("dock-ir"), m_ir, Qt::LeftDockWidgetArea);
    auto* graphDock = dock(tr("Einsum graph"), QStringLiteral("dock-graph"), m_graph, Qt::RightDockWidgetArea);
    auto* rooflineDock = dock(tr("Roofline"), QStringLiteral("dock-roofline"), m_roofline, Qt::RightDockWidgetArea);
    auto* hardwareDock = dock(tr("Hardware"), QStringLiteral("dock-hardware"), m_hardware, Qt::LeftDockWidgetArea);
    auto* tableDock = dock(tr("Operators"), QStringLiteral("dock-operators"), m_operators, Qt::BottomDockWidgetArea);
    auto* summaryDock = dock(tr("Summary"), QStringLiteral("dock-summary"), m_summary, Qt::BottomDockWidgetArea);
    auto* transcriptDock = dock(tr("LLM transcript"), QStringLiteral("dock-transcript"), m_transcript, Qt::BottomDockWidgetArea);
    auto* compareDock = dock(tr("Compare hardware"), QStringLiteral("dock-compare"), m_compare, Qt::BottomDockWidgetArea);
    tabifyDockWidget(irDock, hardwareDock);
    irDock->raise();
    tabifyDockWidget(graphDock, rooflineDock);
    graphDock->raise();
    splitDockWidget(tableDock, summaryDock, Qt::Horizontal);
    tabifyDockWidget(summaryDock, transcriptDock);
    tabifyDockWidget(summaryDock, compareDock);
    summaryDock->raise();
}

void MainWindow::createMenus()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    m_examplesMenu = fileMenu->addMenu(tr("&Examples"));
    rebuildExamplesMenu();
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Save"), QKeySequence::Save, m_document, [this] {
        if (m_document->saveInteractively())
            addRecent(m_document->path());
    });
    fileMenu->addAction(tr("Save &As…"), QKeySequence::SaveAs, m_document, [this] {
        if (m_document->saveAsInteractively())
            addRecent(m_document->path());
    });
    fileMenu->addAction(tr("Save &Project…"), this, &MainWindow::saveProjectWithDialog);
    fileMenu->addSeparator();
    QMenu* exportMenu = fileMenu->addMenu(tr("&Export"));
    for (const ExportFormat& f : exportFormats()) {
        exportMenu->addAction(QCoreApplication::translate("Exports", f.label), this, [this, kind = f.kind] { exportWithDialog(kind); });
        if (f.kind == ExportKind::ReportPdf) {
            exportMenu->addAction(tr("Report &preview…"), this, &MainWindow::previewReport);
            exportMenu->addSeparator();
        }
    }
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* analysisMenu = menuBar()->addMenu(tr("&Analysis"));
    QAction* run = analysisMenu->addAction(tr("&Analyse"), QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::analyze);
    run->setShortcutContext(Qt::ApplicationShortcut);
    analysisMenu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, &MainWindow::cancelAnalysis);
    analysisMenu->addSeparator();
    analysisMenu->addAction(tr("Save hardware as &user profile…"), this, [this] {
        bool ok = false;
        const QString id = QInputDialog::getText(this, tr("Save user profile"), tr("Profile id (letters, digits, dashes):"), QLineEdit::Normal,
                                                 m_hardware->profileId() + QStringLiteral("-what-if"), &ok);
        if (!ok || id.isEmpty())
            return;
        QString why;
        if (!m_hardware->saveAsUserProfile(id, &why)) {
            QMessageBox::warning(this, tr("Save failed"), why);
            return;
        }
        m_registry = solar::hw::loadDefaultHwRegistry();
        m_compare->setRegistry(m_registry);
        m_roofline->setRegistry(m_registry);
    });
    analysisMenu->addAction(tr("&LLM settings…"), this, [this] {
        LlmSettingsDialog dialog(m_llm, this);
        if (dialog.exec() == QDialog::Accepted) {
            m_llm = dialog.settings();
            LlmSettingsDialog::save(m_llm);
        }
    });

    QToolBar* bar = addToolBar(tr("Analysis"));
    bar->setObjectName(QStringLiteral("toolbar-analysis"));
    bar->addWidget(new QLabel(tr(" Frontend: "), bar));
    m_frontend = new QComboBox(bar);
    m_frontend->addItem(tr("Automatic (PyTorch files traced, ALIR as written)"), static_cast<int>(solar::Frontend::Auto));
    m_frontend->addItem(tr("PyTorch trace"), static_cast<int>(solar::Frontend::Trace));
    m_frontend->addItem(tr("ALIR as written"), static_cast<int>(solar::Frontend::Alir));
    m_frontend->addItem(tr("LLM (any source, validated when a reference runs)"), static_cast<int>(solar::Frontend::Llm));
    m_frontend->setToolTip(tr("How the source becomes ALIR"));
    bar->addWidget(m_frontend);
    bar->addAction(run);
    bar->addAction(tr("Cancel"), this, &MainWindow::cancelAnalysis);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    QMenu* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(language);
    const QString chosen = QSettings().value(QStringLiteral("language"), QStringLiteral("system")).toString();
    QList<QPair<QString, QString>> entries = {{QStringLiteral("system"), tr("System default")}};
    entries.append(availableLanguages());
    for (const auto& [code, name] : entries) {
        QAction* a = language->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == chosen);
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] {
            QSettings().setValue(QStringLiteral("language"), code);
            statusBar()->showMessage(tr("The language changes at the next start of SOLAR Studio"), 8000);
        });
    }

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About SOLAR Studio"), this, [this] {
        QMessageBox::about(this, tr("About SOLAR Studio"),
                           tr("<b>SOLAR Studio %1</b><p>Speed-of-light analysis for deep-learning programs: how fast a "
                              "model could run on a given chip, and how far an implementation is from it.</p>")
                               .arg(QString::fromLatin1(solar::kVersion)));
    });
}

void MainWindow::rebuildExamplesMenu()
{
    m_examplesMenu->clear();
    const QDir dir(examplesDirectory());
    const QStringList files = dir.entryList({QStringLiteral("*.py"), QStringLiteral("*.alir")}, QDir::Files, QDir::Name);
    for (const QString& f : files)
        m_examplesMenu->addAction(f, this, [this, path = dir.filePath(f)] { openInteractively(path); });
    m_examplesMenu->setEnabled(!files.isEmpty());
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openInteractively(path); })->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

// ---- files and projects ----

bool MainWindow::openFile(const QString& path, QString* why)
{
    if (QFileInfo(path).suffix().toLower() == QLatin1String("solar")) {
        const auto project = readProject(path, why);
        if (!project)
            return false;
        applyProject(*project);
    } else {
        if (!m_document->open(path, why))
            return false;
        statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    }
    addRecent(QFileInfo(path).absoluteFilePath());
    analyze();
    return true;
}

void MainWindow::openInteractively(const QString& path)
{
    if (!m_document->maybeKeepEdits())
        return;
    QString why;
    if (!openFile(path, &why))
        QMessageBox::warning(this, tr("Open failed"), why);
}

void MainWindow::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open model, IR or project"), QString(),
                                                      tr("Models, IR and projects (*.py *.alir *.solar);;All files (*)"));
    if (!path.isEmpty())
        openInteractively(path);
}

bool MainWindow::saveFile(const QString& path, QString* why)
{
    if (!m_document->save(path, why))
        return false;
    addRecent(m_document->path());
    return true;
}

Project MainWindow::currentProject() const
{
    Project p;
    p.sourcePath = m_document->path();
    p.sourceName = m_document->name();
    p.sourceText = m_editor->text();
    p.frontend = QString::fromLatin1(solar::frontendName(frontend()).data());
    p.hardware = m_hardware->profileId();
    for (int k = 0; k < HardwarePanel::KnobCount; ++k)
        p.factors[QString::fromLatin1(kKnobNames[k])] = m_hardware->factor(static_cast<HardwarePanel::Knob>(k));
    p.targetMs = m_hardware->targetMs();
    p.targetLevel = QString::fromLatin1(solar::bounds::levelName(m_hardware->targetLevel()).data());
    p.measuredSeconds = m_summary->measuredSeconds();
    p.rooflineLevel = m_roofline->levelKey();
    p.graphColour = m_graph->colourKey();
    return p;
}

void MainWindow::applyProject(const Project& p)
{
    m_document->setSource(p.sourcePath, p.sourceName.isEmpty() ? QStringLiteral("model.py") : p.sourceName, p.sourceText);
    setFrontend(solar::parseFrontend(p.frontend.toStdString()).value_or(solar::Frontend::Auto));
    if (!p.hardware.isEmpty())
        m_hardware->selectProfile(p.hardware);
    for (int k = 0; k < HardwarePanel::KnobCount; ++k) {
        const auto it = p.factors.find(QString::fromLatin1(kKnobNames[k]));
        m_hardware->setFactor(static_cast<HardwarePanel::Knob>(k), it == p.factors.end() ? 1.0 : it.value());
    }
    m_hardware->setTargetMs(p.targetMs);
    m_summary->setMeasuredSeconds(p.measuredSeconds);
    m_roofline->setLevelKey(p.rooflineLevel);
    m_graph->setColourKey(p.graphColour);
}

bool MainWindow::saveProject(const QString& path, QString* why)
{
    if (!writeProject(path, currentProject(), why))
        return false;
    addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saved project %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::saveProjectWithDialog()
{
    const QString base = m_document->path().isEmpty() ? QStringLiteral("project") : QFileInfo(m_document->path()).completeBaseName();
    QString path = QFileDialog::getSaveFileName(this, tr("Save project"), base + QStringLiteral(".solar"), tr("SOLAR Studio projects (*.solar)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".solar")))
        path += QStringLiteral(".solar");
    QString why;
    if (!saveProject(path, &why))
        QMessageBox::warning(this, tr("Save failed"), why);
}

// ---- exports ----

ReportInput MainWindow::reportInput() const
{
    ReportInput in;
    in.results.push_back(m_shown);
    in.sourceFile = m_document->displayPath();
    in.frontend = QString::fromLatin1(solar::frontendName(frontend()).data());
    if (m_hardware->targetMs() > 0)
        in.targetSeconds = m_hardware->targetMs() * 1e-3;
    in.measuredSeconds = m_summary->measuredSeconds();
    return in;
}

bool MainWindow::exportAs(ExportKind kind, const QString& path, QString* why)
{
    return exportAnalysis(kind, m_shown ? reportInput() : ReportInput {}, path, why);
}

void MainWindow::exportWithDialog(ExportKind kind)
{
    if (!m_shown) {
        statusBar()->showMessage(tr("Nothing to export: analyse first (Ctrl+R)"), 4000);
        return;
    }
    const ExportFormat& f = exportFormat(kind);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export"), QString::fromLatin1(f.defaultName), QCoreApplication::translate("Exports", f.filter));
    if (path.isEmpty())
        return;
    QString why;
    if (!exportAs(kind, path, &why))
        QMessageBox::warning(this, tr("Export failed"), why);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::previewReport()
{
    if (!m_shown) {
        statusBar()->showMessage(tr("Nothing to preview: analyse first (Ctrl+R)"), 4000);
        return;
    }
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(QPageSize(QPageSize::A4));
    QPrintPreviewDialog preview(&printer, this);
    const ReportInput in = reportInput();
    connect(&preview, &QPrintPreviewDialog::paintRequested, this, [in](QPrinter* p) { paintReport(*p, in); });
    preview.exec();
}

void MainWindow::importTimings()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import KernelBench timings"), QString(), tr("Timing JSON (*.json)"));
    if (path.isEmpty())
        return;
    const auto timings = solar::batch::readTimings(path.toStdString());
    if (!timings) {
        QMessageBox::warning(this, tr("Import failed"), QString::fromStdString(solar::formatAll(timings.diagnostics())));
        return;
    }
    const auto found = solar::batch::timingFor(*timings, m_document->path().toStdString());
    if (!found) {
        QMessageBox::information(this, tr("No timing"), tr("%1 has no timing for %2.").arg(path, m_document->name()));
        return;
    }
    m_summary->setMeasuredSeconds(found);
}

void MainWindow::updateTitle()
{
    const QString version = QString::fromLatin1(solar::kVersion);
    const QString name = m_document->path().isEmpty() ? m_document->name() : QFileInfo(m_document->path()).fileName();
    if (name.isEmpty())
        setWindowTitle(tr("SOLAR Studio %1").arg(version));
    else
        setWindowTitle(tr("%1%2 — SOLAR Studio %3").arg(name, hasUnsavedEdits() ? QStringLiteral("*") : QString(), version));
}

void MainWindow::setFrontend(solar::Frontend frontend)
{
    m_frontend->setCurrentIndex(std::max(0, m_frontend->findData(static_cast<int>(frontend))));
}

solar::Frontend MainWindow::frontend() const
{
    return static_cast<solar::Frontend>(m_frontend->currentData().toInt());
}

// ---- analysis ----

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

void MainWindow::analyze()
{
    const solar::hw::HwProfile* profile = m_hardware->profile();
    if (!profile) {
        statusBar()->showMessage(tr("No hardware profile: see Analysis → hardware"), 5000);
        return;
    }
    solar::SourceAnalysisOptions options;
    options.frontend = frontend();
    options.llm = m_llm;
    if (options.frontend == solar::Frontend::Llm) {
        m_transcript->clear(tr("Asking %1 at %2…").arg(QString::fromStdString(m_llm.model), QString::fromStdString(m_llm.baseUrl)));
        if (auto* d = qobject_cast<QDockWidget*>(m_transcript->parentWidget()))
            d->raise();
    }
    const QString name = m_document->name().isEmpty() ? QStringLiteral("untitled.alir") : m_document->name();
    QString why;
    if (!m_job->start(m_document->path(), name, m_editor->text(), hasUnsavedEdits(), *profile, options, &why)) {
        statusBar()->showMessage(tr("Cannot write a copy for the tracer: %1").arg(why), 8000);
        return;
    }
    m_editedSinceStart = false;
    setBusy(true);
    statusBar()->showMessage(tr("Analysing…"));
}

void MainWindow::cancelAnalysis()
{
    m_job->cancel();
}

void MainWindow::analysisDone(const AnalysisJob::Outcome& outcome)
{
    setBusy(false);
    if (frontend() == solar::Frontend::Llm)
        m_transcript->setStatus(outcome ? tr("%1: %2 — %3")
                                              .arg(QString::fromStdString(outcome->result.validation.statusName()),
                                                   QString::fromStdString(outcome->result.programNote),
                                                   QString::fromStdString(outcome->result.validation.details))
                                        : tr("Failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)));
    if (!outcome) {
        m_lastError = QString::fromStdString(solar::formatAll(outcome.diagnostics()));
        m_editor->setDiagnostics(editorDiagnostics(outcome.diagnostics()));
        m_stale = m_base != nullptr;
        m_summary->setStale(m_stale, tr("The last analysis failed (see the editor); the numbers shown are from the one before."));
        statusBar()->showMessage(tr("Analysis failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)), 10000);
        emit analysisFinished(false);
        return;
    }
    m_lastError.clear();
    auto base = std::make_shared<solar::AnalysisResult>(outcome->result);
    // Coverage gaps and notes go to the lines they are about: user lines for models, ALIR lines for programs.
    QList<EditorDiagnostic> marks;
    for (const auto& item : base->coverage.items) {
        if (item.counted && m_document->isPython())
            continue; // ALIR-level footprint notes belong to the IR, not the model's source
        EditorDiagnostic d;
        d.line = item.line;
        d.severity = item.counted ? EditorDiagnostic::Note : EditorDiagnostic::Warning;
        d.message = QString::fromStdString(item.what + ": " + item.reason);
        marks.append(d);
    }
    m_editor->setDiagnostics(marks);
    m_ir->setProgram(QString::fromStdString(outcome->irText), outcome->irGenerated, QString::fromStdString(base->validation.statusName()),
                     QString::fromStdString(base->validation.details + (base->programNote.empty() ? "" : "\n" + base->programNote)));
    m_base = base;
    m_compare->setResult(base);
    m_stale = m_editedSinceStart;
    m_summary->setStale(m_stale);
    showResult(m_base, true);
    m_hardware->setResult(m_base);
    statusBar()->showMessage(tr("Analysed: %1 operators, validation %2")
                                 .arg(base->graph.nodes.size())
                                 .arg(QString::fromStdString(base->validation.statusName())),
                             8000);
    emit analysisFinished(true);
}

void MainWindow::showResult(std::shared_ptr<const solar::AnalysisResult> base, bool newProgram)
{
    auto shown = std::make_shared<solar::AnalysisResult>(solar::reSolve(*base, m_hardware->machine()));
    if (const auto* p = m_hardware->profile())
        shown->hardware = *p;
    m_shown = shown;
    m_operators->setResult(shown);
    roofline()->setResult(shown, shown->machine, QString::fromStdString(shown->hardware.name));
    if (newProgram)
        graphView()->setResult(shown);
    else
        graphView()->updateTimes(shown);
    m_summary->setResult(shown);
    if (m_selectedNode >= 0 && static_cast<size_t>(m_selectedNode) < shown->graph.nodes.size() && !newProgram)
        selectNode(m_selectedNode);
    else if (newProgram)
        m_selectedNode = -1;
}

void MainWindow::sourceEdited()
{
    m_editedSinceStart = true;
    if (m_base && !m_stale) {
        m_stale = true;
        m_summary->setStale(true);
        statusBar()->showMessage(tr("Source changed: results are stale (Ctrl+R analyses again)"), 5000);
    }
}

// ---- linked selection ----

void MainWindow::selectNode(int node)
{
    if (m_syncing || !m_shown || node < 0 || static_cast<size_t>(node) >= m_shown->graph.nodes.size())
        return;
    m_syncing = true;
    m_selectedNode = node;
    const auto& n = m_shown->graph.nodes[static_cast<size_t>(node)];
    m_operators->selectNode(node);
    graphView()->selectNode(node);
    roofline()->selectNode(node);
    m_editor->highlightLine(m_document->isPython() ? n.sourceLine : n.line);
    m_ir->highlightLine(n.line);
    m_syncing = false;
}

// An editor line selects the first operator it produced; an IR line the operator written there.
void MainWindow::selectLine(int line, bool irLine)
{
    if (!m_shown || m_syncing)
        return;
    const bool python = !irLine && m_document->isPython();
    for (const auto& n : m_shown->graph.nodes)
        if ((python && n.sourceLine == line) || (!python && (n.line == line || n.initLine == line))) {
            selectNode(n.id);
            return;
        }
}

// ---- close, drag and drop ----

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_document->maybeKeepEdits()) {
        event->ignore();
        return;
    }
    cancelAnalysis();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    openInteractively(urls.first().toLocalFile());
    event->acceptProposedAction();
}
