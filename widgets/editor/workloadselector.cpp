// SPDX-License-Identifier: MIT
#include "widgets/editor/workloadselector.h"

#include "engine/problem/problemanalysis.h"

#include <QSignalBlocker>
#include <QStandardItemModel>

WorkloadSelector::WorkloadSelector(QWidget* parent)
    : QComboBox(parent)
{
    setObjectName(QStringLiteral("workload-selector"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("The workload of the problem that is analysed: its axes are the sizes every pane shows"));
}

void WorkloadSelector::setProblem(const QString& path)
{
    const std::string keep = !m_wanted.empty() ? m_wanted : workload();
    const QSignalBlocker quiet(this);
    clear();
    const auto files = solar::problem::locateProblem(path.toStdString());
    auto fail = [&](const solar::Diagnostics& d) {
        addItem(tr("(no workloads: %1)").arg(QString::fromStdString(d.front().message)));
        setToolTip(QString::fromStdString(d.front().format()));
        if (auto* m = qobject_cast<QStandardItemModel*>(model()))
            m->item(0)->setEnabled(false);
    };
    if (!files)
        return fail(files.diagnostics());
    const auto definition = solar::problem::readDefinition(files->definition);
    if (!definition)
        return fail(definition.diagnostics());
    const auto workloads = solar::problem::readWorkloads(files->workloads, *definition);
    if (!workloads)
        return fail(workloads.diagnostics());
    setToolTip(tr("The workload of the problem that is analysed: its axes are the sizes every pane shows"));
    for (const solar::problem::Workload& w : *workloads) {
        QString axes;
        for (const solar::problem::Axis& a : definition->axes)
            if (a.kind == solar::problem::AxisKind::Var && w.axes.count(a.name))
                axes += (axes.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(a.name) + QLatin1Char('=')
                    + QString::number(w.axes.at(a.name));
        addItem(axes.isEmpty() ? QString::fromStdString(w.uuid) : QStringLiteral("%1 (%2)").arg(QString::fromStdString(w.uuid), axes),
                QString::fromStdString(w.uuid));
    }
    const int found = findData(QString::fromStdString(keep));
    setCurrentIndex(found >= 0 ? found : 0);
    if (found >= 0)
        m_wanted.clear();
}

std::string WorkloadSelector::workload() const
{
    return currentData().toString().toStdString();
}

void WorkloadSelector::setWorkload(const std::string& uuid)
{
    const QSignalBlocker quiet(this);
    const int found = findData(QString::fromStdString(uuid));
    if (found >= 0)
        setCurrentIndex(found);
    else
        m_wanted = uuid;
}
