// SPDX-License-Identifier: MIT
#include "widgets/editor/frontendselector.h"

#include "engine/frontend/frontend.h"

#include <QCoreApplication>

#include <algorithm>

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
