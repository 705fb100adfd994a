// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "app/studio/documentation.h"
#include "app/studio/exportactions.h"
#include "app/studio/filemenus.h"
#include "app/studio/helpmenu.h"
#include "app/studio/panewiring.h"
#include "app/studio/projectstate.h"
#include "app/studio/translations.h"

#include "engine/core/version.h"
#include "engine/frontend/llm/llmoptions.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/editmenu.h"
#include "widgets/editor/findbar.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightspane.h"
#include "widgets/llm/llmsettingsdialog.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/roofline/rooflinechart.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
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

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_editor(new SourceEditor(this))
    , m_document(new Document(m_editor, this))
    , m_results(new ResultsModel(this))
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
    m_panes = createDockedPanes(this);
    m_session = new AnalysisSession(*m_results, *m_document, m_panes, this);
    m_selection = new SelectionSync(*m_results, *m_document, m_panes, this);
    createMenus();

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    setBusy(false);
    connect(m_cancelButton, &QToolButton::clicked, this, [this] { cancelAnalysis(); });
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    statusBar()->showMessage(tr("SOLAR Studio %1").arg(QString::fromLatin1(solar::kVersion)));

    m_llm = LlmSettingsDialog::load();
    wirePanes();
    reloadRegistry();
    m_panes.hardware->selectProfile(QStringLiteral("h100-pcie"));

    resize(1600, 1000);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
}

// The panes among themselves and with the results model (panewiring.cpp); here what needs the window.
void MainWindow::wirePanes()
{
    ::wirePanes(m_panes, *m_results, *m_selection);
    // A profile saved from the sliders or by calibration is offered everywhere at once.
    connect(m_panes.hardware, &HardwarePane::userProfilesChanged, this, &MainWindow::reloadRegistry);
    connect(m_document, &Document::stateChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::edited, m_session, &AnalysisSession::sourceEdited);
    connect(m_document, &Document::recovered, this, &MainWindow::analyze);
    connect(m_document, &Document::message, statusBar(), &QStatusBar::showMessage);
    connect(m_session, &AnalysisSession::message, statusBar(), &QStatusBar::showMessage);
    connect(m_session, &AnalysisSession::busyChanged, this, &MainWindow::setBusy);
    connect(m_session, &AnalysisSession::finished, this, &MainWindow::analysisFinished);
    connect(m_session, &AnalysisSession::boundsShown, this, &MainWindow::boundsShown);
    connect(m_selection, &SelectionSync::message, statusBar(), &QStatusBar::showMessage);
    m_session->cancelOnEscape(this);

    connect(m_panes.ir, &IrPane::editAsAlirRequested, this, [this](const QString& alir) {
        if (!m_document->maybeKeepEdits())
            return;
        m_document->setUnsavedSource({}, QStringLiteral("program.alir"), alir);
        analyze();
    });
    connect(m_panes.ir, &IrPane::analyseRequested, this, [this](const QString& alir) {
        // IR the user wrote, edited in the IR pane: it becomes the source (unsaved) and is analysed.
        m_document->setUnsavedSource(m_document->path(), m_document->name(), alir);
        analyze();
    });
    connect(m_panes.graph, &GraphPane::message, this, [this](const QString& text) { statusBar()->showMessage(text, 4000); });
    connect(m_panes.operators, &OperatorPane::exportCsvRequested, this, [this] { m_exports->exportWithDialog(ExportKind::Csv); });
    connect(m_panes.insights, &InsightsPane::loadTraceRequested, this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Load a torch.profiler trace"), QFileInfo(m_document->path()).absolutePath(),
                                           tr("Chrome traces (*.json *.pt.trace.json);;All files (*)"));
        QString why;
        if (!path.isEmpty() && !loadProfileTrace(path, &why))
            QMessageBox::warning(this, tr("Profiler trace"), why);
    });
    connect(m_results, &ResultsModel::traceDropped, this, [this](const QString& why) { statusBar()->showMessage(why, 10000); });
    connect(m_panes.summary, &SummaryPane::importTimingsRequested, this, [this] { m_panes.summary->importTimings(m_document->path()); });
}

void MainWindow::reloadRegistry()
{
    m_registry = solar::hw::loadDefaultHwRegistry();
    m_panes.hardware->setRegistry(&m_registry);
    m_panes.compare->setRegistry(&m_registry);
    m_panes.roofline->setRegistry(&m_registry);
    if (const auto* p = m_panes.hardware->profile()) // the profile's own numbers may have changed on disk
        m_results->setHardware(*p, m_panes.hardware->whatIf());
}

void MainWindow::createMenus()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
    fileMenu->addAction(tr("Open Problem &Folder…"), this, &MainWindow::openProblemFolderWithDialog);
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
        return m_results->shown() ? std::optional<ReportInput>(reportInput()) : std::nullopt;
    });
    connect(m_exports, &ExportActions::message, statusBar(), &QStatusBar::showMessage);
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    addEditMenu(menuBar(), m_editor, m_findBar, centralWidget());

    QMenu* analysisMenu = menuBar()->addMenu(tr("&Analysis"));
    QAction* run = analysisMenu->addAction(tr("&Analyse"), QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::analyze);
    run->setShortcutContext(Qt::ApplicationShortcut);
    analysisMenu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, [this] { cancelAnalysis(); });
    analysisMenu->addSeparator();
    analysisMenu->addAction(tr("Save hardware as &user profile…"), m_panes.hardware, &HardwarePane::saveAsUserProfileInteractively);
    analysisMenu->addAction(tr("&LLM settings…"), this, [this] { LlmSettingsDialog::edit(m_llm, this); });

    auto* bar = new AnalysisToolbar(this);
    addToolBar(bar);
    m_toolbar = bar;
    connect(bar, &AnalysisToolbar::optionsChanged, this, &MainWindow::analyze);
    connect(bar, &AnalysisToolbar::modeChanged, this, &MainWindow::analyze);
    bar->addAction(run);
    bar->addAction(tr("Cancel"), this, [this] { cancelAnalysis(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    addLanguageMenu(view, [this] { statusBar()->showMessage(tr("The language changes at the next start of SOLAR Studio"), 8000); });

    addHelpMenu(this, [this] { showDocumentation(); });
}

bool MainWindow::openFile(const QString& path, QString* why)
{
    if (QFileInfo(path).suffix().toLower() == QLatin1String("solar")) {
        const auto project = readProject(path, why);
        if (!project)
            return false;
        restoreProject(*project, *m_document, *m_toolbar, m_panes);
    } else {
        const QString previous = m_document->displayPath();
        if (!m_document->open(path, why))
            return false;
        // Until this file's analysis is in, every view says whose numbers it shows (and its lines are not these).
        if (m_results->base() && previous != m_document->displayPath())
            m_results->setStale(true,
                                tr("Showing %1 while %2 is analysed: nothing here is about the file open.")
                                    .arg(QFileInfo(previous).fileName(), QFileInfo(path).fileName()),
                                true);
        m_toolbar->setSourcePath(path);
        statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    }
    m_fileMenus->addRecent(QFileInfo(path).absoluteFilePath());
    // A profiler trace measured another program: matched to this one it would name its times as this one's.
    if (m_results->traceMatch() && m_traceSource != m_document->displayPath()) {
        m_results->clearTrace();
        statusBar()->showMessage(tr("Opened %1; the profiler trace %2 was of %3 and was cleared")
                                     .arg(QFileInfo(path).fileName(), m_traceName, QFileInfo(m_traceSource).fileName()),
                                 8000);
    }
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
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open model, IR or project"), QString(), sourceFileFilter({QStringLiteral("*.solar")}));
    if (!path.isEmpty())
        openInteractively(path);
}

void MainWindow::openProblemFolderWithDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a problem folder (definition.json and workload.jsonl)"));
    if (dir.isEmpty())
        return;
    QString why;
    if (!openProblemFolder(dir, &why))
        QMessageBox::warning(this, tr("Open failed"), why);
}

bool MainWindow::openProblemFolder(const QString& dir, QString* why)
{
    const QString definition = QDir(dir).filePath(QStringLiteral("definition.json"));
    if (!QFileInfo::exists(definition)) {
        if (why)
            *why = tr("%1 holds no definition.json: a problem folder has definition.json and workload.jsonl").arg(dir);
        return false;
    }
    if (!m_document->maybeKeepEdits())
        return true;
    return openFile(definition, why);
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
    return captureProject(*m_document, *m_toolbar, m_panes);
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

ReportInput MainWindow::reportInput() const
{
    ReportInput in;
    in.results.push_back(m_results->shown());
    in.sourceFile = m_document->displayPath();
    in.frontend = QString::fromStdString(frontend());
    if (m_panes.hardware->targetMs() > 0)
        in.targetSeconds = m_panes.hardware->targetMs() * 1e-3;
    in.measuredSeconds = m_panes.summary->measuredSeconds();
    if (m_results->shown()) {
        in.extras.insights = m_results->insights();
        in.extras.measuredNodeSeconds = m_results->measuredNodes();
        in.extras.trace = m_results->traceMatch();
    }
    return in;
}

bool MainWindow::exportAs(ExportKind kind, const QString& path, QString* why)
{
    return exportAnalysis(kind, m_results->shown() ? reportInput() : ReportInput {}, path, why);
}

void MainWindow::updateTitle()
{
    const QString version = QString::fromLatin1(solar::kVersion), name = QFileInfo(m_document->displayPath()).fileName();
    if (name.isEmpty())
        setWindowTitle(tr("SOLAR Studio %1").arg(version));
    else
        setWindowTitle(tr("%1%2 — SOLAR Studio %3").arg(name, hasUnsavedEdits() ? QStringLiteral("*") : QString(), version));
}

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

void MainWindow::analyze()
{
    const solar::hw::HwProfile* profile = m_panes.hardware->profile();
    if (!profile) {
        statusBar()->showMessage(tr("No hardware profile: see Analysis → hardware"), 5000);
        return;
    }
    solar::SourceAnalysisOptions options;
    options.frontend = frontend();
    options.settings = solar::llm::toFrontendSettings(m_llm);
    m_toolbar->reloadChoices(); // a problem's workload file may have changed since it was read
    options.settings.merge(m_toolbar->settings());
    options.analysis.mode = m_toolbar->mode();
    m_session->analyze(*profile, options);
}

bool MainWindow::loadProfileTrace(const QString& path, QString* why)
{
    if (!m_results->loadTrace(path, why))
        return false;
    m_traceSource = m_document->displayPath();
    m_traceName = QFileInfo(path).fileName();
    if (const auto& match = m_results->traceMatch())
        statusBar()->showMessage(tr("Trace %1: %2% of its ATen time matched to the operators")
                                     .arg(QFileInfo(path).fileName())
                                     .arg(100 * solar::measure::matchedFraction(*match), 0, 'f', 1),
                                 6000);
    return true;
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
