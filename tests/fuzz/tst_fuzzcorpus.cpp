// SPDX-License-Identifier: MIT
// Replays every file of the fuzz corpus (tests/fuzz/corpus) and the ALIR test programs through the fuzz target,
// so findings stay fixed and the target keeps working on compilers without libFuzzer.
#include <QDir>
#include <QFile>
#include <QTest>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

class TestFuzzCorpus : public QObject
{
    Q_OBJECT
private slots:
    void testCorpus()
    {
        int files = 0;
        for (const char* root : {SOLAR_FUZZ_CORPUS, SOLAR_TEST_DATA "/alir"}) {
            const QDir dir(QString::fromUtf8(root));
            for (const QString& name : dir.entryList(QDir::Files)) {
                QFile f(dir.filePath(name));
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QByteArray bytes = f.readAll();
                QCOMPARE(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                                                static_cast<std::size_t>(bytes.size())),
                         0);
                ++files;
            }
        }
        QVERIFY(files >= 20);
    }
};

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
