// SPDX-License-Identifier: MIT
#include "widgets/editor/frontendselector.h"

#include "engine/source/registry.h"

#include <QCoreApplication>

#include <algorithm>

QString sourceFileFilter(const QStringList& extraPatterns)
{
    QStringList all;
    QStringList each;
    for (const solar::Frontend* f : solar::frontends()) {
        QStringList patterns;
        for (const std::string& p : f->filePatterns())
            patterns.append(QString::fromStdString(p));
        if (patterns.isEmpty())
            continue; // any file, chosen by name (the LLM route): "All files" covers it
        for (const QString& p : patterns)
            if (!all.contains(p))
                all.append(p);
        each.append(
            QStringLiteral("%1 (%2)").arg(QCoreApplication::translate("FrontendSelector", f->label()), patterns.join(QLatin1Char(' '))));
    }
    for (const QString& p : extraPatterns)
        if (!all.contains(p))
            all.append(p);
    QStringList filters {QCoreApplication::translate("FrontendSelector", "Sources (%1)").arg(all.join(QLatin1Char(' ')))};
    filters += each;
    filters.append(QCoreApplication::translate("FrontendSelector", "All files (*)"));
    return filters.join(QStringLiteral(";;"));
}

FrontendSelector::FrontendSelector(QWidget* parent)
    : QComboBox(parent)
{
    addItem(tr("Automatic (PyTorch and JAX files traced, ALIR as written)"), QString::fromLatin1(solar::kAutoFrontend.data()));
    // The labels are marked for translation where each frontend defines them (context FrontendSelector).
    for (const solar::Frontend* f : solar::frontends())
        addItem(QCoreApplication::translate("FrontendSelector", f->label()), QString::fromLatin1(f->id().data(), f->id().size()));
    setToolTip(tr("How the source becomes ALIR"));
}

std::string FrontendSelector::frontend() const
{
    return currentData().toString().toStdString();
}

void FrontendSelector::setFrontend(const std::string& id)
{
    setCurrentIndex(std::max(0, findData(QString::fromStdString(id))));
}
