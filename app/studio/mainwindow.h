// SPDX-License-Identifier: MIT
// The SOLAR Studio main window: builds the window (the source editor, the docked panes of docklayout, the menus) and
// wires its objects: the results model every pane follows, the analysis session that fills it, the selection
// shared by the views, the document (open, save, autosave, recovery). It holds no results of its own.
#pragma once

#include "app/studio/analysissession.h"
#include "app/studio/analysistoolbar.h"
#include "app/studio/docklayout.h"
#include "app/studio/document.h"
#include "app/studio/projectfile.h"
#include "app/studio/selectionsync.h"
#include "engine/frontend/llm/llmclient.h"
#include "engine/hw/registry.h"
#include "render/exports.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/graph/graphpane.h"
#include "widgets/results/resultsmodel.h"
#include "widgets/roofline/rooflinepane.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class ComparisonPane;
class DocumentationDialog;
class ExportActions;
class FileMenus;
class FindBar;
class GraphView;
class HardwarePane;
class InsightsPane;
class ParallelPane;
class IrPane;
class QMenu;
class QProgressBar;
class QTableView;
class QToolButton;
class RooflineChart;
class SourceEditor;
class SummaryPane;
class TranscriptPane;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override = default;

    /// Loads a model, an ALIR program or a project and analyses it; false and why (nothing changes) on failure.
    bool openFile(const QString& path, QString* why = nullptr);
    bool saveFile(const QString& path, QString* why = nullptr);
    bool saveProject(const QString& path, QString* why = nullptr);
    Project currentProject() const;

    /// Starts an analysis of the editor's text (Ctrl+R); a running one is cancelled first.
    void analyze();
    void cancelAnalysis() { m_session->cancel(); }
    /// Whether the serving step's controls are offered (a model config.json is open).
    bool frontendOptionsShown() const { return m_toolbar->optionsShown(); }
    /// Opens the definition.json of a SOL-ExecBench problem folder; false and why when it has none.
    bool openProblemFolder(const QString& dir, QString* why = nullptr);
    bool isAnalyzing() const { return m_session->isRunning(); }
    /// Writes the shown analysis as `kind` through the export table (the same content as the CLI's).
    bool exportAs(ExportKind kind, const QString& path, QString* why = nullptr);
    /// Selects an operator (einsum-graph node) in every view.
    void selectNode(int node) { m_selection->selectNode(node); }
    /// The operators a line produced (source line of a model, or ALIR line), in graph order.
    std::vector<int> operatorsOnLine(int line, bool irLine) const { return m_selection->operatorsOnLine(line, irLine); }
    /// Appends a section to `menu` with one action per operator of `line` (checked: the selected one); returns menu.
    QMenu* operatorMenu(int line, bool irLine, QMenu* menu) { return m_selection->operatorMenu(line, irLine, menu); }
    int selectedNode() const { return m_selection->selectedNode(); }

    const ResultsModel& results() const { return *m_results; }
    SourceEditor* editor() const { return m_editor; }
    FindBar* findBar() const { return m_findBar; }
    /// Help → Documentation (non-modal), at `fileName` when given.
    DocumentationDialog* showDocumentation(const QString& fileName = {});
    IrPane* irPane() const { return m_panes.ir; }
    GraphView* graphView() const { return m_panes.graph->view(); }
    RooflineChart* roofline() const { return m_panes.roofline->chart(); }
    HardwarePane* hardwarePane() const { return m_panes.hardware; }
    SummaryPane* summary() const { return m_panes.summary; }
    QTableView* operatorTable() const { return m_panes.operators->table(); }
    OperatorTableModel* operatorModel() const { return m_panes.operators->model(); }
    TranscriptPane* transcript() const { return m_panes.transcript; }
    ComparisonPane* comparisonPane() const { return m_panes.compare; }
    InsightsPane* insightsPane() const { return m_panes.insights; }
    ParallelPane* parallelPane() const { return m_panes.parallel; }
    /// Loads a torch.profiler Chrome trace: the operators get measured times (table, roofline), the insights
    /// measured gaps. False and why (nothing changes) when it cannot be read.
    bool loadProfileTrace(const QString& path, QString* why = nullptr);
    void clearProfileTrace() { m_results->clearTrace(); }
    const std::optional<solar::measure::TraceMatch>& traceMatch() const { return m_results->traceMatch(); }
    /// "auto" or a registered frontend's id.
    void setFrontend(const std::string& frontend) { m_toolbar->setFrontend(frontend); }
    std::string frontend() const { return m_toolbar->frontend(); }
    void setLlmSettings(const solar::llm::LlmSettings& settings) { m_llm = settings; }
    bool hasUnsavedEdits() const { return m_document->hasUnsavedEdits(); }
    /// The analysis as computed (base machine) and as shown (the hardware panel's machine).
    std::shared_ptr<const solar::AnalysisResult> baseResult() const { return m_results->base(); }
    std::shared_ptr<const solar::AnalysisResult> shownResult() const { return m_results->shown(); }
    bool resultsStale() const { return m_results->isStale(); }
    QString lastError() const { return m_session->lastError(); }
    Autosave& autosave() { return m_document->autosave(); }
    /// Writes the autosave now (the document does it every 5 s while there are unsaved edits).
    void autosaveNow() { m_document->writeAutosave(); }
    /// Offers what an earlier session left unsaved (a dialog; tests call recover() directly).
    void offerRecovery() { m_document->offerRecovery(); }
    void recover(const Autosave::Entry& entry) { m_document->recover(entry); }

signals:
    void analysisFinished(bool ok);
    void boundsShown(); // the bounds of the running analysis are on screen; its validation goes on

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void wirePanes();
    void createMenus();
    void openInteractively(const QString& path);
    void openWithDialog();
    void openProblemFolderWithDialog();
    void saveProjectWithDialog();
    ReportInput reportInput() const;
    void updateTitle();
    void setBusy(bool busy);
    void reloadRegistry();

    SourceEditor* m_editor = nullptr;
    FindBar* m_findBar = nullptr;
    Document* m_document = nullptr;
    ResultsModel* m_results = nullptr;
    Panes m_panes;
    AnalysisSession* m_session = nullptr;
    SelectionSync* m_selection = nullptr;
    AnalysisToolbar* m_toolbar = nullptr; // the frontend and, for a model config, the serving step
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    FileMenus* m_fileMenus = nullptr;
    QString m_traceSource; // the document a loaded profiler trace was measured on (displayPath)
    QString m_traceName; // that trace's file name
    ExportActions* m_exports = nullptr;

    solar::llm::LlmSettings m_llm;
    solar::hw::HwRegistry m_registry; // the window's one registry; the panes that list profiles read it
};
