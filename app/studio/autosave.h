// SPDX-License-Identifier: MIT
// Crash safety for unsaved edits: the editor's text is written (atomically) to the user's data directory every
// few seconds while it differs from the file, and removed once saved. On the next start, what is left behind is
// offered for recovery.
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

class Autosave
{
public:
    struct Entry
    {
        QString file; // the autosave file itself
        QString sourcePath; // the document's path (empty: never saved)
        QString sourceName; // its file name (picks the language)
        QString text;
        QDateTime saved;
    };

    explicit Autosave(QString directory = defaultDirectory());
    static QString defaultDirectory();

    /// Written atomically; false and why not in `why`.
    bool save(const QString& sourcePath, const QString& sourceName, const QString& text, QString* why = nullptr);
    void discard(const QString& sourcePath);
    QList<Entry> pending() const;
    QString directory() const { return m_directory; }

private:
    QString fileFor(const QString& sourcePath) const;
    QString m_directory;
};
