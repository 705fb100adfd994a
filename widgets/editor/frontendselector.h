// SPDX-License-Identifier: MIT
// The toolbar's choice of how a source becomes ALIR: automatic (PyTorch files traced, ALIR as written), the
// PyTorch trace, ALIR as written, or the LLM route.
#pragma once

#include "engine/analysis/sourceanalysis.h"

#include <QComboBox>

class FrontendSelector : public QComboBox
{
    Q_OBJECT
public:
    explicit FrontendSelector(QWidget* parent = nullptr);

    solar::Frontend frontend() const;
    void setFrontend(solar::Frontend frontend);
};
