// SPDX-License-Identifier: MIT
// The toolbar's choice of how a source becomes ALIR: automatic, then every registered frontend
// (engine/source/registry.cpp) under its label. The current choice is a frontend id, as the CLI's --frontend.
#pragma once

#include <QComboBox>
#include <QStringList>

#include <string>

/// A file dialog's filter for sources, generated from the frontends' file patterns (engine/source/registry.h): one
/// entry for every source (and `extraPatterns`, as "*.solar"), one per frontend under its label, and all files.
QString sourceFileFilter(const QStringList& extraPatterns = {});

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
