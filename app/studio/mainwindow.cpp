// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "app/studio/translations.h"

#include "engine/analysis/operators.h"
#include "engine/batch/sweep.h"
#include "engine/core/version.h"
#include "engine/report/analysisreport.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypanel.h"
#include "widgets/compare/comparisonview.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepanel.h"
#include "widgets/llm/llmsettingsdialog.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/render/figures.h"
#include "widgets/render/pdfreport.h"
#include "engine/graph/export.h"
#include "widgets/roofline/rooflinechart.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using solar::bounds::Level;

namespace {

constexpr int kMaxRecent = 10;

const char* kKnobNames[HardwarePanel::KnobCount] = {"bandwidth", "tensor", "simt", "onchip", "clock"};

QString levelKey(Level l)
{
    return QString::fromLatin1(solar::bounds::levelName(l).data());
}

Level levelFromKey(const QString& key, Level fallback)
{
    const auto l = solar::bounds::parseLevel(key.toStdString());
    return l ? *l : fallback;
}

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
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
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

    connect(m_editor, &QsciScintilla::textChanged, this, &MainWindow::sourceEdited);
    connect(m_editor, &SourceEditor::lineActivated, this, &MainWindow::editorLineActivated);
    connect(m_ir, &IrPane::lineActivated, this, &MainWindow::irLineActivated);
    connect(m_ir, &IrPane::editAsAlirRequested, this, [this](const QString& alir) {
        if (!maybeKeepEdits())
            return;
        setSource({}, QStringLiteral("program.alir"), alir);
        m_neverSaved = true;
        updateTitle();
        analyze();
    });
    connect(m_ir, &IrPane::analyseRequested, this, [this](const QString& alir) {
        // IR the user wrote, edited in the IR pane: it becomes the source (unsaved) and is analysed.
        const QString path = m_currentFile, name = m_sourceName;
        setSource(path, name, alir);
        m_neverSaved = true;
        updateTitle();
        analyze();
    });
    connect(m_hardware, &HardwarePanel::machineChanged, this, &MainWindow::machineChanged);
    connect(m_graph, &GraphView::nodeSelected, this, &MainWindow::selectNode);
    connect(m_roofline, &RooflineChart::nodeSelected, this, &MainWindow::selectNode);
    connect(m_summary, &SummaryPanel::importTimingsRequested, this, &MainWindow::importTimings);
    connect(&m_watcher, &QFutureWatcher<solar::Expected<solar::SourceAnalysis>>::finished, this, &MainWindow::analysisDone);

    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setInterval(5000);
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::writeAutosave);
    m_autosaveTimer->start();

    resize(1400, 900);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    rebuildRecentMenu();
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_cancel->store(true);
    m_watcher.waitForFinished();
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name); // saveState() keys on it
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };

    m_ir = new IrPane(this);
    auto* irDock = dock(tr("IR"), QStringLiteral("dock-ir"), m_ir, Qt::LeftDockWidgetArea);

    auto* graphBox = new QWidget(this);
    m_graph = new GraphView(graphBox);
    m_graphFind = new QLineEdit(graphBox);
    m_graphFind->setPlaceholderText(tr("Find operator…"));
    m_graphFind->setClearButtonEnabled(true);
    m_graphColour = new QComboBox(graphBox);
    m_graphColour->addItem(tr("Colour by bottleneck"), QStringLiteral("bottleneck"));
    m_graphColour->addItem(tr("Colour by share of time"), QStringLiteral("share"));
    auto* fit = new QPushButton(tr("Fit"), graphBox);
    auto* graphBar = new QHBoxLayout;
    graphBar->addWidget(m_graphFind, 1);
    graphBar->addWidget(m_graphColour);
    graphBar->addWidget(fit);
    auto* graphLayout = new QVBoxLayout(graphBox);
    graphLayout->setContentsMargins(2, 2, 2, 2);
    graphLayout->addLayout(graphBar);
    graphLayout->addWidget(m_graph, 1);
    connect(fit, &QPushButton::clicked, m_graph, &GraphView::fitAll);
    connect(m_graphFind, &QLineEdit::returnPressed, this, [this] {
        if (!m_graph->find(m_graphFind->text()))
            statusBar()->showMessage(tr("No operator matches '%1'").arg(m_graphFind->text()), 4000);
    });
    connect(m_graphColour, &QComboBox::currentIndexChanged, this, [this] {
        m_graph->setColourBy(m_graphColour->currentData().toString() == QLatin1String("share") ? GraphView::ColourBy::Share
                                                                                                : GraphView::ColourBy::Bottleneck);
    });
    auto* graphDock = dock(tr("Einsum graph"), QStringLiteral("dock-graph"), graphBox, Qt::RightDockWidgetArea);

    auto* rooflineBox = new QWidget(this);
    m_roofline = new RooflineChart(rooflineBox);
    m_rooflineLevel = new QComboBox(rooflineBox);
    for (Level l : solar::bounds::kLevels)
        m_rooflineLevel->addItem(QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ') + levelKey(l), levelKey(l));
    // Per kernel by default: each operator's point is then its own attained rate. At the fused levels the time
    // is apportioned over operators, so every point of a compute-bound program sits at the same height.
    m_rooflineLevel->setCurrentIndex(static_cast<int>(Level::UnfusedPerKernel));
    auto* overlay = new QPushButton(tr("Overlay profiles…"), rooflineBox);
    auto* rooflineBar = new QHBoxLayout;
    rooflineBar->addWidget(new QLabel(tr("Level:"), rooflineBox));
    rooflineBar->addWidget(m_rooflineLevel, 1);
    rooflineBar->addWidget(overlay);
    auto* rooflineLayout = new QVBoxLayout(rooflineBox);
    rooflineLayout->setContentsMargins(2, 2, 2, 2);
    rooflineLayout->addLayout(rooflineBar);
    rooflineLayout->addWidget(m_roofline, 1);
    connect(m_rooflineLevel, &QComboBox::currentIndexChanged, this, [this] {
        const Level l = levelFromKey(m_rooflineLevel->currentData().toString(), Level::Fused);
        m_roofline->setLevel(l);
        m_graph->setLevel(l);
        m_model->setShareLevel(l);
    });
    connect(overlay, &QPushButton::clicked, this, [this] {
        QStringList ids;
        for (const auto& p : m_registry.profiles)
            if (QString::fromStdString(p.id) != m_hardware->profileId())
                ids << QString::fromStdString(p.id);
        bool ok = false;
        const QString pick = QInputDialog::getItem(this, tr("Overlay a profile"), tr("Profile to overlay (none clears):"),
                                                   QStringList {tr("none")} + ids, 0, false, &ok);
        if (!ok)
            return;
        std::vector<std::pair<QString, solar::bounds::MachineModel>> overlays;
        if (const auto* p = m_registry.find(pick.toStdString()))
            overlays.emplace_back(QString::fromStdString(p->name), solar::bounds::machineFromProfile(*p));
        m_roofline->setOverlays(overlays);
    });
    auto* rooflineDock = dock(tr("Roofline"), QStringLiteral("dock-roofline"), rooflineBox, Qt::RightDockWidgetArea);

    m_hardware = new HardwarePanel(this);
    auto* hardwareDock = dock(tr("Hardware"), QStringLiteral("dock-hardware"), m_hardware, Qt::LeftDockWidgetArea);

    auto* tableBox = new QWidget(this);
    m_model = new OperatorTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(OperatorTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_table = new QTableView(tableBox);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(OperatorTableModel::TimeF0, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->hide();
    m_filter = new QLineEdit(tableBox);
    m_filter->setPlaceholderText(tr("Filter operators (name, kind, equation, ATen op)…"));
    m_filter->setClearButtonEnabled(true);
    auto* csv = new QPushButton(tr("Export CSV…"), tableBox);
    auto* tableBar = new QHBoxLayout;
    tableBar->addWidget(m_filter, 1);
    tableBar->addWidget(csv);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(2, 2, 2, 2);
    tableLayout->addLayout(tableBar);
    tableLayout->addWidget(m_table, 1);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(csv, &QPushButton::clicked, this, &MainWindow::exportCsv);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid() && !m_syncing)
            selectNode(m_proxy->data(current, OperatorTableModel::NodeRole).toInt());
    });
    auto* tableDock = dock(tr("Operators"), QStringLiteral("dock-operators"), tableBox, Qt::BottomDockWidgetArea);

    m_summary = new SummaryPanel(this);
    auto* summaryDock = dock(tr("Summary"), QStringLiteral("dock-summary"), m_summary, Qt::BottomDockWidgetArea);
    m_transcript = new TranscriptPane(this);
    auto* transcriptDock = dock(tr("LLM transcript"), QStringLiteral("dock-transcript"), m_transcript, Qt::BottomDockWidgetArea);
    m_compare = new ComparisonView(this);
    auto* compareDock = dock(tr("Compare hardware"), QStringLiteral("dock-compare"), m_compare, Qt::BottomDockWidgetArea);

    tabifyDockWidget(irDock, hardwareDock);
    irDock->raise();
    tabifyDockWidget(graphDock, rooflineDock);
    graphDock->raise();
    splitDockWidget(tableDock, summaryDock, Qt::Horizontal);
    tabifyDockWidget(summaryDock, transcriptDock);
    tabifyDockWidget(summaryDock, compareDock);
    summaryDock->raise();
    for (QDockWidget* d : {irDock, graphDock, rooflineDock, hardwareDock, tableDock, summaryDock, transcriptDock, compareDock})
        d->setMinimumWidth(200);
}

void MainWindow::createMenus()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    m_examplesMenu = fileMenu->addMenu(tr("&Examples"));
    rebuildExamplesMenu();
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        QString error;
        if (m_currentFile.isEmpty())
            saveWithDialog();
        else if (!saveFile(m_currentFile, &error))
            QMessageBox::warning(this, tr("Save failed"), error);
    });
    fileMenu->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveWithDialog);
    fileMenu->addAction(tr("Save &Project…"), this, &MainWindow::saveProjectWithDialog);
    fileMenu->addSeparator();
    QMenu* exportMenu = fileMenu->addMenu(tr("&Export"));
    exportMenu->addAction(tr("&Report (PDF)…"), this, [this] { exportWithDialog(QStringLiteral("report-pdf"), tr("PDF (*.pdf)"), QStringLiteral("report.pdf")); });
    exportMenu->addAction(tr("Report &preview…"), this, &MainWindow::previewReport);
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Analysis as &JSON…"), this, [this] { exportWithDialog(QStringLiteral("json"), tr("JSON (*.json)"), QStringLiteral("analysis.json")); });
    exportMenu->addAction(tr("Operators as &CSV…"), this, &MainWindow::exportCsv);
    exportMenu->addAction(tr("Einsum graph as &DOT…"), this, [this] { exportWithDialog(QStringLiteral("graph-dot"), tr("Graphviz (*.dot)"), QStringLiteral("graph.dot")); });
    exportMenu->addAction(tr("Einsum graph as &SVG…"), this, [this] { exportWithDialog(QStringLiteral("graph-svg"), tr("SVG (*.svg)"), QStringLiteral("graph.svg")); });
    exportMenu->addAction(tr("Einsum graph as SOLAR &YAML…"), this, [this] { exportWithDialog(QStringLiteral("graph-yaml"), tr("YAML (*.yaml)"), QStringLiteral("einsum_graph.yaml")); });
    exportMenu->addAction(tr("Roofline as P&NG…"), this, [this] { exportWithDialog(QStringLiteral("roofline-png"), tr("PNG (*.png)"), QStringLiteral("roofline.png")); });
    exportMenu->addAction(tr("Roofline as S&VG…"), this, [this] { exportWithDialog(QStringLiteral("roofline-svg"), tr("SVG (*.svg)"), QStringLiteral("roofline.svg")); });
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
        QString error;
        if (!m_hardware->saveAsUserProfile(id, &error))
            QMessageBox::warning(this, tr("Save failed"), error);
        else
            m_registry = solar::hw::loadDefaultHwRegistry();
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
    m_frontend->addItem(tr("Automatic (PyTorch files traced, ALIR as written)"), QStringLiteral("auto"));
    m_frontend->addItem(tr("PyTorch trace"), QStringLiteral("trace"));
    m_frontend->addItem(tr("ALIR as written"), QStringLiteral("alir"));
    m_frontend->addItem(tr("LLM (any source, validated when a reference runs)"), QStringLiteral("llm"));
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
    helpMenu->addAction(tr("&About SOLAR Studio"), this, &MainWindow::showAbout);
}

void MainWindow::rebuildExamplesMenu()
{
    m_examplesMenu->clear();
    const QDir dir(examplesDirectory());
    const QStringList files = dir.entryList({QStringLiteral("*.py"), QStringLiteral("*.alir")}, QDir::Files, QDir::Name);
    for (const QString& f : files) {
        const QString path = dir.filePath(f);
        m_examplesMenu->addAction(f, this, [this, path] {
            if (!maybeKeepEdits())
                return;
            QString error;
            if (!openFile(path, &error))
                QMessageBox::warning(this, tr("Open failed"), error);
        });
    }
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
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (!maybeKeepEdits())
                return;
            QString error;
            if (!openFile(path, &error))
                QMessageBox::warning(this, tr("Open failed"), error);
        })->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::setSource(const QString& path, const QString& name, const QString& text)
{
    m_loading = true;
    m_editor->setLanguageForFile(name);
    m_editor->setText(text);
    m_editor->clearDiagnostics();
    m_editor->setModified(false);
    m_neverSaved = false;
    m_loading = false;
    m_currentFile = path;
    m_sourceName = name;
    updateTitle();
}

bool MainWindow::openFile(const QString& path, QString* error)
{
    if (QFileInfo(path).suffix().toLower() == QLatin1String("solar")) {
        const auto project = readProject(path, error);
        if (!project)
            return false;
        applyProject(*project);
        addRecent(path);
        analyze();
        return true;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    setSource(QFileInfo(path).absoluteFilePath(), QFileInfo(path).fileName(), QString::fromUtf8(bytes));
    addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    analyze();
    return true;
}

bool MainWindow::saveFile(const QString& path, QString* error)
{
    QSaveFile file(path);
    const QByteArray bytes = m_editor->text().toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = tr("Cannot save %1: %2").arg(path, file.errorString());
        return false;
    }
    m_autosave.discard(m_currentFile);
    m_currentFile = QFileInfo(path).absoluteFilePath();
    m_sourceName = QFileInfo(path).fileName();
    m_editor->setModified(false);
    m_neverSaved = false;
    addRecent(m_currentFile);
    updateTitle();
    return true;
}

Project MainWindow::currentProject() const
{
    Project p;
    p.sourcePath = m_currentFile;
    p.sourceName = m_sourceName;
    p.sourceText = m_editor->text();
    p.frontend = frontend();
    p.hardware = m_hardware->profileId();
    for (int k = 0; k < HardwarePanel::KnobCount; ++k)
        p.factors[QString::fromLatin1(kKnobNames[k])] = m_hardware->factor(static_cast<HardwarePanel::Knob>(k));
    p.targetMs = m_hardware->targetMs();
    p.targetLevel = levelKey(m_hardware->targetLevel());
    p.measuredSeconds = m_summary->measuredSeconds();
    p.rooflineLevel = m_rooflineLevel->currentData().toString();
    p.graphColour = m_graphColour->currentData().toString();
    return p;
}

void MainWindow::applyProject(const Project& p)
{
    setSource(p.sourcePath, p.sourceName.isEmpty() ? QStringLiteral("model.py") : p.sourceName, p.sourceText);
    setFrontend(p.frontend);
    if (!p.hardware.isEmpty())
        m_hardware->selectProfile(p.hardware);
    for (int k = 0; k < HardwarePanel::KnobCount; ++k) {
        const auto it = p.factors.find(QString::fromLatin1(kKnobNames[k]));
        m_hardware->setFactor(static_cast<HardwarePanel::Knob>(k), it == p.factors.end() ? 1.0 : it.value());
    }
    m_hardware->setTargetMs(p.targetMs);
    m_summary->setMeasuredSeconds(p.measuredSeconds);
    m_rooflineLevel->setCurrentIndex(std::max(0, m_rooflineLevel->findData(p.rooflineLevel)));
    m_graphColour->setCurrentIndex(std::max(0, m_graphColour->findData(p.graphColour)));
}

bool MainWindow::saveProject(const QString& path, QString* error)
{
    const QString why = writeProject(path, currentProject());
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    addRecent(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saved project %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::openWithDialog()
{
    if (!maybeKeepEdits())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open model, IR or project"), QString(),
                                                      tr("Models, IR and projects (*.py *.alir *.solar);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openFile(path, &error))
        QMessageBox::warning(this, tr("Open failed"), error);
}

void MainWindow::saveWithDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save source"), m_currentFile.isEmpty() ? m_sourceName : m_currentFile,
                                                      tr("Models and IR (*.py *.alir)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveFile(path, &error))
        QMessageBox::warning(this, tr("Save failed"), error);
}

void MainWindow::saveProjectWithDialog()
{
    const QString base = m_currentFile.isEmpty() ? QStringLiteral("project") : QFileInfo(m_currentFile).completeBaseName();
    QString path = QFileDialog::getSaveFileName(this, tr("Save project"), base + QStringLiteral(".solar"), tr("SOLAR Studio projects (*.solar)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".solar")))
        path += QStringLiteral(".solar");
    QString error;
    if (!saveProject(path, &error))
        QMessageBox::warning(this, tr("Save failed"), error);
}

void MainWindow::exportCsv()
{
    if (!m_shown) {
        statusBar()->showMessage(tr("Nothing to export: analyse first (Ctrl+R)"), 4000);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export operators"), QStringLiteral("operators.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    const std::string csv = solar::report::analysisCsv(*m_shown);
    if (!file.open(QIODevice::WriteOnly) || file.write(csv.data(), static_cast<qint64>(csv.size())) != static_cast<qint64>(csv.size())
        || !file.commit())
        QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1: %2").arg(path, file.errorString()));
}

namespace {

QString writeText(const QString& path, const std::string& text)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !f.commit())
        return QObject::tr("Cannot write %1: %2").arg(path, f.errorString());
    return {};
}

} // namespace

ReportInput MainWindow::reportInput() const
{
    ReportInput in;
    in.results.push_back(m_shown);
    in.sourceFile = m_currentFile.isEmpty() ? m_sourceName : m_currentFile;
    in.frontend = frontend();
    if (m_hardware->targetMs() > 0)
        in.targetSeconds = m_hardware->targetMs() * 1e-3;
    in.measuredSeconds = m_summary->measuredSeconds();
    return in;
}

QString MainWindow::exportAs(const QString& kind, const QString& path)
{
    if (!m_shown)
        return tr("Nothing to export: analyse first (Ctrl+R)");
    if (kind == QLatin1String("report-pdf"))
        return writePdfReport(path, reportInput());
    if (kind == QLatin1String("json"))
        return writeText(path, solar::report::analysisJson(*m_shown));
    if (kind == QLatin1String("csv"))
        return writeText(path, solar::report::analysisCsv(*m_shown));
    if (kind == QLatin1String("graph-dot"))
        return writeText(path, solar::graph::graphToDot(m_shown->graph));
    if (kind == QLatin1String("graph-yaml"))
        return writeText(path, solar::graph::graphToSolarYaml(m_shown->graph));
    if (kind == QLatin1String("graph-svg"))
        return exportGraphSvg(*m_shown, path);
    if (kind == QLatin1String("roofline-png") || kind == QLatin1String("roofline-svg"))
        return exportRoofline(m_shown, path, kind.mid(9));
    return tr("Unknown export '%1'").arg(kind);
}

void MainWindow::exportWithDialog(const QString& kind, const QString& filter, const QString& suggested)
{
    if (!m_shown) {
        statusBar()->showMessage(tr("Nothing to export: analyse first (Ctrl+R)"), 4000);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export"), suggested, filter);
    if (path.isEmpty())
        return;
    const QString why = exportAs(kind, path);
    if (!why.isEmpty())
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
    // The timing file keys problems as "level/file.py": match this file's name (and its folder when it is a level).
    const QFileInfo me(m_currentFile);
    const std::string key = QString(me.dir().dirName() + QLatin1Char('/') + me.fileName()).toStdString();
    std::optional<double> found;
    if (const auto it = timings->find(key); it != timings->end())
        found = it->second;
    for (const auto& [k, seconds] : *timings)
        if (!found && QString::fromStdString(k).endsWith(QLatin1Char('/') + me.fileName()))
            found = seconds;
    if (!found) {
        QMessageBox::information(this, tr("No timing"), tr("%1 has no timing for %2.").arg(path, me.fileName()));
        return;
    }
    m_summary->setMeasuredSeconds(found);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About SOLAR Studio"),
                       tr("<b>SOLAR Studio %1</b><p>Speed-of-light analysis for deep-learning programs: how fast a "
                          "model could run on a given chip, and how far an implementation is from it.</p>")
                           .arg(QString::fromLatin1(solar::kVersion)));
}

void MainWindow::updateTitle()
{
    const QString version = QString::fromLatin1(solar::kVersion);
    const QString name = m_currentFile.isEmpty() ? m_sourceName : QFileInfo(m_currentFile).fileName();
    if (name.isEmpty())
        setWindowTitle(tr("SOLAR Studio %1").arg(version));
    else
        setWindowTitle(tr("%1%2 — SOLAR Studio %3").arg(name, hasUnsavedEdits() ? QStringLiteral("*") : QString(), version));
}

void MainWindow::setFrontend(const QString& frontend)
{
    const int i = m_frontend->findData(frontend);
    m_frontend->setCurrentIndex(i >= 0 ? i : 0);
}

QString MainWindow::frontend() const
{
    return m_frontend->currentData().toString();
}

bool MainWindow::hasUnsavedEdits() const
{
    return m_editor->isModified() || m_neverSaved;
}

// ---- analysis ----

bool MainWindow::isAnalyzing() const
{
    return m_watcher.isRunning();
}

void MainWindow::analyze()
{
    if (m_watcher.isRunning())
        cancelAnalysis();
    const solar::hw::HwProfile* profile = m_hardware->profile();
    if (!profile) {
        statusBar()->showMessage(tr("No hardware profile: see Analysis → hardware"), 5000);
        return;
    }
    const QString name = m_sourceName.isEmpty() ? QStringLiteral("untitled.alir") : m_sourceName;
    const std::string text = m_editor->text().toStdString();
    std::string path = m_currentFile.isEmpty() ? name.toStdString() : m_currentFile.toStdString();
    m_jobDir.reset();
    if (solar::isPythonFile(name.toStdString()) && (m_currentFile.isEmpty() || hasUnsavedEdits())) {
        // The tracer reads a file: the editor's text goes to a private copy, under the same name.
        m_jobDir = std::make_unique<QTemporaryDir>();
        const QString copy = QDir(m_jobDir->path()).filePath(name);
        QSaveFile f(copy);
        if (!f.open(QIODevice::WriteOnly) || f.write(m_editor->text().toUtf8()) < 0 || !f.commit()) {
            statusBar()->showMessage(tr("Cannot write a copy for the tracer: %1").arg(f.errorString()), 8000);
            return;
        }
        path = copy.toStdString();
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const int generation = ++m_generation;
    m_editedSinceStart = false;
    solar::SourceAnalysisOptions options;
    options.cancel = m_cancel.get();
    options.frontend = frontend().toStdString();
    options.llm = m_llm;
    QPointer<MainWindow> self(this);
    if (options.frontend == "llm") {
        m_transcript->clear(tr("Asking %1 at %2…").arg(QString::fromStdString(m_llm.model), QString::fromStdString(m_llm.baseUrl)));
        if (auto* d = qobject_cast<QDockWidget*>(m_transcript->parentWidget()))
            d->raise();
        options.onLlmAttempt = [self, generation](const solar::llm::Attempt& attempt) {
            QMetaObject::invokeMethod(
                qApp,
                [self, generation, attempt] {
                    if (self && self->m_generation == generation)
                        self->m_transcript->addAttempt(attempt);
                },
                Qt::QueuedConnection);
        };
    }
    options.progress = [self, generation](const std::string& stage) {
        const QString text = QString::fromStdString(stage);
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, text] {
                if (self && self->m_generation == generation)
                    self->statusBar()->showMessage(tr("Analysing: %1…").arg(text));
            },
            Qt::QueuedConnection);
    };
    m_progress->show();
    m_cancelButton->show();
    statusBar()->showMessage(tr("Analysing…"));
    const solar::hw::HwProfile hardware = *profile;
    auto cancel = m_cancel; // keeps the flag alive for the job
    m_watcher.setProperty("generation", generation);
    m_watcher.setFuture(QtConcurrent::run([path, text, hardware, options, cancel] {
        return solar::analyzeSource(path, text, hardware, options);
    }));
}

void MainWindow::cancelAnalysis()
{
    if (!m_watcher.isRunning())
        return;
    m_cancel->store(true);
    ++m_generation; // whatever it returns now is stale
    m_progress->hide();
    m_cancelButton->hide();
    statusBar()->showMessage(tr("Analysis cancelled"), 5000);
    emit analysisFinished(false);
}

void MainWindow::analysisDone()
{
    if (m_watcher.property("generation").toInt() != m_generation)
        return; // cancelled or superseded
    m_progress->hide();
    m_cancelButton->hide();
    const auto outcome = m_watcher.result();
    const bool python = solar::isPythonFile(m_sourceName.toStdString());
    if (frontend() == QLatin1String("llm"))
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
        if (item.counted && python)
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
    m_model->setResult(shown);
    m_roofline->setResult(shown, shown->machine, QString::fromStdString(shown->hardware.name));
    if (newProgram)
        m_graph->setResult(shown);
    else
        m_graph->updateTimes(shown);
    m_summary->setResult(shown);
    if (m_selectedNode >= 0 && static_cast<size_t>(m_selectedNode) < shown->graph.nodes.size() && !newProgram)
        selectNode(m_selectedNode);
    else if (newProgram)
        m_selectedNode = -1;
}

void MainWindow::machineChanged()
{
    if (m_base)
        showResult(m_base, false);
}

void MainWindow::sourceEdited()
{
    if (m_loading)
        return;
    m_editedSinceStart = true;
    if (m_base && !m_stale) {
        m_stale = true;
        m_summary->setStale(true);
        statusBar()->showMessage(tr("Source changed: results are stale (Ctrl+R analyses again)"), 5000);
    }
    updateTitle();
}

// ---- linked selection ----

void MainWindow::selectNode(int node)
{
    if (m_syncing || !m_shown || node < 0 || static_cast<size_t>(node) >= m_shown->graph.nodes.size())
        return;
    m_syncing = true;
    m_selectedNode = node;
    const auto& n = m_shown->graph.nodes[static_cast<size_t>(node)];
    const int row = m_model->rowOfNode(node);
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(row, 0));
    if (proxyIndex.isValid()) {
        m_table->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(proxyIndex);
    }
    m_graph->selectNode(node);
    m_roofline->selectNode(node);
    const bool python = solar::isPythonFile(m_sourceName.toStdString());
    m_editor->highlightLine(python ? n.sourceLine : n.line);
    m_ir->highlightLine(n.line);
    m_syncing = false;
    emit selectionChanged(node);
}

void MainWindow::editorLineActivated(int line)
{
    if (!m_shown || m_syncing)
        return;
    const bool python = solar::isPythonFile(m_sourceName.toStdString());
    for (const auto& n : m_shown->graph.nodes)
        if ((python && n.sourceLine == line) || (!python && (n.line == line || n.initLine == line))) {
            selectNode(n.id);
            return;
        }
}

void MainWindow::irLineActivated(int line)
{
    if (!m_shown || m_syncing)
        return;
    for (const auto& n : m_shown->graph.nodes)
        if (n.line == line || n.initLine == line) {
            selectNode(n.id);
            return;
        }
}

// ---- crash safety, close, drag and drop ----

void MainWindow::writeAutosave()
{
    if (!hasUnsavedEdits())
        return;
    const QString why = m_autosave.save(m_currentFile, m_sourceName, m_editor->text());
    if (!why.isEmpty())
        statusBar()->showMessage(tr("Autosave failed: %1").arg(why), 5000);
}

void MainWindow::offerRecovery()
{
    for (const Autosave::Entry& e : m_autosave.pending()) {
        const QString what = e.sourcePath.isEmpty() ? tr("an unsaved %1").arg(e.sourceName) : e.sourcePath;
        const auto answer = QMessageBox::question(this, tr("Recover unsaved edits?"),
                                                  tr("SOLAR Studio closed with unsaved edits to %1 (autosaved %2). Recover them?")
                                                      .arg(what, QLocale().toString(e.saved.toLocalTime(), QLocale::ShortFormat)),
                                                  QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Ignore);
        if (answer == QMessageBox::Yes) {
            recover(e);
            return;
        }
        if (answer == QMessageBox::Discard)
            QFile::remove(e.file);
    }
}

void MainWindow::recover(const Autosave::Entry& entry)
{
    setSource(entry.sourcePath, entry.sourceName.isEmpty() ? QStringLiteral("recovered.py") : entry.sourceName, entry.text);
    m_neverSaved = true; // not on disk yet
    updateTitle();
    QFile::remove(entry.file);
    statusBar()->showMessage(tr("Recovered unsaved edits; save them to keep them"), 8000);
    analyze();
}

bool MainWindow::maybeKeepEdits()
{
    if (!hasUnsavedEdits() || !isVisible())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved edits"), tr("The source has unsaved edits. Save them first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (m_currentFile.isEmpty()) {
            saveWithDialog();
            return !hasUnsavedEdits();
        }
        QString error;
        if (!saveFile(m_currentFile, &error)) {
            QMessageBox::warning(this, tr("Save failed"), error);
            return false;
        }
    } else {
        m_autosave.discard(m_currentFile);
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeKeepEdits()) {
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
    if (urls.isEmpty() || !urls.first().isLocalFile() || !maybeKeepEdits())
        return;
    QString error;
    if (!openFile(urls.first().toLocalFile(), &error))
        QMessageBox::warning(this, tr("Open failed"), error);
    event->acceptProposedAction();
}
