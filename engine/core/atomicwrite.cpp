// SPDX-License-Identifier: MIT
#include "engine/core/atomicwrite.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace solar {

bool writeFileAtomically(const QString& path, const std::function<bool(QIODevice&)>& write, QString* why)
{
    QSaveFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly) && write(file) && file.commit();
    if (!ok && why)
        *why = QCoreApplication::translate("solar", "Cannot write %1: %2").arg(path, file.errorString());
    return ok;
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* why)
{
    return writeFileAtomically(
        path, [&](QIODevice& d) { return d.write(bytes) == bytes.size(); }, why);
}

bool writeFileAtomically(const QString& path, const std::string& text, QString* why)
{
    return writeFileAtomically(
        path, [&](QIODevice& d) { return d.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size()); },
        why);
}

} // namespace solar
