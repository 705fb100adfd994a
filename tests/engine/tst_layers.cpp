// SPDX-License-Identifier: MIT
// The layering, checked from the sources: every #include in engine/ points to the file's own layer or one below
// it, in the order engine/LAYERS writes once; the libraries above the engine point down too (the engine includes no
// render/widgets/app file, render no widgets/app file, widgets no app file, the CLI no widgets or studio file); and
// only the top of the frontend stack (engine/source) calls analyzeSource, so no frontend climbs back up to the
// registry. Each check is shown to fail on a made-up inversion, so a broken reader cannot pass silently.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <optional>

namespace {

const QString kRoot = QStringLiteral(SOLAR_TEST_DATA "/../..");

struct Layer
{
    QString name;
    QStringList folders; // "engine/frontend/trace", "engine/frontend/*"
};

struct Layers
{
    QList<Layer> order; // bottom first
    QString error;

    // The layer of `file` (a path from the root): the one naming its longest folder prefix, a named folder before
    // a `*` at the same depth.
    std::optional<int> of(const QString& file) const
    {
        int best = -1, bestScore = -1;
        for (int i = 0; i < order.size(); ++i) {
            for (const QString& folder : order[i].folders) {
                const QStringList parts = folder.split(QLatin1Char('/'));
                const QStringList path = file.split(QLatin1Char('/'));
                if (path.size() <= parts.size())
                    continue; // the file itself is not a folder
                bool match = true;
                for (int k = 0; k < parts.size() && match; ++k)
                    match = parts[k] == QLatin1String("*") || parts[k] == path[k];
                const int score = static_cast<int>(parts.size()) * 2 - (folder.contains(QLatin1Char('*')) ? 1 : 0);
                if (match && score > bestScore) {
                    best = i;
                    bestScore = score;
                }
            }
        }
        return best < 0 ? std::nullopt : std::optional<int>(best);
    }
};

Layers readLayers(const QString& text)
{
    Layers out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0) {
            out.error = QStringLiteral("engine/LAYERS:%1: expected 'name: folder ...'").arg(i + 1);
            return out;
        }
        out.order.append({line.left(colon).trimmed(), line.mid(colon + 1).split(QLatin1Char(' '), Qt::SkipEmptyParts)});
    }
    return out;
}

QString readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

struct Include
{
    QString file; // from the root
    int line = 0;
    QString target; // "engine/ir/ast.h"
};

QList<Include> includesUnder(const QString& folder)
{
    static const QRegularExpression include(QStringLiteral(R"(^\s*#\s*include\s+"((?:engine|render|widgets|app)/[^"]+)\")"));
    QList<Include> out;
    // AllDirs: the name filters would otherwise keep the iterator out of every subfolder.
    QDirIterator it(kRoot + QLatin1Char('/') + folder, {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                    QDir::Files | QDir::AllDirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!it.fileInfo().isFile())
            continue;
        const QString relative = QDir(kRoot).relativeFilePath(path);
        const QStringList lines = readFile(path).split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i)
            if (const auto m = include.match(lines[i]); m.hasMatch())
                out.append({relative, i + 1, m.captured(1)});
    }
    return out;
}

// Every include that points up, as "file:line: includes target (layer a above layer b)".
QStringList inversions(const Layers& layers, const QList<Include>& includes)
{
    QStringList out;
    for (const Include& inc : includes) {
        if (!inc.target.startsWith(QLatin1String("engine/")))
            continue;
        const auto from = layers.of(inc.file), to = layers.of(inc.target);
        if (!from || !to) {
            out.append(
                QStringLiteral("%1:%2: %3 is in no layer of engine/LAYERS").arg(inc.file).arg(inc.line).arg(!from ? inc.file : inc.target));
            continue;
        }
        if (*to > *from)
            out.append(QStringLiteral("%1:%2: includes %3 (layer '%4' is above '%5')")
                           .arg(inc.file)
                           .arg(inc.line)
                           .arg(inc.target, layers.order[*to].name, layers.order[*from].name));
    }
    return out;
}

// Includes from `folder` of files under any of `forbidden`.
QStringList forbiddenIncludes(const QString& folder, const QStringList& forbidden)
{
    QStringList out;
    for (const Include& inc : includesUnder(folder))
        for (const QString& f : forbidden)
            if (inc.target.startsWith(f))
                out.append(QStringLiteral("%1:%2: includes %3").arg(inc.file).arg(inc.line).arg(inc.target));
    return out;
}

} // namespace

class TstLayers : public QObject
{
    Q_OBJECT

private slots:
    void testLayerFileReads()
    {
        const Layers layers = readLayers(readFile(kRoot + QStringLiteral("/engine/LAYERS")));
        QVERIFY2(layers.error.isEmpty(), qPrintable(layers.error));
        QVERIFY(layers.order.size() >= 10);
        QCOMPARE(layers.order.front().name, QStringLiteral("core"));
        // Longest prefix wins, a named folder over `*`, and a file outside every folder has no layer.
        QCOMPARE(layers.order[*layers.of(QStringLiteral("engine/frontend/trace/lowering/ops_nn.cpp"))].name, QStringLiteral("trace"));
        QCOMPARE(layers.order[*layers.of(QStringLiteral("engine/frontend/frontend.h"))].name, QStringLiteral("seam"));
        QCOMPARE(layers.order[*layers.of(QStringLiteral("engine/frontend/newone/newfrontend.cpp"))].name, QStringLiteral("frontends"));
        QVERIFY(!layers.of(QStringLiteral("engine/nowhere.h")));
    }

    // The check itself can tell: a made-up include from ir up to analysis is an inversion, one down is not.
    void testInversionIsCaught()
    {
        const Layers layers = readLayers(readFile(kRoot + QStringLiteral("/engine/LAYERS")));
        const QStringList up = inversions(layers, {{QStringLiteral("engine/ir/ast.h"), 3, QStringLiteral("engine/analysis/analysis.h")}});
        QCOMPARE(up.size(), 1);
        QVERIFY2(up.front().contains(QStringLiteral("'analysis' is above 'ir'")), qPrintable(up.front()));
        QVERIFY(inversions(layers, {{QStringLiteral("engine/analysis/analysis.h"), 3, QStringLiteral("engine/ir/ast.h")}}).isEmpty());
        QCOMPARE(inversions(layers, {{QStringLiteral("engine/elsewhere/x.h"), 1, QStringLiteral("engine/ir/ast.h")}}).size(), 1);
    }

    void testEngineIncludesPointDown()
    {
        const Layers layers = readLayers(readFile(kRoot + QStringLiteral("/engine/LAYERS")));
        const QList<Include> includes = includesUnder(QStringLiteral("engine"));
        QVERIFY2(includes.size() > 400, "the engine's includes were not read");
        const QStringList bad = inversions(layers, includes);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void testLibrariesPointDown()
    {
        QVERIFY(includesUnder(QStringLiteral("widgets")).size() > 100);
        QVERIFY(includesUnder(QStringLiteral("app/cli")).size() > 50);
        const QStringList bad
            = forbiddenIncludes(QStringLiteral("engine"), {QStringLiteral("render/"), QStringLiteral("widgets/"), QStringLiteral("app/")})
            + forbiddenIncludes(QStringLiteral("render"), {QStringLiteral("widgets/"), QStringLiteral("app/")})
            + forbiddenIncludes(QStringLiteral("widgets"), {QStringLiteral("app/")})
            + forbiddenIncludes(QStringLiteral("app/cli"), {QStringLiteral("widgets/"), QStringLiteral("app/studio/")});
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    // The registry's analyzeSource is the top of the frontend stack: a frontend that generates a source traces it
    // through trace::analyzeGeneratedSource, never by going back up through the registry.
    void testOnlyTheTopCallsAnalyzeSource()
    {
        static const QRegularExpression call(QStringLiteral(R"(\banalyzeSource\s*\()"));
        QStringList callers;
        int files = 0;
        QDirIterator it(kRoot + QStringLiteral("/engine"), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files | QDir::AllDirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (!it.fileInfo().isFile())
                continue;
            ++files;
            const QString relative = QDir(kRoot).relativeFilePath(path);
            if (!relative.startsWith(QLatin1String("engine/source/")) && call.match(readFile(path)).hasMatch())
                callers.append(relative);
        }
        QVERIFY2(files > 200, "the engine's files were not read");
        QVERIFY2(callers.isEmpty(), qPrintable(callers.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TstLayers)
#include "tst_layers.moc"
