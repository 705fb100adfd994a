// SPDX-License-Identifier: MIT
#include "app/studio/autosave.h"

#include "engine/core/atomicwrite.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

Autosave::Autosave(QString directory)
    : m_directory(std::move(directory))
{ }

QString Autosave::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString Autosave::fileFor(const QString& sourcePath) const
{
    const QByteArray key
        = QCryptographicHash::hash((sourcePath.isEmpty() ? QStringLiteral("<untitled>") : sourcePath).toUtf8(), QCryptographicHash::Sha1)
              .toHex()
              .left(16);
    return QDir(m_directory).filePath(QString::fromLatin1(key) + QStringLiteral(".autosave.json"));
}

bool Autosave::save(const QString& sourcePath, const QString& sourceName, const QString& text, QString* why)
{
    if (!QDir().mkpath(m_directory)) {
        if (why)
            *why = QStringLiteral("cannot create %1").arg(m_directory);
        return false;
    }
    const QJsonObject o {{QStringLiteral("path"), sourcePath},
                         {QStringLiteral("name"), sourceName},
                         {QStringLiteral("text"), text},
                         {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    return solar::writeFileAtomically(fileFor(sourcePath), QJsonDocument(o).toJson(QJsonDocument::Compact), why);
}

void Autosave::discard(const QString& sourcePath)
{
    QFile::remove(fileFor(sourcePath));
}

QList<Autosave::Entry> Autosave::pending() const
{
    QList<Entry> out;
    const QDir dir(m_directory);
    for (const QString& name : dir.entryList({QStringLiteral("*.autosave.json")}, QDir::Files, QDir::Time)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        if (!o.value(QStringLiteral("text")).isString())
            continue; // unreadable leftovers are not offered
        out.append({dir.filePath(name), o.value(QStringLiteral("path")).toString(), o.value(QStringLiteral("name")).toString(),
                    o.value(QStringLiteral("text")).toString(),
                    QDateTime::fromString(o.value(QStringLiteral("saved")).toString(), Qt::ISODate)});
    }
    return out;
}
