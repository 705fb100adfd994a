// SPDX-License-Identifier: MIT
#include "widgets/common/stalebanner.h"

#include "render/palette.h"
#include "widgets/results/resultsmodel.h"

StaleBanner::StaleBanner(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setStyleSheet(QStringLiteral("color: %1; font-weight: bold").arg(cautionColour().name()));
    hide();
}

void StaleBanner::follow(const ResultsModel& results)
{
    connect(&results, &ResultsModel::staleChanged, this, &StaleBanner::setStale);
    setStale(results.isStale(), {});
}

void StaleBanner::setStale(bool stale, const QString& why)
{
    setText(why.isEmpty() ? tr("These results are stale: the source changed since they were computed (Ctrl+R analyses again).") : why);
    setToolTip(text());
    setVisible(stale);
}
