// SPDX-License-Identifier: MIT
#include "app/studio/exportactions.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>

ExportActions::ExportActions(QMenu* menu, QWidget* dialogParent, InputProvider input)
    : QObject(dialogParent)
    , m_parent(dialogParent)
    , m_input(std::move(input))
{
    for (const ExportFormat& f : exportFormats()) {
        menu->addAction(QCoreApplication::translate("Exports", f.label), this, [this, kind = f.kind] { exportWithDialog(kind); });
        if (f.kind == ExportKind::ReportPdf) {
            menu->addAction(tr("Report &preview…"), this, &ExportActions::previewReport);
            menu->addSeparator();
        }
    }
}

void ExportActions::exportWithDialog(ExportKind kind)
{
    const auto input = m_input();
    if (!input) {
        emit message(tr("Nothing to export: analyse first (Ctrl+R)"), 4000);
        return;
    }
    const ExportFormat& f = exportFormat(kind);
    const QString path = QFileDialog::getSaveFileName(m_parent, tr("Export"), suggestedExportPath(kind, *input),
                                                      QCoreApplication::translate("Exports", f.filter));
    if (path.isEmpty())
        return;
    QString why;
    if (!exportAnalysis(kind, *input, path, &why))
        QMessageBox::warning(m_parent, tr("Export failed"), why);
    else
        emit message(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

void ExportActions::previewReport()
{
    const auto input = m_input();
    if (!input) {
        emit message(tr("Nothing to preview: analyse first (Ctrl+R)"), 4000);
        return;
    }
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(QPageSize(QPageSize::A4));
    QPrintPreviewDialog preview(&printer, m_parent);
    connect(&preview, &QPrintPreviewDialog::paintRequested, this, [in = *input](QPrinter* p) { paintReport(*p, in); });
    preview.exec();
}
