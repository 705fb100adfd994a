// SPDX-License-Identifier: MIT
// The document in the editor: where it lives on disk (if anywhere), its name (which picks the language), whether
// it has edits that are not on disk, and its crash safety (autosave every few seconds while there are unsaved
// edits, recovery offered at the next start). Open, save and "keep your edits?" live here; what an opened file
// means for the analysis is the window's business.
#pragma once

#include "app/studio/autosave.h"

#include <QObject>
#include <QString>

class QTimer;
class QWidget;
class SourceEditor;

class Document : public QObject
{
    Q_OBJECT
public:
    Document(SourceEditor* editor, QWidget* dialogParent);
    SourceEditor* editor() const { return m_editor; }

    QString path() const { return m_path; } // "" for a new or recovered document
    QString name() const { return m_name; }
    /// The path when saved, else the name: what the analysis and the report call the source.
    QString displayPath() const { return m_path.isEmpty() ? m_name : m_path; }
    bool isPython() const;
    /// A binary model (an .onnx file): shown as a read-only note; the analysis reads the file, saving refuses.
    bool isBinary() const { return m_binary; }
    bool hasUnsavedEdits() const;

    /// Shows `text` as the document `path` (may be empty) named `name`, unmodified.
    void setSource(const QString& path, const QString& name, const QString& text);
    /// Text that is not on disk (generated IR, a recovered autosave): shown as unsaved.
    void setUnsavedSource(const QString& path, const QString& name, const QString& text);
    /// Reads a model or ALIR file into the editor; false and why when it cannot be read.
    bool open(const QString& path, QString* why = nullptr);
    bool save(const QString& path, QString* why = nullptr);
    /// Save (with a dialog when the document has no path); false when the user cancels or saving fails.
    bool saveInteractively();
    bool saveAsInteractively();
    /// Before the document is replaced or the window closes: asks whether to save unsaved edits. False: cancel.
    bool maybeKeepEdits();

    Autosave& autosave() { return m_autosave; }
    void writeAutosave();
    void offerRecovery();
    void recover(const Autosave::Entry& entry);

signals:
    /// Path, name or the unsaved state changed (the window title follows).
    void stateChanged();
    /// The user edited the text (not a load).
    void edited();
    /// Text from an autosave became the document.
    void recovered();
    void message(const QString& text, int timeoutMs);

private:
    SourceEditor* m_editor;
    QWidget* m_dialogParent;
    QString m_path;
    QString m_name;
    bool m_loading = false;
    bool m_neverSaved = false; // QScintilla can clear its modified flag but not set it
    bool m_binary = false;
    Autosave m_autosave;
    QTimer* m_autosaveTimer = nullptr;
};
