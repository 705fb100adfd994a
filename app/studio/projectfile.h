// SPDX-License-Identifier: MIT
// A SOLAR Studio project (.solar, JSON, schema solar.project/1): the source text and where it came from, the
// frontend and its toolbar options (a model config's serving step, a problem's workload: keys the frontends
// declare), the hardware settings (profile, slider factors, target latency and level), a measured runtime and the
// view state. Written atomically (QSaveFile); reading reports what is wrong with the file.
#pragma once

#include <QMap>
#include <QString>

#include <optional>

struct Project
{
    QString sourcePath; // the file the source came from (may be empty for an unsaved one)
    QString sourceName; // its file name, which picks the language (model.py, program.alir)
    QString sourceText;
    QString frontend = QStringLiteral("auto"); // auto, trace (PyTorch), alir or llm
    QString mode = QStringLiteral("eager"); // execution mode for unfused_per_kernel: eager, graph or none
    QString hardware; // profile id
    QMap<QString, double> factors; // slider factors by knob name ("bandwidth", ...)
    double targetMs = 0;
    QString targetLevel = QStringLiteral("fused");
    std::optional<double> measuredSeconds;
    QString rooflineLevel = QStringLiteral("unfused_per_kernel");
    QString graphColour = QStringLiteral("bottleneck");
    QMap<QString, QString> frontendOptions; // the toolbar options set, by the key their frontend declares
    // The Devices pane's plan: tensor-parallel devices, pipeline stages, their micro-batches, data-parallel replicas,
    // expert-parallel devices (all 1: one device).
    int devices = 1, stages = 1, microBatches = 1, replicas = 1, experts = 1;

    bool operator==(const Project&) const = default;
};

/// Written atomically; false and why not in `why`.
bool writeProject(const QString& path, const Project& project, QString* why = nullptr);
/// nullopt and, in `why`, a message naming the file and what is wrong with it.
std::optional<Project> readProject(const QString& path, QString* why = nullptr);
