// SPDX-License-Identifier: MIT
#include "app/studio/documentation.h"
#include "app/studio/installeddir.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

QString DocumentationDialog::directory()
{
    return installedDirectory("SOLAR_DOCS_DIR", QStringLiteral("share/doc/solar-studio"), QStringLiteral(SOLAR_SOURCE_DOCS));
}

DocumentationDialog::DocumentationDialog(QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("SOLAR Studio documentation"));
    resize(1100, 800);
    const QDir dir(directory());
    // The user's guide first, then the rest alphabetically.
    QStringList files = dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    if (files.removeOne(QStringLiteral("gui.md")))
        files.prepend(QStringLiteral("gui.md"));
    for (const QString& f : files)
        m_list->addItem(f);
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({dir.absolutePath()});
    auto* split = new QSplitter(this);
    split->addWidget(m_list);
    split->addWidget(m_browser);
    split->setStretchFactor(1, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentTextChanged, this, [this](const QString& f) { showDocument(f); });
    if (files.isEmpty())
        m_browser->setPlainText(tr("No documentation found in %1 (set SOLAR_DOCS_DIR).").arg(dir.absolutePath()));
    else
        m_list->setCurrentRow(0);
}

bool DocumentationDialog::showDocument(const QString& fileName)
{
    QFile f(QDir(directory()).filePath(fileName));
    if (fileName.isEmpty() || !f.open(QIODevice::ReadOnly))
        return false;
    m_browser->setMarkdown(QString::fromUtf8(f.readAll()));
    const auto items = m_list->findItems(fileName, Qt::MatchExactly);
    if (!items.isEmpty() && m_list->currentItem() != items.front())
        m_list->setCurrentItem(items.front());
    return true;
}
