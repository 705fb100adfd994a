// SPDX-License-Identifier: MIT
// The toolbar's choice of how a source becomes ALIR: automatic, then every registered frontend
// (engine/frontend/registry.cpp) under its label. The current choice is a frontend id, as the CLI's --frontend.
#pragma once

#include <QComboBox>

#include <string>

class FrontendSelector : public QComboBox
{
    Q_OBJECT
public:
    explicit FrontendSelector(QWidget* parent = nullptr);

    /// "auto" or a registered frontend's id.
    std::string frontend() const;
    /// Selects `id`; an unknown id selects "auto".
    void setFrontend(const std::string& id);
};
