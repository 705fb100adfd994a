// SPDX-License-Identifier: MIT
#include "widgets/common/wheelguard.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

namespace {

class WheelGuard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        auto* control = qobject_cast<QWidget*>(watched);
        if (event->type() != QEvent::Wheel || !control || control->hasFocus())
            return false;
        // Not the control's: hand it to the scroll area that holds it, whose viewport scrolls.
        for (QWidget* w = control->parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QCoreApplication::sendEvent(area->viewport(), event);
                break;
            }
        return true;
    }
};

} // namespace

void guardWheel(QWidget* control)
{
    control->setFocusPolicy(Qt::StrongFocus);
    static WheelGuard* guard = new WheelGuard(QCoreApplication::instance());
    control->installEventFilter(guard);
}
