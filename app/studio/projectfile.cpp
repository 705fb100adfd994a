// SPDX-License-Identifier: MIT
#include "app/studio/projectfile.h"

#include "engine/bounds/ladder.h"
#include "engine/core/atomicwrite.h"
#include "engine/source/registry.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

bool writeProject(const QString& path, const Project& p, QString* why)
{
    QJsonObject factors;
    for (auto it = p.factors.cbegin(); it != p.factors.cend(); ++it)
        factors[it.key()] = it.value();
    QJsonObject options;
    for (auto it = p.frontendOptions.cbegin(); it != p.frontendOptions.cend(); ++it)
        options[it.key()] = it.value();
    QJsonObject doc {
        {QStringLiteral("schema"), QStringLiteral("solar.project/1")},
        {QStringLiteral("source"),
         QJsonObject {
             {QStringLiteral("path"), p.sourcePath}, {QStringLiteral("name"), p.sourceName}, {QStringLiteral("text"), p.sourceText}}},
        {QStringLiteral("frontend"), p.frontend},
        {QStringLiteral("mode"), p.mode},
        {QStringLiteral("frontend_options"), options},
        {QStringLiteral("hardware"),
         QJsonObject {{QStringLiteral("profile"), p.hardware},
                      {QStringLiteral("factors"), factors},
                      {QStringLiteral("target_ms"), p.targetMs},
                      {QStringLiteral("target_level"), p.targetLevel}}},
        {QStringLiteral("measured_seconds"), p.measuredSeconds ? QJsonValue(*p.measuredSeconds) : QJsonValue()},
        {QStringLiteral("view"),
         QJsonObject {{QStringLiteral("roofline_level"), p.rooflineLevel}, {QStringLiteral("graph_colour"), p.graphColour}}},
        {QStringLiteral("devices"),
         QJsonObject {{QStringLiteral("tensor_parallel"), p.devices},
                      {QStringLiteral("pipeline_stages"), p.stages},
                      {QStringLiteral("micro_batches"), p.microBatches},
                      {QStringLiteral("data_parallel"), p.replicas},
                      {QStringLiteral("expert_parallel"), p.experts}}},
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
    // The frontends' toolbar options, each a key some frontend declares with a value it takes.
    const QJsonObject options = o.value(QStringLiteral("frontend_options")).toObject();
    const auto declared = solar::declaredOptions();
    for (auto it = options.begin(); it != options.end(); ++it) {
        const std::string key = it.key().toStdString();
        const auto d = std::find_if(declared.begin(), declared.end(), [&](const solar::DeclaredOption& x) { return x.option.key == key; });
        if (d == declared.end())
            return fail(QCoreApplication::translate("Project", "'frontend_options.%1' is no frontend's option").arg(it.key()));
        if (!it.value().isString())
            return fail(QCoreApplication::translate("Project", "'frontend_options.%1' must be a string").arg(it.key()));
        const solar::Diagnostics bad = solar::checkSettings(*d->frontends.front(), {{key, it.value().toString().toStdString()}});
        if (!bad.empty())
            return fail(QString::fromStdString(bad.front().message));
        p.frontendOptions[it.key()] = it.value().toString();
    }
    // Projects written before the options were generated kept a problem's workload and a config's serving step
    // under keys of their own: read as the options they are now.
    const QJsonValue workload = o.value(QStringLiteral("workload"));
    if (!workload.isUndefined() && !workload.isString())
        return fail(QCoreApplication::translate("Project", "'workload' must be a workload's uuid (a string)"));
    if (!workload.toString().isEmpty())
        p.frontendOptions.insert(QStringLiteral("workload-uuid"), workload.toString());
    if (const QJsonValue old = o.value(QStringLiteral("serving")); old.isObject()) {
        const QJsonObject serving = old.toObject();
        const QString phase = serving.value(QStringLiteral("phase")).toString(QStringLiteral("decode"));
        if (phase != QLatin1String("decode") && phase != QLatin1String("prefill"))
            return fail(QCoreApplication::translate("Project", "'serving.phase' must be prefill or decode"));
        p.frontendOptions.insert(QStringLiteral("serving-phase"), phase);
        for (const char* key : {"batch", "tokens"}) {
            const QJsonValue v = serving.value(QLatin1String(key));
            if (v.isUndefined())
                continue;
            if (!v.isDouble() || v.toDouble() < 1 || v.toDouble() != static_cast<double>(v.toInteger()))
                return fail(QCoreApplication::translate("Project", "'serving.%1' must be a positive whole number").arg(QLatin1String(key)));
            p.frontendOptions.insert(QStringLiteral("serving-") + QLatin1String(key), QString::number(v.toInteger()));
        }
    }
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
    // The Devices plan (projects written before it was kept have none: one device).
    const QJsonObject devices = o.value(QStringLiteral("devices")).toObject();
    const std::pair<const char*, int*> counts[] = {{"tensor_parallel", &p.devices},
                                                   {"pipeline_stages", &p.stages},
                                                   {"micro_batches", &p.microBatches},
                                                   {"data_parallel", &p.replicas},
                                                   {"expert_parallel", &p.experts}};
    for (const auto& [key, into] : counts) {
        const QJsonValue v = devices.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble() || v.toDouble() < 1 || v.toDouble() > 1 << 20 || v.toDouble() != static_cast<double>(v.toInteger()))
            return fail(
                QCoreApplication::translate("Project", "'devices.%1' must be a whole number from 1 to 1048576").arg(QLatin1String(key)));
        *into = static_cast<int>(v.toInteger());
    }
    return p;
}
