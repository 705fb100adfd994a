// SPDX-License-Identifier: MIT
#include "widgets/editor/frontendselector.h"

#include <algorithm>

FrontendSelector::FrontendSelector(QWidget* parent)
    : QComboBox(parent)
{
    addItem(tr("Automatic (PyTorch and JAX files traced, ALIR as written)"), static_cast<int>(solar::Frontend::Auto));
    addItem(tr("PyTorch trace"), static_cast<int>(solar::Frontend::Trace));
    addItem(tr("JAX trace (jaxpr)"), static_cast<int>(solar::Frontend::Jax));
    addItem(tr("ALIR as written"), static_cast<int>(solar::Frontend::Alir));
    addItem(tr("LLM (any source, validated when a reference runs)"), static_cast<int>(solar::Frontend::Llm));
    setToolTip(tr("How the source becomes ALIR"));
}

solar::Frontend FrontendSelector::frontend() const
{
    return static_cast<solar::Frontend>(currentData().toInt());
}

void FrontendSelector::setFrontend(solar::Frontend frontend)
{
    setCurrentIndex(std::max(0, findData(static_cast<int>(frontend))));
}
