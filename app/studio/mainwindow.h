// SPDX-License-Identifier: MIT
// The SOLAR Studio main window: wires the panes around the source editor (IR, einsum graph, roofline, hardware,
// operators, summary, LLM transcript, compare), the document (open, save, autosave, recovery) and the background
// analysis job. A result that arrives after the source changed is marked stale, never shown as current.
// Selecting an operator anywhere (table, graph, chart, an editor line) selects it everywhere.
#pragma once

#include "app/studio/analysisjob.h"
#include "app/studio/document.h"
#include "app/studio/projectfile.h"
#include "engine/analysis/sourceanalysis.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/graph/graphpane.h"
#include "render/exports.h"
#include "widgets/roofline/rooflinepane.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class ComparisonView;
class ExportActions;
class FileMenus;
class GraphPane;
class FindBar;
class QMenu;
class DocumentationDialog;
class GraphView;
class HardwarePanel;
class InsightsPane;
class IrPane;
class OperatorPane;
class OperatorTableModel;
class QProgressBar;
class QTableView;
class QToolButton;
class RooflineChart;
class RooflinePane;
class SourceEditor;
class SummaryPanel;
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
    void cancelAnalysis();
    bool isAnalyzing() const { return m_job->isRunning(); }
    /// Writes the shown analysis as `kind` through the export table (the same content as the CLI's).
    bool exportAs(ExportKind kind, const QString& path, QString* why = nullptr);
    /// Selects an operator (einsum-graph node) in every view.
    void selectNode(int node);
    /// The operators a line produced (source line of a model, or ALIR line), in graph order.
    std::vector<int> operatorsOnLine(int line, bool irLine) const;
    /// Appends a section to `menu` with one action per operator of `line` (checked: the selected one); returns menu.
    QMenu* operatorMenu(int line, bool irLine, QMenu* menu);
    int selectedNode() const { return m_selectedNode; }

    SourceEditor* editor() const { return m_editor; }
    FindBar* findBar() const { return m_findBar; }
    /// Help → Documentation (non-modal), at `fileName` when given.
    DocumentationDialog* showDocumentation(const QString& fileName = {});
    IrPane* irPane() const { return m_ir; }
    GraphView* graphView() const { return m_graph->view(); }
    RooflineChart* roofline() const { return m_roofline->chart(); }
    HardwarePanel* hardwarePanel() const { return m_hardware; }
    SummaryPanel* summary() const { return m_summary; }
    QTableView* operatorTable() const { return m_operators->table(); }
    OperatorTableModel* operatorModel() const { return m_operators->model(); }
    TranscriptPane* transcript() const { return m_transcript; }
    ComparisonView* comparisonView() const { return m_compare; }
    InsightsPane* insightsPane() const { return m_insights; }
    /// Loads a torch.profiler Chrome trace: the operators get measured times (table, roofline), the insights
    /// measured gaps. False and why (nothing changes) when it cannot be read.
    bool loadProfileTrace(const QString& path, QString* why = nullptr);
    void clearProfileTrace();
    const std::optional<solar::measure::TraceMatch>& traceMatch() const { return m_traceMatch; }
    void setFrontend(solar::Frontend frontend) { m_frontend->setFrontend(frontend); }
    solar::Frontend frontend() const { return m_frontend->frontend(); }
    void setLlmSettings(const solar::llm::LlmSettings& settings) { m_llm = settings; }
    bool hasUnsavedEdits() const { return m_document->hasUnsavedEdits(); }
    /// The analysis as computed (base machine) and as shown (the hardware panel's machine).
    std::shared_ptr<const solar::AnalysisResult> baseResult() const { return m_base; }
    std::shared_ptr<const solar::AnalysisResult> shownResult() const { return m_shown; }
    bool resultsStale() const { return m_stale; }
    QString lastError() const { return m_lastError; }
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
    bool eventFilter(QObject* watched, QEvent* event) override;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void openInteractively(const QString& path);
    void openWithDialog();
    void saveProjectWithDialog();
    ReportInput reportInput() const;
    void updateTitle();
    void sourceEdited();
    void analysisDone(const AnalysisJob::Outcome& outcome);
    void boundsReady(const solar::SourceAnalysis& bounds);
    void showBounds(const solar::SourceAnalysis& analysis);
    void applyValidation(const solar::Validation& validation);
    /// The same bounds (the quick trace's program and the fitted one agree at the analysed sizes).
    static bool sameBounds(const solar::AnalysisResult& a, const solar::AnalysisResult& b);
    void showResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram);
    void selectLine(int line, bool irLine);
    void applyProject(const Project& project);
    void setBusy(bool busy);
    void updateInsights(); // from m_shown and the loaded trace

    SourceEditor* m_editor = nullptr;
    Document* m_document = nullptr;
    AnalysisJob* m_job = nullptr;
    IrPane* m_ir = nullptr;
    GraphPane* m_graph = nullptr;
    RooflinePane* m_roofline = nullptr;
    HardwarePanel* m_hardware = nullptr;
    OperatorPane* m_operators = nullptr;
    SummaryPanel* m_summary = nullptr;
    TranscriptPane* m_transcript = nullptr;
    ComparisonView* m_compare = nullptr;
    InsightsPane* m_insights = nullptr;
    FrontendSelector* m_frontend = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    FileMenus* m_fileMenus = nullptr;
    ExportActions* m_exports = nullptr;

    solar::llm::LlmSettings m_llm;
    solar::hw::HwRegistry m_registry;
    bool m_editedSinceStart = false; // the source changed after the running analysis started
    std::shared_ptr<const solar::AnalysisResult> m_base;
    std::shared_ptr<const solar::AnalysisResult> m_shown;
    bool m_stale = false;
    FindBar* m_findBar = nullptr;
    bool m_boundsShown = false; // the running job's bounds are shown; it is validating them
    int m_selectedNode = -1;
    bool m_syncing = false;
    QString m_lastError;
    std::optional<solar::measure::ProfileTrace> m_trace; // loaded by the user; matched again to every new result
    std::optional<solar::measure::TraceMatch> m_traceMatch;
    solar::insights::Insights m_insightsShown;
    std::vector<std::optional<double>> m_measuredNodes;
};
