// SPDX-License-Identifier: MIT
// Every user file is written through here: QSaveFile writes a temporary beside the target and renames it over
// the target only when everything was written, so a failed or interrupted write leaves the old file intact.
// Qt-side error style: false, and why in `why`.
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>
#include <string>

class QIODevice;

namespace solar {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* why = nullptr);
bool writeFileAtomically(const QString& path, const std::string& text, QString* why = nullptr);
/// `write` fills the device (QImage::save, QPdfWriter, ...) and returns false when it could not.
bool writeFileAtomically(const QString& path, const std::function<bool(QIODevice&)>& write, QString* why = nullptr);

} // namespace solar
