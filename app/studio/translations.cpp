// SPDX-License-Identifier: MIT
#include "app/studio/translations.h"

#include <QActionGroup>
#include <QMenu>
#include <QSettings>

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace {

std::unique_ptr<QTranslator>& own()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

std::unique_ptr<QTranslator>& qt()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

QStringList searchPath()
{
    return {QCoreApplication::applicationDirPath() + QStringLiteral("/../share/solar-studio/translations"),
            QStringLiteral(SOLAR_BUILD_TRANSLATIONS)};
}

} // namespace

QList<QPair<QString, QString>> availableLanguages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

void removeTranslations(QCoreApplication& app)
{
    if (own())
        app.removeTranslator(own().get());
    if (qt())
        app.removeTranslator(qt().get());
    own().reset();
    qt().reset();
}

QString installTranslations(QCoreApplication& app, const QString& language)
{
    removeTranslations(app);
    const QLocale locale = language == QLatin1String("system") || language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return QStringLiteral("en");
    auto mine = std::make_unique<QTranslator>();
    bool loaded = false;
    for (const QString& dir : searchPath())
        if ((loaded = mine->load(locale, QStringLiteral("solar-studio"), QStringLiteral("_"), dir)))
            break;
    if (!loaded)
        return QStringLiteral("en");
    app.installTranslator(mine.get());
    own() = std::move(mine);
    auto base = std::make_unique<QTranslator>(); // Qt's own dialogs (file dialogs, message boxes)
    if (base->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(base.get());
        qt() = std::move(base);
    }
    return locale.name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : locale.name().left(2);
}

void addLanguageMenu(QMenu* parent, const std::function<void()>& chosen)
{
    QMenu* language = parent->addMenu(QCoreApplication::translate("MainWindow", "&Language"));
    auto* languages = new QActionGroup(language);
    const QString current = QSettings().value(QStringLiteral("language"), QStringLiteral("system")).toString();
    QList<QPair<QString, QString>> entries = {{QStringLiteral("system"), QCoreApplication::translate("MainWindow", "System default")}};
    entries.append(availableLanguages());
    for (const auto& [code, name] : entries) {
        QAction* a = language->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == current);
        languages->addAction(a);
        QObject::connect(a, &QAction::triggered, language, [code, chosen] {
            QSettings().setValue(QStringLiteral("language"), code);
            chosen();
        });
    }
}
