// SPDX-License-Identifier: MIT
#include "app/studio/filemenus.h"
#include "app/studio/installeddir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace {

constexpr int kMaxRecent = 10;

} // namespace

FileMenus::FileMenus(QMenu* recent, QMenu* examples, QObject* parent)
    : QObject(parent)
    , m_recent(recent)
    , m_examples(examples)
{
    rebuildRecent();
    rebuildExamples();
}

QString FileMenus::examplesDirectory()
{
    return installedDirectory("SOLAR_EXAMPLES_DIR", QStringLiteral("share/solar-studio/examples"), QStringLiteral(SOLAR_SOURCE_EXAMPLES));
}

void FileMenus::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecent();
}

void FileMenus::rebuildRecent()
{
    m_recent->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& path : recent)
        m_recent->addAction(QFileInfo(path).fileName(), this, [this, path] { emit openRequested(path); })->setToolTip(path);
    m_recent->setEnabled(!recent.isEmpty());
}

void FileMenus::rebuildExamples()
{
    m_examples->clear();
    const QDir dir(examplesDirectory());
    const QStringList files = dir.entryList({QStringLiteral("*.py"), QStringLiteral("*.alir")}, QDir::Files, QDir::Name);
    for (const QString& f : files)
        m_examples->addAction(f, this, [this, path = dir.filePath(f)] { emit openRequested(path); });
    m_examples->setEnabled(!files.isEmpty());
}
