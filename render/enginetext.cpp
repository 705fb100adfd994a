// SPDX-License-Identifier: MIT
#include "render/enginetext.h"

#include <QCoreApplication>

QString engineText(const solar::Message& message)
{
    const QString format = QCoreApplication::translate("solar::engine", message.format.c_str());
    return QString::fromStdString(solar::fillMessage(format.toStdString(), message.args));
}

QString bottleneckText(const std::string& bottleneck)
{
    if (bottleneck == "memory")
        return QCoreApplication::translate("solar::engine", "memory");
    if (bottleneck == "none")
        return QCoreApplication::translate("solar::engine", "none");
    if (bottleneck.rfind("compute:", 0) == 0)
        return QCoreApplication::translate("solar::engine", "compute:%1").arg(QString::fromStdString(bottleneck.substr(8)));
    return QString::fromStdString(bottleneck);
}

QString bottleneckMoveText(const solar::BottleneckMove& move)
{
    return QCoreApplication::translate("solar::engine", "%1: %2 on %3 -> %4 on %5")
        .arg(QString::fromLatin1(solar::bounds::levelName(move.level).data()), bottleneckText(move.from),
             QString::fromStdString(move.baseline), bottleneckText(move.to), QString::fromStdString(move.profile));
}

QString validationLabelText(const std::string& label)
{
    if (label == "validated")
        return QCoreApplication::translate("solar::engine", "validated");
    if (label == "validated, with a caveat")
        return QCoreApplication::translate("solar::engine", "validated, with a caveat");
    if (label == "mismatch")
        return QCoreApplication::translate("solar::engine", "mismatch");
    if (label == "unvalidated")
        return QCoreApplication::translate("solar::engine", "unvalidated");
    if (label == "validating")
        return QCoreApplication::translate("solar::engine", "validating");
    return QString::fromStdString(label);
}

QString validationLabelText(const solar::Validation& validation)
{
    return validationLabelText(validation.label());
}
