// SPDX-License-Identifier: MIT
// Help → Documentation: the project's Markdown documents (docs/*.md, installed to share/doc/solar-studio), read
// offline in the app: a list of documents and the chosen one rendered, with its screenshots. SOLAR_DOCS_DIR,
// else the installed folder, else the source tree's docs/.
#pragma once

#include <QDialog>

class QListWidget;
class QTextBrowser;

class DocumentationDialog : public QDialog
{
    Q_OBJECT
public:
    explicit DocumentationDialog(QWidget* parent = nullptr);

    static QString directory();
    /// Shows `fileName` ("gui.md"); false when there is no such document.
    bool showDocument(const QString& fileName);
    QListWidget* documents() const { return m_list; }
    QTextBrowser* browser() const { return m_browser; }

private:
    QListWidget* m_list;
    QTextBrowser* m_browser;
};
