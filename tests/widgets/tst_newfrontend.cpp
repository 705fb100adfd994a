// SPDX-License-Identifier: MIT
// What a new frontend gets from the registry alone (docs/architecture.md, "Adding a frontend"). The frontend below
// is all a newcomer writes — its class and one registration (here a ScopedFrontend, in the product one line of
// engine/source/registry.cpp) — and without touching any other file it is: a --frontend choice with its help, its
// option as --shape-dtype in `solar analyze` (and checked there), the automatic choice for its files, an entry of
// the GUI's open filter and selector, and a generated control in the analysis toolbar that projects keep.
#include "app/cli/cli.h"
#include "app/studio/analysistoolbar.h"
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "engine/source/sourceanalysis.h"
#include "widgets/editor/frontendoptionbar.h"
#include "widgets/editor/frontendselector.h"

#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

namespace {

// A "shape file" (*.shape): one line "M K N", read as the matrix product C[M,N] = A[M,K] B[K,N], in the element
// type its one option names.
class ShapeFrontend final : public solar::Frontend
{
public:
    std::string_view id() const override { return "shape"; }
    const char* label() const override { return "Matrix shape file"; }
    std::string_view help() const override { return "a matrix product's M K N"; }
    std::vector<std::string> filePatterns() const override { return {"*.shape"}; }
    bool validates() const override { return false; }
    std::vector<solar::FrontendOption> options() const override
    {
        solar::FrontendOption dtype {"shape-dtype", solar::FrontendOption::Kind::Choice, solar::FrontendOption::Place::Toolbar,
                                     "T",           "the element type of A, B and C",    "Element type"};
        dtype.choices = {"f32", "f16"};
        dtype.defaultValue = "f32";
        return {dtype};
    }

    solar::Expected<solar::SourceAnalysis> analyze(const std::string& path, const std::string& text, const solar::hw::HwProfile& hardware,
                                                   const solar::SourceAnalysisOptions& options) const override
    {
        using Result = solar::Expected<solar::SourceAnalysis>;
        std::string source = text;
        if (source.empty()) {
            QFile f(QString::fromStdString(path));
            if (!f.open(QIODevice::ReadOnly))
                return Result::failure(solar::Diagnostic {solar::Severity::Error, path, {}, "shape.read", "cannot read"});
            source = f.readAll().toStdString();
        }
        long long m = 0, k = 0, n = 0;
        if (!(std::istringstream(source) >> m >> k >> n) || m < 1 || k < 1 || n < 1)
            return Result::failure(solar::Diagnostic {solar::Severity::Error, path, {1, 1}, "shape.syntax", "expected 'M K N'"});
        const auto dtype = solar::settingText(*this, options.settings, "shape-dtype");
        if (!dtype)
            return Result::failure(dtype.diagnostics());
        const std::string t = *dtype;
        const std::string alir = "kernel shape(M=" + std::to_string(m) + ", K=" + std::to_string(k) + ", N=" + std::to_string(n) + ") {\n"
            + "  in A: " + t + "[M, K];\n  in B: " + t + "[K, N];\n  out C: " + t + "[M, N];\n"
            + "  for m in 0..M, n in 0..N {\n    C[m, n] = 0;\n    for k in 0..K { C[m, n] += A[m, k] * B[k, n]; }\n  }\n}\n";
        auto program = solar::ir::parseProgram(alir, path);
        if (!program)
            return Result::failure(program.diagnostics());
        auto analysed = solar::analyzeProgram(*program, hardware, options.analysis);
        if (!analysed)
            return Result::failure(analysed.diagnostics());
        solar::SourceAnalysis out;
        out.result = std::move(analysed).value();
        out.irText = alir;
        out.irGenerated = true;
        return out;
    }
};

struct Cli
{
    int code;
    std::string out, err;
};

Cli cli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = solar::cli::runCli(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace

class TstNewFrontend : public QObject
{
    Q_OBJECT

private:
    ShapeFrontend m_frontend;
    QTemporaryDir m_dir;
    QString m_file;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath(QStringLiteral("gemm.shape"));
        QFile f(m_file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("6 10 14\n"); // distinct sizes, none a power of two
    }

    void testUnregisteredIsUnknown()
    {
        QVERIFY(!solar::isFrontendId("shape"));
        const Cli r = cli({"analyze", m_file.toStdString(), "--hw", "h100-sxm", "--frontend", "shape"});
        QCOMPARE(r.code, 2); // a usage error: no such choice
    }

    void testCliFromTheRegistry()
    {
        const solar::ScopedFrontend registered(m_frontend);
        QVERIFY(solar::isFrontendId("shape"));
        const Cli help = cli({"analyze", "--help"});
        QCOMPARE(help.code, 0);
        const QString text = QString::fromStdString(help.out).simplified(); // the help is wrapped
        QVERIFY2(text.contains(QStringLiteral("shape (a matrix product's M K N)")), help.out.c_str());
        QVERIFY2(text.contains(QStringLiteral("--shape-dtype f32|f16 the element type of A, B and C [shape]")), help.out.c_str());
        // Chosen automatically by its pattern; the option reaches it: 6 x 10 x 14 MACs, and by hand the fused bytes
        // are A, B and C once each, (60 + 140 + 84) elements at 2 bytes in f16.
        const Cli r = cli({"analyze", m_file.toStdString(), "--hw", "h100-sxm", "--shape-dtype", "f16", "--format", "json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        const QJsonObject totals = o[QStringLiteral("totals")].toObject();
        QCOMPARE(totals[QStringLiteral("macs")].toDouble(), 840.0);
        QCOMPARE(totals[QStringLiteral("flops")].toDouble(), 1680.0);
        QCOMPARE(totals[QStringLiteral("bytes")].toObject()[QStringLiteral("fused")].toDouble(), 568.0);
        const Cli f32 = cli({"analyze", m_file.toStdString(), "--hw", "h100-sxm", "--format", "json"});
        QVERIFY2(f32.code == 0, f32.err.c_str());
        const QJsonObject o32 = QJsonDocument::fromJson(QByteArray::fromStdString(f32.out)).object();
        QCOMPARE(o32[QStringLiteral("totals")].toObject()[QStringLiteral("bytes")].toObject()[QStringLiteral("fused")].toDouble(), 1136.0);
        // A value it does not declare is a usage error, from its declaration; so is its option given for a file
        // another frontend reads (not silently ignored).
        QCOMPARE(cli({"analyze", m_file.toStdString(), "--hw", "h100-sxm", "--shape-dtype", "f64"}).code, 2);
        const Cli other = cli({"analyze", SOLAR_TEST_DATA "/alir/matmul.alir", "--hw", "h100-sxm", "--shape-dtype", "f16"});
        QCOMPARE(other.code, 2);
        QVERIFY2(other.err.find("--shape-dtype is not an option of the alir frontend") != std::string::npos, other.err.c_str());
    }

    void testEngineChecksTheOption()
    {
        const solar::ScopedFrontend registered(m_frontend);
        solar::SourceAnalysisOptions o;
        o.settings["shape-dtype"] = "bf8";
        const auto reg = solar::hw::loadDefaultHwRegistry();
        const auto r = solar::analyzeSource(m_file.toStdString(), {}, *reg.find("h100-sxm"), o);
        QVERIFY(!r);
        QVERIFY2(r.diagnostics().front().message.find("shape --shape-dtype: 'bf8' is not one of f32, f16") != std::string::npos,
                 r.diagnostics().front().message.c_str());
        o.settings["shape-dtype"] = "f16";
        const auto ok = solar::analyzeSource(m_file.toStdString(), {}, *reg.find("h100-sxm"), o);
        QVERIFY(ok);
        QCOMPARE(ok->frontend, std::string("shape")); // named by the registry: the frontend left it empty
    }

    void testGuiFromTheRegistry()
    {
        const solar::ScopedFrontend registered(m_frontend);
        QVERIFY2(sourceFileFilter().contains(QStringLiteral("Matrix shape file (*.shape)")), qPrintable(sourceFileFilter()));
        QVERIFY(sourceFileFilter().section(QStringLiteral(";;"), 0, 0).contains(QStringLiteral("*.shape")));
        FrontendSelector selector;
        QVERIFY(selector.findData(QStringLiteral("shape")) >= 0);
        AnalysisToolbar toolbar;
        toolbar.setSourcePath(m_file);
        QVERIFY(toolbar.optionsShown());
        auto* dtype = toolbar.findChild<QComboBox*>(QStringLiteral("option-shape-dtype"));
        QVERIFY(dtype);
        QCOMPARE(dtype->currentData().toString(), QStringLiteral("f32"));
        QSignalSpy changed(&toolbar, &AnalysisToolbar::optionsChanged);
        dtype->setCurrentIndex(dtype->findData(QStringLiteral("f16")));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(toolbar.settings().at("shape-dtype"), std::string("f16"));
        toolbar.setSourcePath(QStringLiteral("model.alir"));
        QVERIFY(!toolbar.optionsShown());
    }

    void testUnregisteredAgain()
    {
        QVERIFY(!solar::isFrontendId("shape"));
        QVERIFY(!sourceFileFilter().contains(QStringLiteral("*.shape")));
    }
};

QTEST_MAIN(TstNewFrontend)
#include "tst_newfrontend.moc"
