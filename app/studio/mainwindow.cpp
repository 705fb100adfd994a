// SPDX-License-Identifier: MIT
#include "app/studio/mainwindow.h"

#include "engine/core/version.h"
#include "widgets/editor/sourceeditor.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_editor(new SourceEditor(this))
{
    setCentralWidget(m_editor);

    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    QAction* open = fileMenu->addAction(tr("&Open…"), this, &MainWindow::openWithDialog);
    open->setShortcut(QKeySequence::Open);
    fileMenu->addSeparator();
    QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About SOLAR Studio"), this, &MainWindow::showAbout);

    statusBar()->showMessage(tr("SOLAR Studio %1").arg(QString::fromLatin1(solar::kVersion)));
    resize(1100, 750);
    updateTitle();
}

bool MainWindow::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    m_editor->setLanguageForFile(path);
    m_editor->setText(QString::fromUtf8(bytes));
    m_editor->setModified(false);
    m_currentFile = path;
    updateTitle();
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open model or IR"), QString(),
                                                      tr("Models and IR (*.py *.alir);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openFile(path, &error))
        QMessageBox::warning(this, tr("Open failed"), error);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About SOLAR Studio"),
                       tr("<b>SOLAR Studio %1</b><p>Speed-of-light analysis for deep-learning programs: how fast a "
                          "model could run on a given chip, and how far an implementation is from it.</p>")
                           .arg(QString::fromLatin1(solar::kVersion)));
}

void MainWindow::updateTitle()
{
    const QString version = QString::fromLatin1(solar::kVersion);
    if (m_currentFile.isEmpty())
        setWindowTitle(tr("SOLAR Studio %1").arg(version));
    else
        setWindowTitle(tr("%1 — SOLAR Studio %2").arg(QFileInfo(m_currentFile).fileName(), version));
}
