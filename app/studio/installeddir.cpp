// SPDX-License-Identifier: MIT
#include "app/studio/installeddir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

QString installedDirectory(const char* environmentVariable, const QString& underPrefix, const QString& sourceTree)
{
    const QString env = qEnvironmentVariable(environmentVariable);
    if (!env.isEmpty())
        return env;
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../") + underPrefix;
    if (QFileInfo(installed).isDir())
        return QDir(installed).absolutePath();
    return sourceTree;
}
