// SPDX-License-Identifier: MIT
#include "app/studio/document.h"

#include "engine/core/atomicwrite.h"
#include "engine/source/sourceanalysis.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/editor/sourceeditor.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QWidget>

Document::Document(SourceEditor* editor, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_editor(editor)
    , m_dialogParent(dialogParent)
{
    connect(m_editor, &QsciScintilla::textChanged, this, [this] {
        if (m_loading)
            return;
        emit edited();
        emit stateChanged();
    });
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setInterval(5000);
    connect(m_autosaveTimer, &QTimer::timeout, this, &Document::writeAutosave);
    m_autosaveTimer->start();
}

bool Document::isPython() const
{
    return solar::isPythonFile(m_name.toStdString());
}

bool Document::hasUnsavedEdits() const
{
    return m_editor->isModified() || m_neverSaved;
}

void Document::setSource(const QString& path, const QString& name, const QString& text)
{
    m_loading = true;
    m_binary = false;
    m_editor->setReadOnly(false); // Scintilla ignores setText on a read-only document
    m_editor->setLanguageForFile(name);
    m_editor->setText(text);
    m_editor->clearDiagnostics();
    m_editor->setModified(false);
    m_neverSaved = false;
    m_loading = false;
    m_path = path;
    m_name = name;
    emit stateChanged();
}

void Document::setUnsavedSource(const QString& path, const QString& name, const QString& text)
{
    setSource(path, name, text);
    m_neverSaved = true;
    emit stateChanged();
}

bool Document::open(const QString& path, QString* why)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (why)
            *why = tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    if (bytes.contains('\0')) {
        // A binary model (ONNX): shown as a read-only note, never as text that a save would write over the file.
        // The analysis reads the file itself.
        const QString name = QFileInfo(path).fileName();
        setSource(QFileInfo(path).absoluteFilePath(), name,
                  tr("# %1 is a binary model (%2 bytes): it is analysed from the file on disk and cannot be edited here.\n"
                     "# The IR pane shows the program it becomes; for an ONNX model, an operator's source line N is the graph's "
                     "N-th node.\n")
                      .arg(name)
                      .arg(bytes.size()));
        m_binary = true;
        m_editor->setReadOnly(true);
        emit stateChanged();
        return true;
    }
    setSource(QFileInfo(path).absoluteFilePath(), QFileInfo(path).fileName(), QString::fromUtf8(bytes));
    return true;
}

bool Document::save(const QString& path, QString* why)
{
    if (m_binary) {
        if (why)
            *why = tr("%1 is a binary model: SOLAR Studio does not write it (save a project to keep the analysis settings)").arg(m_name);
        return false;
    }
    if (!solar::writeFileAtomically(path, m_editor->text().toUtf8(), why))
        return false;
    m_autosave.discard(m_path);
    m_path = QFileInfo(path).absoluteFilePath();
    m_name = QFileInfo(path).fileName();
    m_editor->setModified(false);
    m_neverSaved = false;
    emit stateChanged();
    return true;
}

bool Document::saveInteractively()
{
    if (m_path.isEmpty())
        return saveAsInteractively();
    QString why;
    if (save(m_path, &why))
        return true;
    QMessageBox::warning(m_dialogParent, tr("Save failed"), why);
    return false;
}

bool Document::saveAsInteractively()
{
    const QString path = QFileDialog::getSaveFileName(m_dialogParent, tr("Save source"), displayPath(), sourceFileFilter());
    if (path.isEmpty())
        return false;
    QString why;
    if (save(path, &why))
        return true;
    QMessageBox::warning(m_dialogParent, tr("Save failed"), why);
    return false;
}

bool Document::maybeKeepEdits()
{
    if (!hasUnsavedEdits() || !m_dialogParent->isVisible())
        return true;
    const auto answer = QMessageBox::question(m_dialogParent, tr("Unsaved edits"), tr("The source has unsaved edits. Save them first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return saveInteractively() && !hasUnsavedEdits();
    m_autosave.discard(m_path);
    return true;
}

void Document::writeAutosave()
{
    if (!hasUnsavedEdits())
        return;
    QString why;
    if (!m_autosave.save(m_path, m_name, m_editor->text(), &why))
        emit message(tr("Autosave failed: %1").arg(why), 5000);
}

void Document::offerRecovery()
{
    for (const Autosave::Entry& e : m_autosave.pending()) {
        const QString what = e.sourcePath.isEmpty() ? tr("an unsaved %1").arg(e.sourceName) : e.sourcePath;
        const auto answer = QMessageBox::question(m_dialogParent, tr("Recover unsaved edits?"),
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

void Document::recover(const Autosave::Entry& entry)
{
    setUnsavedSource(entry.sourcePath, entry.sourceName.isEmpty() ? QStringLiteral("recovered.py") : entry.sourceName, entry.text);
    QFile::remove(entry.file);
    emit message(tr("Recovered unsaved edits; save them to keep them"), 8000);
    emit recovered();
}
