// SPDX-License-Identifier: MIT
// A line over a results view saying that what it shows is stale, and why (another file is being analysed, the last
// analysis failed, the source changed): every view of the results carries one, so none shows old numbers unmarked.
#pragma once

#include <QLabel>

class ResultsModel;

class StaleBanner : public QLabel
{
    Q_OBJECT
public:
    explicit StaleBanner(QWidget* parent = nullptr);
    /// Shows and hides with `results`' staleness.
    void follow(const ResultsModel& results);
    void setStale(bool stale, const QString& why);
};
