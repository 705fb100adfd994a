// SPDX-License-Identifier: MIT
// The SOLAR Studio main window: the source editor in the middle and dockable, restorable panes around it (IR,
// einsum graph, roofline, hardware, operators, summary). Analysis runs off the GUI thread with progress and cancel;
// a result that arrives after the source changed is marked stale, never shown as current. Selecting an operator
// anywhere (table, graph, chart, an editor line) selects it everywhere.
#pragma once

#include "app/studio/autosave.h"
#include "app/studio/projectfile.h"
#include "widgets/render/pdfreport.h"
#include "engine/analysis/sourceanalysis.h"
#include "engine/hw/registry.h"

#include <QFutureWatcher>
#include <QMainWindow>

#include <atomic>
#include <memory>

class ComparisonView;
class GraphView;
class HardwarePanel;
class IrPane;
class OperatorTableModel;
class QLabel;
class QLineEdit;
class QComboBox;
class QProgressBar;
class QSortFilterProxyModel;
class QTableView;
class QTemporaryDir;
class QTimer;
class QToolButton;
class QMenu;
class RooflineChart;
class SourceEditor;
class SummaryPanel;
class TranscriptPane;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a model, an ALIR program or a project; on failure returns false and sets `error` (nothing changes).
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr);
    bool saveProject(const QString& path, QString* error = nullptr);
    Project currentProject() const;

    /// Starts an analysis of the editor's text (Ctrl+R); a running one is cancelled first.
    void analyze();
    void cancelAnalysis();
    bool isAnalyzing() const;
    /// Writes the shown analysis as `kind`: report-pdf, json, csv, graph-dot, graph-svg, graph-yaml, roofline-png,
    /// roofline-svg (the same content as the CLI's). Empty on success, else why not.
    QString exportAs(const QString& kind, const QString& path);
    /// Selects an operator (einsum-graph node) in every view.
    void selectNode(int node);
    int selectedNode() const { return m_selectedNode; }

    SourceEditor* editor() const { return m_editor; }
    IrPane* irPane() const { return m_ir; }
    GraphView* graphView() const { return m_graph; }
    RooflineChart* roofline() const { return m_roofline; }
    HardwarePanel* hardwarePanel() const { return m_hardware; }
    SummaryPanel* summary() const { return m_summary; }
    QTableView* operatorTable() const { return m_table; }
    TranscriptPane* transcript() const { return m_transcript; }
    ComparisonView* comparisonView() const { return m_compare; }
    /// auto, trace, alir or llm (the toolbar's selector).
    void setFrontend(const QString& frontend);
    QString frontend() const;
    void setLlmSettings(const solar::llm::LlmSettings& settings) { m_llm = settings; }
    const solar::llm::LlmSettings& llmSettings() const { return m_llm; }
    OperatorTableModel* operatorModel() const { return m_model; }
    QString currentFile() const { return m_currentFile; }
    /// Edits not on disk: typed since the last save, or a recovered or generated text never saved.
    bool hasUnsavedEdits() const;
    /// The analysis as computed (base machine) and as shown (the hardware panel's machine).
    std::shared_ptr<const solar::AnalysisResult> baseResult() const { return m_base; }
    std::shared_ptr<const solar::AnalysisResult> shownResult() const { return m_shown; }
    bool resultsStale() const { return m_stale; }
    QString lastError() const { return m_lastError; }
    Autosave& autosave() { return m_autosave; }
    /// Writes the autosave now (the timer does it every 5 s while there are unsaved edits).
    void autosaveNow() { writeAutosave(); }
    /// Offers what an earlier session left unsaved (a dialog; tests call recover() directly).
    void offerRecovery();
    void recover(const Autosave::Entry& entry);
    static QString examplesDirectory();

signals:
    void analysisFinished(bool ok);
    void selectionChanged(int node);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void openWithDialog();
    void saveWithDialog();
    void saveProjectWithDialog();
    void exportCsv();
    void exportWithDialog(const QString& kind, const QString& filter, const QString& suggested);
    void previewReport();
    ReportInput reportInput() const;
    void importTimings();
    void showAbout();
    void updateTitle();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void rebuildExamplesMenu();
    void sourceEdited();
    void analysisDone();
    void showResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram);
    void machineChanged();
    void editorLineActivated(int line);
    void irLineActivated(int line);
    void setSource(const QString& path, const QString& name, const QString& text);
    bool maybeKeepEdits();
    void writeAutosave();
    void applyProject(const Project& project);

    SourceEditor* m_editor = nullptr;
    IrPane* m_ir = nullptr;
    GraphView* m_graph = nullptr;
    QLineEdit* m_graphFind = nullptr;
    QComboBox* m_graphColour = nullptr;
    RooflineChart* m_roofline = nullptr;
    QComboBox* m_rooflineLevel = nullptr;
    HardwarePanel* m_hardware = nullptr;
    SummaryPanel* m_summary = nullptr;
    TranscriptPane* m_transcript = nullptr;
    ComparisonView* m_compare = nullptr;
    QComboBox* m_frontend = nullptr;
    solar::llm::LlmSettings m_llm;
    QTableView* m_table = nullptr;
    OperatorTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLineEdit* m_filter = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QTimer* m_autosaveTimer = nullptr;

    solar::hw::HwRegistry m_registry;
    QString m_currentFile;  // where the source is saved ("" for a new or recovered document)
    QString m_sourceName;   // its file name (language)
    QFutureWatcher<solar::Expected<solar::SourceAnalysis>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::unique_ptr<QTemporaryDir> m_jobDir;
    int m_generation = 0;
    bool m_editedSinceStart = false; // the source changed after the running analysis started
    std::shared_ptr<const solar::AnalysisResult> m_base;
    std::shared_ptr<const solar::AnalysisResult> m_shown;
    bool m_stale = false;
    int m_selectedNode = -1;
    bool m_syncing = false;
    QString m_lastError;
    Autosave m_autosave;
    bool m_loading = false;
    bool m_neverSaved = false; // QScintilla can clear its modified flag but not set it
};
