// SPDX-License-Identifier: MIT
#include "app/studio/projectfile.h"

#include "engine/bounds/ladder.h"
#include "engine/core/atomicwrite.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

bool writeProject(const QString& path, const Project& p, QString* why)
{
    QJsonObject factors;
    for (auto it = p.factors.cbegin(); it != p.factors.cend(); ++it)
        factors[it.key()] = it.value();
    QJsonObject doc {
        {QStringLiteral("schema"), QStringLiteral("solar.project/1")},
        {QStringLiteral("source"),
         QJsonObject {
             {QStringLiteral("path"), p.sourcePath}, {QStringLiteral("name"), p.sourceName}, {QStringLiteral("text"), p.sourceText}}},
        {QStringLiteral("frontend"), p.frontend},
        {QStringLiteral("mode"), p.mode},
        {QStringLiteral("workload"), p.workload},
        {QStringLiteral("serving"),
         QJsonObject {{QStringLiteral("phase"), QString::fromStdString(solar::serving::phaseName(p.serving.phase))},
                      {QStringLiteral("batch"), static_cast<double>(p.serving.batch)},
                      {QStringLiteral("tokens"), static_cast<double>(p.serving.tokens)}}},
        {QStringLiteral("hardware"),
         QJsonObject {{QStringLiteral("profile"), p.hardware},
                      {QStringLiteral("factors"), factors},
                      {QStringLiteral("target_ms"), p.targetMs},
                      {QStringLiteral("target_level"), p.targetLevel}}},
        {QStringLiteral("measured_seconds"), p.measuredSeconds ? QJsonValue(*p.measuredSeconds) : QJsonValue()},
        {QStringLiteral("view"),
         QJsonObject {{QStringLiteral("roofline_level"), p.rooflineLevel}, {QStringLiteral("graph_colour"), p.graphColour}}},
    };
    return solar::writeFileAtomically(path, QJsonDocument(doc).toJson(QJsonDocument::Indented), why);
}

std::optional<Project> readProject(const QString& path, QString* why)
{
    auto fail = [&](const QString& reason) -> std::optional<Project> {
        if (why)
            *why = path + QStringLiteral(": ") + reason;
        return std::nullopt;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(file.errorString());
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(
            QCoreApplication::translate("Project", "not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("schema")).toString() != QLatin1String("solar.project/1"))
        return fail(QCoreApplication::translate("Project", "not a SOLAR Studio project (schema solar.project/1)"));
    const QJsonValue source = o.value(QStringLiteral("source"));
    if (!source.isObject() || !source.toObject().value(QStringLiteral("text")).isString())
        return fail(QCoreApplication::translate("Project", "'source.text' is missing"));
    Project p;
    p.sourcePath = source.toObject().value(QStringLiteral("path")).toString();
    p.sourceName = source.toObject().value(QStringLiteral("name")).toString();
    p.sourceText = source.toObject().value(QStringLiteral("text")).toString();
    p.frontend = o.value(QStringLiteral("frontend")).toString();
    // Projects written before execution modes were kept have none: eager, as they were analysed.
    p.mode = o.value(QStringLiteral("mode")).toString(QStringLiteral("eager"));
    if (!solar::bounds::parseMode(p.mode.toStdString()))
        return fail(QCoreApplication::translate("Project", "'mode' must be eager, graph or none"));
    // A problem's workload (a uuid); none in projects of other sources or written before workloads were kept.
    const QJsonValue workload = o.value(QStringLiteral("workload"));
    if (!workload.isUndefined() && !workload.isString())
        return fail(QCoreApplication::translate("Project", "'workload' must be a workload's uuid (a string)"));
    p.workload = workload.toString();
    // Projects written before the serving step was kept have none: the controls' defaults then.
    const QJsonObject serving = o.value(QStringLiteral("serving")).toObject();
    const QString phase = serving.value(QStringLiteral("phase")).toString(QStringLiteral("decode"));
    if (phase != QLatin1String("decode") && phase != QLatin1String("prefill"))
        return fail(QCoreApplication::translate("Project", "'serving.phase' must be prefill or decode"));
    p.serving.phase = phase == QLatin1String("prefill") ? solar::serving::Phase::Prefill : solar::serving::Phase::Decode;
    for (auto [key, field] : {std::pair {"batch", &p.serving.batch}, std::pair {"tokens", &p.serving.tokens}}) {
        const QJsonValue v = serving.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble() || v.toDouble() < 1 || v.toDouble() != static_cast<double>(v.toInteger()))
            return fail(QCoreApplication::translate("Project", "'serving.%1' must be a positive whole number").arg(QLatin1String(key)));
        *field = v.toInteger();
    }
    p.serving.dtype.clear(); // the GUI serves a config in its own dtype
    const QJsonObject hw = o.value(QStringLiteral("hardware")).toObject();
    p.hardware = hw.value(QStringLiteral("profile")).toString();
    const QJsonObject factors = hw.value(QStringLiteral("factors")).toObject();
    for (auto it = factors.begin(); it != factors.end(); ++it) {
        if (!it.value().isDouble() || !(it.value().toDouble() > 0))
            return fail(QCoreApplication::translate("Project", "'hardware.factors.%1' must be a positive number").arg(it.key()));
        p.factors[it.key()] = it.value().toDouble();
    }
    p.targetMs = hw.value(QStringLiteral("target_ms")).toDouble(0);
    p.targetLevel = hw.value(QStringLiteral("target_level")).toString(QStringLiteral("fused"));
    const QJsonValue measured = o.value(QStringLiteral("measured_seconds"));
    if (measured.isDouble())
        p.measuredSeconds = measured.toDouble();
    const QJsonObject view = o.value(QStringLiteral("view")).toObject();
    p.rooflineLevel = view.value(QStringLiteral("roofline_level")).toString(QStringLiteral("unfused_per_kernel"));
    p.graphColour = view.value(QStringLiteral("graph_colour")).toString(QStringLiteral("bottleneck"));
    return p;
}
