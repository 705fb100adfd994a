// SPDX-License-Identifier: MIT
// The user-interface language: German and Simplified Chinese besides English. It follows the system locale unless
// the user picked one (View → Language, kept in QSettings as "language"); a change takes effect at the next start.
// Numbers in the GUI and the PDF report follow the same locale (render/units.h); exports do not.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QCoreApplication;

/// Installs SOLAR Studio's and Qt's translations for `language` ("system", "en", "de", "zh_CN") and makes its
/// locale the default. Returns the language actually loaded ("en" when English or none matched).
QString installTranslations(QCoreApplication& app, const QString& language);
/// Removes what installTranslations installed (tests switch languages).
void removeTranslations(QCoreApplication& app);
/// (code, name in that language) for the menu.
QList<QPair<QString, QString>> availableLanguages();

class QMenu;
/// View → Language: the system default and every available language, the chosen one checked; picking one stores
/// it and calls `chosen` (the change takes effect at the next start).
void addLanguageMenu(QMenu* parent, const std::function<void()>& chosen);
