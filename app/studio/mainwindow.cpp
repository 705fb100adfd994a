// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "app/studio/documentation.h"
#include "app/studio/environmentdialog.h"
#include "app/studio/exportactions.h"
#include "app/studio/filemenus.h"
#include "app/studio/translations.h"

#include "engine/core/version.h"
#include "widgets/analysis/summarypanel.h"
#include "widgets/compare/comparisonview.h"
#include "widgets/editor/findbar.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepanel.h"
#include "widgets/insights/insightspane.h"
#include "widgets/llm/llmsettingsdialog.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/roofline/rooflinechart.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using solar::bounds::Level;

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_editor(new SourceEditor(this))
    , m_document(new Document(m_editor, this))
    , m_job(new AnalysisJob(this))
{
    setObjectName(QStringLiteral("SolarStudioMainWindow"));
    // The editor with its find/replace bar under it.
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    m_findBar = new FindBar(m_editor, central);
    centralLayout->addWidget(m_editor, 1);
    centralLayout->addWidget(m_findBar);
    setCentralWidget(central);
    setAcceptDrops(true);
    createDocks();
    createMenus();

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    setBusy(false);
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
    // A profile saved from the sliders is offered everywhere at once: compare, overlays, the profile list.
    connect(m_hardware, &HardwarePanel::userProfilesChanged, this, [this] {
        m_registry = solar::hw::loadDefaultHwRegistry();
        m_compare->setRegistry(m_registry);
        m_roofline->setRegistry(m_registry);
    });

    connect(m_document, &Document::stateChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::edited, this, &MainWindow::sourceEdited);
    connect(m_document, &Document::recovered, this, &MainWindow::analyze);
    connect(m_document, &Document::message, statusBar(), &QStatusBar::showMessage);
    connect(m_job, &AnalysisJob::finished, this, &MainWindow::analysisDone);
    connect(m_job, &AnalysisJob::progress, this, [this](const QString& s) { statusBar()->showMessage(tr("Analysing: %1…").arg(s)); });
    connect(m_job, &AnalysisJob::llmAttempt, m_transcript, &TranscriptPane::addAttempt);
    connect(m_job, &AnalysisJob::boundsReady, this, &MainWindow::boundsReady);
    qApp->installEventFilter(this);
    connect(m_job, &AnalysisJob::cancelled, this, [this] {
        setBusy(false);
        if (m_boundsShown) {
            // The bounds stand; only their validation was stopped.
            m_boundsShown = false;
            solar::Validation v;
            v.status = solar::ValidationStatus::Unvalidated;
            v.details = "validation cancelled by the user: the bounds were not compared with the source";
            applyValidation(v);
            statusBar()->showMessage(tr("Validation cancelled; the bounds stand, unvalidated"), 5000);
            emit analysisFinished(true);
            return;
        }
        statusBar()->showMessage(tr("Analysis cancelled"), 5000);
        emit analysisFinished(false);
    });
    connect(m_editor, &SourceEditor::lineActivated, this, [this](int line) { selectLine(line, false); });
    // The context menu of a line offers every operator it produced (a line often produces several).
    for (auto [editor, ir] : {std::pair<QsciScintilla*, bool> {m_editor, false}, std::pair<QsciScintilla*, bool> {m_ir->editor(), true}}) {
        editor->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(editor, &QWidget::customContextMenuRequested, this, [this, editor, ir](const QPoint& at) {
            const long position = editor->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMPOINT, at.x(), at.y());
            const int line = static_cast<int>(editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, position)) + 1;
            QMenu* menu = operatorMenu(line, ir, editor->createStandardContextMenu());
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(editor->mapToGlobal(at));
        });
    }
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
    connect(m_operators, &OperatorPane::exportCsvRequested, this, [this] { m_exports->exportWithDialog(ExportKind::Csv); });
    connect(m_insights, &InsightsPane::opportunitySelected, this, [this](const QList<int>& nodes) {
        graphView()->highlightNodes(std::vector<int>(nodes.begin(), nodes.end()));
        if (!nodes.isEmpty())
            selectNode(nodes.front());
    });
    connect(m_insights, &InsightsPane::loadTraceRequested, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Load a torch.profiler trace"), QFileInfo(m_document->path()).absolutePath(),
                                           tr("Chrome traces (*.json *.pt.trace.json);;All files (*)"));
        QString why;
        if (!path.isEmpty() && !loadProfileTrace(path, &why))
            QMessageBox::warning(this, tr("Profiler trace"), why);
    });
    connect(m_insights, &InsightsPane::clearTraceRequested, this, &MainWindow::clearProfileTrace);
    connect(m_summary, &SummaryPanel::importTimingsRequested, this, [this] { m_summary->importTimings(m_document->path()); });

    resize(1600, 1000);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
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
    m_insights = new InsightsPane(this);
    // First start at 1600 x 1000: the editor with the roofline and the graph (IR behind it) above; operators,
    // summary (LLM transcript and comparison behind it) and the hardware sliders below, side by side, every one
    // wide enough for its key columns. Bottom corners belong to the bottom area so that row spans the window.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    auto* rooflineDock = dock(tr("Roofline"), QStringLiteral("dock-roofline"), m_roofline, Qt::RightDockWidgetArea);
    auto* graphDock = dock(tr("Einsum graph"), QStringLiteral("dock-graph"), m_graph, Qt::RightDockWidgetArea);
    auto* irDock = dock(tr("IR"), QStringLiteral("dock-ir"), m_ir, Qt::RightDockWidgetArea);
    auto* tableDock = dock(tr("Operators"), QStringLiteral("dock-operators"), m_operators, Qt::BottomDockWidgetArea);
    auto* summaryDock = dock(tr("Summary"), QStringLiteral("dock-summary"), m_summary, Qt::BottomDockWidgetArea);
    auto* transcriptDock = dock(tr("LLM transcript"), QStringLiteral("dock-transcript"), m_transcript, Qt::BottomDockWidgetArea);
    auto* compareDock = dock(tr("Compare hardware"), QStringLiteral("dock-compare"), m_compare, Qt::BottomDockWidgetArea);
    auto* insightsDock = dock(tr("Insights"), QStringLiteral("dock-insights"), m_insights, Qt::BottomDockWidgetArea);
    auto* hardwareDock = dock(tr("Hardware"), QStringLiteral("dock-hardware"), m_hardware, Qt::BottomDockWidgetArea);
    splitDockWidget(rooflineDock, graphDock, Qt::Horizontal);
    tabifyDockWidget(graphDock, irDock);
    graphDock->raise();
    splitDockWidget(tableDock, summaryDock, Qt::Horizontal);
    splitDockWidget(summaryDock, hardwareDock, Qt::Horizontal);
    tabifyDockWidget(summaryDock, transcriptDock);
    tabifyDockWidget(summaryDock, compareDock);
    tabifyDockWidget(summaryDock, insightsDock);
    summaryDock->raise();
    resizeDocks({rooflineDock, graphDock}, {560, 440}, Qt::Horizontal);
    resizeDocks({tableDock, summaryDock, hardwareDock}, {580, 610, 410}, Qt::Horizontal);
    resizeDocks({tableDock}, {430}, Qt::Vertical);
}

void MainWindow::createMenus()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
    QMenu* recent = fileMenu->addMenu(tr("Open &Recent"));
    m_fileMenus = new FileMenus(recent, fileMenu->addMenu(tr("&Examples")), this);
    connect(m_fileMenus, &FileMenus::openRequested, this, &MainWindow::openInteractively);
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Save"), QKeySequence::Save, m_document, [this] {
        if (m_document->saveInteractively())
            m_fileMenus->addRecent(m_document->path());
    });
    // Spelled out: QKeySequence::SaveAs is empty on some platforms (and themes).
    fileMenu->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_document, [this] {
        if (m_document->saveAsInteractively())
            m_fileMenus->addRecent(m_document->path());
    });
    fileMenu->addAction(tr("Save &Project…"), this, &MainWindow::saveProjectWithDialog);
    fileMenu->addSeparator();
    m_exports = new ExportActions(fileMenu->addMenu(tr("&Export")), this, [this]() -> std::optional<ReportInput> {
        return m_shown ? std::optional<ReportInput>(reportInput()) : std::nullopt;
    });
    connect(m_exports, &ExportActions::message, statusBar(), &QStatusBar::showMessage);
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->addAction(tr("&Undo"), QKeySequence::Undo, m_editor, [this] { m_editor->undo(); });
    editMenu->addAction(tr("&Redo"), QKeySequence::Redo, m_editor, [this] { m_editor->redo(); });
    editMenu->addSeparator();
    editMenu->addAction(tr("Cu&t"), QKeySequence::Cut, m_editor, [this] { m_editor->cut(); });
    editMenu->addAction(tr("&Copy"), QKeySequence::Copy, m_editor, [this] { m_editor->copy(); });
    editMenu->addAction(tr("&Paste"), QKeySequence::Paste, m_editor, [this] { m_editor->paste(); });
    editMenu->addAction(tr("Select &All"), QKeySequence::SelectAll, m_editor, [this] { m_editor->selectAll(); });
    editMenu->addSeparator();
    editMenu->addAction(tr("&Find…"), QKeySequence(Qt::CTRL | Qt::Key_F), m_findBar, [this] { m_findBar->open(false); });
    editMenu->addAction(tr("Find &Next"), QKeySequence(Qt::Key_F3), m_findBar, [this] { m_findBar->findNext(true); });
    editMenu->addAction(tr("Find &Previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3), m_findBar, [this] { m_findBar->findNext(false); });
    editMenu->addAction(tr("&Replace…"), QKeySequence(Qt::CTRL | Qt::Key_H), m_findBar, [this] { m_findBar->open(true); });
    for (QAction* a : editMenu->actions())
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the editor's keys, not a line edit's elsewhere
    for (QAction* a : editMenu->actions())
        centralWidget()->addAction(a);

    QMenu* analysisMenu = menuBar()->addMenu(tr("&Analysis"));
    QAction* run = analysisMenu->addAction(tr("&Analyse"), QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::analyze);
    run->setShortcutContext(Qt::ApplicationShortcut);
    analysisMenu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, &MainWindow::cancelAnalysis);
    analysisMenu->addSeparator();
    analysisMenu->addAction(tr("Save hardware as &user profile…"), m_hardware, &HardwarePanel::saveAsUserProfileInteractively);
    analysisMenu->addAction(tr("&LLM settings…"), this, [this] { LlmSettingsDialog::edit(m_llm, this); });

    QToolBar* bar = addToolBar(tr("Analysis"));
    bar->setObjectName(QStringLiteral("toolbar-analysis"));
    bar->addWidget(new QLabel(tr(" Frontend: "), bar));
    m_frontend = new FrontendSelector(bar);
    bar->addWidget(m_frontend);
    bar->addAction(run);
    bar->addAction(tr("Cancel"), this, &MainWindow::cancelAnalysis);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    addLanguageMenu(view, [this] { statusBar()->showMessage(tr("The language changes at the next start of SOLAR Studio"), 8000); });

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&Documentation"), QKeySequence::HelpContents, this, [this] { showDocumentation(); });
    helpMenu->addAction(tr("&Environment…"), this, [this] {
        auto* dialog = new EnvironmentDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    helpMenu->addAction(tr("&About SOLAR Studio"), this, [this] {
        QMessageBox::about(this, tr("About SOLAR Studio"),
                           tr("<b>SOLAR Studio %1</b><p>Speed-of-light analysis for deep-learning programs: how fast a "
                              "model could run on a given chip, and how far an implementation is from it.</p>")
                               .arg(QString::fromLatin1(solar::kVersion)));
    });
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
    m_fileMenus->addRecent(QFileInfo(path).absoluteFilePath());
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
    m_fileMenus->addRecent(m_document->path());
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
    p.factors = m_hardware->factors();
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
    m_hardware->setFactors(p.factors);
    m_hardware->setTargetMs(p.targetMs);
    m_summary->setPendingMeasuredSeconds(p.measuredSeconds); // for the analysis of this project's source
    m_roofline->setLevelKey(p.rooflineLevel);
    m_graph->setColourKey(p.graphColour);
}

bool MainWindow::saveProject(const QString& path, QString* why)
{
    if (!writeProject(path, currentProject(), why))
        return false;
    m_fileMenus->addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saved project %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::saveProjectWithDialog()
{
    const QString base = m_document->path().isEmpty() ? QStringLiteral("project") : QFileInfo(m_document->path()).completeBaseName();
    QString path
        = QFileDialog::getSaveFileName(this, tr("Save project"), base + QStringLiteral(".solar"), tr("SOLAR Studio projects (*.solar)"));
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
    if (m_shown) {
        in.insights = m_insightsShown;
        in.measuredNodeSeconds = m_measuredNodes;
        in.trace = m_traceMatch;
    }
    return in;
}

bool MainWindow::exportAs(ExportKind kind, const QString& path, QString* why)
{
    return exportAnalysis(kind, m_shown ? reportInput() : ReportInput {}, path, why);
}

void MainWindow::updateTitle()
{
    const QString version = QString::fromLatin1(solar::kVersion), name = QFileInfo(m_document->displayPath()).fileName();
    if (name.isEmpty())
        setWindowTitle(tr("SOLAR Studio %1").arg(version));
    else
        setWindowTitle(tr("%1%2 — SOLAR Studio %3").arg(name, hasUnsavedEdits() ? QStringLiteral("*") : QString(), version));
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

DocumentationDialog* MainWindow::showDocumentation(const QString& fileName)
{
    auto* dialog = new DocumentationDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!fileName.isEmpty())
        dialog->showDocument(fileName);
    dialog->show();
    return dialog;
}

void MainWindow::cancelAnalysis()
{
    m_job->cancel();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // Esc cancels a running analysis (or its validation) from whichever widget has the focus: the editor, a line
    // edit or a table would otherwise take the key for themselves before the menu's shortcut sees it. Menus and
    // dialogs keep their own Esc.
    if (event->type() == QEvent::KeyPress && m_job->isRunning() && !QApplication::activePopupWidget()
        && !QApplication::activeModalWidget()) {
        const auto* key = static_cast<QKeyEvent*>(event);
        auto* widget = qobject_cast<QWidget*>(watched);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && widget && widget->window()
            && (widget->window() == this || widget->window()->parentWidget() == this)) {
            cancelAnalysis();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::analysisDone(const AnalysisJob::Outcome& outcome)
{
    setBusy(false);
    if (frontend() == solar::Frontend::Llm)
        m_transcript->setStatus(outcome ? tr("%1: %2 — %3")
                                              .arg(QString::fromStdString(outcome->result.validation.label()),
                                                   QString::fromStdString(outcome->result.programNote),
                                                   QString::fromStdString(outcome->result.validation.details))
                                        : tr("Failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)));
    if (!outcome) {
        m_lastError = QString::fromStdString(solar::formatAll(outcome.diagnostics()));
        m_editor->setDiagnostics(SourceEditor::diagnosticsFrom(outcome.diagnostics()));
        m_stale = m_base != nullptr;
        m_summary->setStale(m_stale, tr("The last analysis failed (see the editor); the numbers shown are from the one before."));
        statusBar()->showMessage(tr("Analysis failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)), 10000);
        emit analysisFinished(false);
        return;
    }
    m_lastError.clear();
    if (m_boundsShown && m_base && sameBounds(*m_base, outcome->result)) {
        // The bounds are on screen already: validation finished, and only its verdict (and the program's size
        // parameters, fitted for it) change. No new graph layout, selection and zoom stay.
        m_boundsShown = false;
        auto base = std::make_shared<solar::AnalysisResult>(*m_base);
        base->programNote = outcome->result.programNote;
        m_base = base;
        m_ir->setProgram(QString::fromStdString(outcome->irText), outcome->irGenerated, QString::fromStdString(base->validation.label()),
                         QString());
        applyValidation(outcome->result.validation);
        statusBar()->showMessage(tr("Validation finished: %1").arg(QString::fromStdString(outcome->result.validation.label())), 8000);
        emit analysisFinished(true);
        return;
    }
    m_boundsShown = false;
    showBounds(*outcome);
    statusBar()->showMessage(
        tr("Analysed: %1 operators, validation %2").arg(m_base->graph.nodes.size()).arg(QString::fromStdString(m_base->validation.label())),
        8000);
    emit analysisFinished(true);
}

bool MainWindow::sameBounds(const solar::AnalysisResult& a, const solar::AnalysisResult& b)
{
    if (a.graph.nodes.size() != b.graph.nodes.size())
        return false;
    for (solar::bounds::Level l : solar::bounds::kLevels) {
        const double x = a.ladder.at(l).seconds, y = b.ladder.at(l).seconds;
        if (std::abs(x - y) > 1e-9 * std::max(std::abs(x), std::abs(y)))
            return false;
    }
    return true;
}

void MainWindow::boundsReady(const solar::SourceAnalysis& bounds)
{
    showBounds(bounds);
    m_boundsShown = true;
    m_summary->setValidationRunning(true);
    m_ir->setStatus(QStringLiteral("validating"), tr("the comparison with the source runs in the background"));
    statusBar()->showMessage(tr("Bounds ready; validating against the source in the background (Esc cancels the validation)…"));
    emit boundsShown();
}

void MainWindow::showBounds(const solar::SourceAnalysis& a)
{
    auto base = std::make_shared<solar::AnalysisResult>(a.result);
    m_editor->setDiagnostics(SourceEditor::coverageMarks(base->coverage, m_document->isPython()));
    m_ir->setProgram(QString::fromStdString(a.irText), a.irGenerated, QString::fromStdString(base->validation.label()),
                     QString::fromStdString(base->validation.details + (base->programNote.empty() ? "" : "\n" + base->programNote)));
    m_ir->setCoverage(base->coverage, m_document->isPython());
    m_base = base;
    m_compare->setResult(base);
    m_stale = m_editedSinceStart;
    m_summary->setStale(m_stale);
    m_summary->setValidationRunning(false);
    showResult(m_base, true);
    m_hardware->setResult(m_base);
}

void MainWindow::applyValidation(const solar::Validation& validation)
{
    if (!m_base)
        return;
    auto base = std::make_shared<solar::AnalysisResult>(*m_base);
    base->validation = validation;
    m_base = base;
    m_summary->setValidationRunning(false);
    m_ir->setStatus(QString::fromStdString(validation.label()),
                    QString::fromStdString(validation.details + (base->programNote.empty() ? "" : "\n" + base->programNote)));
    showResult(m_base, false);
}

void MainWindow::showResult(std::shared_ptr<const solar::AnalysisResult> base, bool newProgram)
{
    auto shown = std::make_shared<solar::AnalysisResult>(solar::reSolve(*base, m_hardware->machine()));
    if (const auto* p = m_hardware->profile())
        shown->hardware = *p;
    m_shown = shown;
    m_operators->setResult(shown);
    roofline()->setResult(shown);
    if (newProgram)
        graphView()->setResult(shown);
    else
        graphView()->updateTimes(shown);
    m_summary->setResult(shown);
    if (newProgram)
        graphView()->highlightNodes({});
    updateInsights();
    if (m_selectedNode >= 0 && static_cast<size_t>(m_selectedNode) < shown->graph.nodes.size() && !newProgram)
        selectNode(m_selectedNode);
    else if (newProgram)
        m_selectedNode = -1;
}

void MainWindow::updateInsights()
{
    if (!m_shown) {
        m_insights->clear();
        return;
    }
    m_traceMatch.reset();
    m_measuredNodes.clear();
    std::optional<solar::insights::MeasuredOps> measured;
    if (m_trace) {
        m_traceMatch = solar::measure::matchProfileTrace(*m_trace, *m_shown);
        measured = solar::insights::measuredFromTrace(*m_traceMatch);
        m_measuredNodes = solar::insights::measuredNodeSeconds(*m_shown, m_traceMatch->ops);
    }
    m_insightsShown = solar::insights::computeInsights(*m_shown, measured ? &*measured : nullptr);
    m_insights->setInsights(m_shown, m_insightsShown, m_traceMatch);
    m_operators->setMeasured(m_measuredNodes);
    roofline()->setMeasured(m_measuredNodes);
}

bool MainWindow::loadProfileTrace(const QString& path, QString* why)
{
    auto trace = solar::measure::readProfileTrace(path.toStdString());
    if (!trace) {
        if (why)
            *why = QString::fromStdString(solar::formatAll(trace.diagnostics()));
        return false;
    }
    m_trace = std::move(trace).value();
    updateInsights();
    if (m_traceMatch)
        statusBar()->showMessage(tr("Trace %1: %2% of its ATen time matched to the operators")
                                     .arg(QFileInfo(path).fileName())
                                     .arg(100 * solar::measure::matchedFraction(*m_traceMatch), 0, 'f', 1),
                                 6000);
    return true;
}

void MainWindow::clearProfileTrace()
{
    m_trace.reset();
    updateInsights();
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

// An IR line selects the operator written there; a source line may have produced several operators: the selected
// one stays if it is among them (selection is by operator identity), otherwise the first, and the status bar names
// them all.
std::vector<int> MainWindow::operatorsOnLine(int line, bool irLine) const
{
    std::vector<int> onLine;
    if (!m_shown)
        return onLine;
    const bool python = !irLine && m_document->isPython();
    for (const auto& n : m_shown->graph.nodes)
        if ((python && n.sourceLine == line) || (!python && (n.line == line || n.initLine == line)))
            onLine.push_back(n.id);
    return onLine;
}

QMenu* MainWindow::operatorMenu(int line, bool irLine, QMenu* menu)
{
    const std::vector<int> onLine = operatorsOnLine(line, irLine);
    if (onLine.empty())
        return menu;
    menu->addSeparator();
    menu->addSection(tr("Operators from line %1").arg(line));
    for (int id : onLine) {
        const auto& n = m_shown->graph.nodes[static_cast<size_t>(id)];
        QString text = QString::fromStdString(n.name);
        if (!n.sourceOp.empty())
            text += QStringLiteral("  ") + QString::fromStdString(n.sourceOp);
        if (!n.modulePath.empty())
            text += QStringLiteral("  (") + QString::fromStdString(n.modulePath) + QLatin1Char(')');
        QAction* a = menu->addAction(text, this, [this, id] { selectNode(id); });
        a->setCheckable(true);
        a->setChecked(id == m_selectedNode);
        a->setData(id);
    }
    return menu;
}

void MainWindow::selectLine(int line, bool irLine)
{
    if (!m_shown || m_syncing)
        return;
    const std::vector<int> onLine = operatorsOnLine(line, irLine);
    QStringList names;
    for (int id : onLine)
        names << QString::fromStdString(m_shown->graph.nodes[static_cast<size_t>(id)].name);
    if (onLine.empty())
        return;
    if (names.size() > 1)
        statusBar()->showMessage(tr("Line %1 produced %n operator(s): %2", nullptr, static_cast<int>(names.size()))
                                     .arg(line)
                                     .arg(names.join(QStringLiteral(", "))),
                                 10000);
    if (std::find(onLine.begin(), onLine.end(), m_selectedNode) != onLine.end())
        return;
    selectNode(onLine.front());
}

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
