// SPDX-License-Identifier: MIT
#include "engine/frontend/native/nativerun.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <cstring>
#include <fstream>

namespace solar::native {

namespace {

Diagnostic error(const std::string& file, const std::string& code, const std::string& message)
{
    return Diagnostic {Severity::Error, file, {}, code, message};
}

int elementBytes(const std::string& alir)
{
    if (alir == "f64" || alir == "i64")
        return 8;
    if (alir == "f32" || alir == "i32")
        return 4;
    if (alir == "i16")
        return 2;
    return 1; // i8, u8, bool
}

std::string bytesOf(const NativeArray& a)
{
    std::string out(a.data.size() * static_cast<size_t>(elementBytes(a.alirType)), '\0');
    char* p = out.data();
    for (double v : a.data) {
        auto put = [&](auto x) {
            std::memcpy(p, &x, sizeof x);
            p += sizeof x;
        };
        if (a.alirType == "f32")
            put(static_cast<float>(v));
        else if (a.alirType == "f64")
            put(v);
        else if (a.alirType == "i32")
            put(static_cast<std::int32_t>(v));
        else if (a.alirType == "i64")
            put(static_cast<std::int64_t>(v));
        else if (a.alirType == "i16")
            put(static_cast<std::int16_t>(v));
        else if (a.alirType == "i8")
            put(static_cast<std::int8_t>(v));
        else
            put(static_cast<std::uint8_t>(v));
    }
    return out;
}

std::vector<double> valuesOf(const std::string& bytes, const std::string& alir)
{
    const size_t size = static_cast<size_t>(elementBytes(alir));
    std::vector<double> out(bytes.size() / size);
    for (size_t i = 0; i < out.size(); ++i) {
        const char* p = bytes.data() + i * size;
        auto get = [&](auto x) {
            std::memcpy(&x, p, sizeof x);
            return static_cast<double>(x);
        };
        out[i] = alir == "f32" ? get(float {})
            : alir == "f64"    ? get(double {})
            : alir == "i32"    ? get(std::int32_t {})
            : alir == "i64"    ? get(std::int64_t {})
            : alir == "i16"    ? get(std::int16_t {})
            : alir == "i8"     ? get(std::int8_t {})
                               : get(std::uint8_t {});
    }
    return out;
}

// The harness: the source included as it is (its types and helpers), then a main that loads, calls and saves.
std::string harness(const std::string& sourceName, const CFunction& entry, const std::map<std::string, NativeArray>& arrays,
                    const std::map<std::string, std::int64_t>& integers)
{
    std::string h = "#include \"" + sourceName
        + "\"\n#include <stdio.h>\n#include <stdlib.h>\n\n"
          "static void* solar_load(const char* path, size_t bytes)\n{\n"
          "    void* p = calloc(bytes ? bytes : 1, 1);\n    FILE* f = fopen(path, \"rb\");\n"
          "    if (!p || !f || fread(p, 1, bytes, f) != bytes) { fprintf(stderr, \"cannot read %s\\n\", path); exit(3); }\n"
          "    fclose(f);\n    return p;\n}\n\n"
          "static void solar_save(const char* path, const void* p, size_t bytes)\n{\n    FILE* f = fopen(path, \"wb\");\n"
          "    if (!f || fwrite(p, 1, bytes, f) != bytes) { fprintf(stderr, \"cannot write %s\\n\", path); exit(3); }\n"
          "    fclose(f);\n}\n\nint main(void)\n{\n";
    std::string call, save;
    for (const auto& p : entry.params) {
        call += call.empty() ? "" : ", ";
        if (!p.pointer) {
            call += "(" + p.type + ")" + std::to_string(integers.at(p.name)) + "LL";
            continue;
        }
        const NativeArray& a = arrays.at(p.name);
        const std::string bytes = std::to_string(a.data.size() * static_cast<size_t>(elementBytes(a.alirType)));
        h += "    " + p.type + "* solar_" + p.name + " = (" + p.type + "*)solar_load(\"" + p.name + ".in\", " + bytes + ");\n";
        call += "solar_" + p.name;
        if (!p.isConst)
            save += "    solar_save(\"" + p.name + ".out\", solar_" + p.name + ", " + bytes + ");\n";
    }
    return h + "    " + entry.name + "(" + call + ");\n" + save + "    return 0;\n}\n";
}

struct Ran
{
    int exitCode = -1;
    bool timedOut = false, started = false;
    std::string output;
};

Ran runProcess(const QString& program, const QStringList& args, const QString& dir, int timeoutMs, const std::atomic<bool>* cancel)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=0:abort_on_error=0"));
    env.insert(QStringLiteral("UBSAN_OPTIONS"), QStringLiteral("print_stacktrace=0"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    Ran r;
    if (!p.waitForStarted(10000))
        return r;
    r.started = true;
    for (int waited = 0; !p.waitForFinished(100); waited += 100) {
        if (waited >= timeoutMs || (cancel && cancel->load())) {
            p.kill();
            p.waitForFinished(2000);
            r.timedOut = true;
            return r;
        }
    }
    r.output = p.readAll().toStdString();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

// The first lines of a tool's output that say what went wrong.
std::string firstLines(const std::string& text, int lines)
{
    std::string out;
    size_t at = 0;
    for (int i = 0; i < lines && at < text.size(); ++i) {
        const size_t end = std::min(text.find('\n', at), text.size());
        out += (out.empty() ? "" : " | ") + text.substr(at, end - at);
        at = end + 1;
    }
    return out;
}

} // namespace

Expected<NativeRun> runNative(const std::string& text, const std::string& file, bool cplusplus, const CSource& source,
                              const CFunction& entry, const std::map<std::string, NativeArray>& arrays,
                              const std::map<std::string, std::int64_t>& integers,
                              const std::vector<std::pair<std::string, std::int64_t>>& constants, const NativeRunOptions& options)
{
    using Result = Expected<NativeRun>;
    for (const auto& p : entry.params)
        if (p.pointer ? !arrays.count(p.name) : !integers.count(p.name))
            return Result::failure(error(file, "native.argument", "no value for the entry function's parameter " + p.name));
    QTemporaryDir dir;
    if (!dir.isValid())
        return Result::failure(error(file, "native.io", "cannot create a temporary directory"));
    const std::string root = dir.path().toStdString() + "/";
    const std::string sourceName = cplusplus ? "kernel.cpp" : "kernel.c";
    const std::string harnessName = cplusplus ? "harness.cpp" : "harness.c";
    auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream out(root + name, std::ios::binary);
        out << bytes;
        return static_cast<bool>(out);
    };
    bool written
        = write(sourceName, withConstants(text, source, constants)) && write(harnessName, harness(sourceName, entry, arrays, integers));
    for (const auto& [name, a] : arrays)
        written = written && write(name + ".in", bytesOf(a));
    if (!written)
        return Result::failure(error(file, "native.io", "cannot write the harness's files"));
    // The system compiler (CC / CXX where set); sanitizers where the toolchain links them.
    const QByteArray chosen = qgetenv(cplusplus ? "CXX" : "CC");
    const QString compiler = !chosen.isEmpty() ? QString::fromLocal8Bit(chosen) : QString::fromLatin1(cplusplus ? "c++" : "cc");
    const QStringList base = {QString::fromLatin1(cplusplus ? "-std=c++17" : "-std=c11"),
                              QStringLiteral("-O1"),
                              QStringLiteral("-g"),
                              QString::fromStdString(harnessName),
                              QStringLiteral("-o"),
                              QStringLiteral("harness"),
                              QStringLiteral("-lm")};
    const QStringList sanitizers = {QStringLiteral("-fsanitize=address,undefined"), QStringLiteral("-fno-sanitize-recover=all"),
                                    QStringLiteral("-fno-omit-frame-pointer")};
    NativeRun out;
    out.sanitized = true;
    Ran built = runProcess(compiler, sanitizers + base, dir.path(), options.compileTimeoutMs, options.cancel);
    if (built.started && !built.timedOut && built.exitCode != 0) {
        // Without the sanitizers' runtime libraries: compile plain, and say so.
        const Ran plain = runProcess(compiler, base, dir.path(), options.compileTimeoutMs, options.cancel);
        if (plain.exitCode == 0) {
            built = plain;
            out.sanitized = false;
        }
    }
    if (!built.started)
        return Result::failure(
            error(file, "native.compiler", "no C/C++ compiler runs here (" + compiler.toStdString() + "; set CC or CXX)"));
    if (built.timedOut)
        return Result::failure(error(file, "native.timeout", "compiling the source took longer than the timeout"));
    if (built.exitCode != 0)
        return Result::failure(
            error(file, "native.compile", "the source does not compile with the harness: " + firstLines(built.output, 4)));
    out.compiler
        = compiler.toStdString() + " -O1" + (out.sanitized ? " with AddressSanitizer and UBSan" : " (no sanitizers in this toolchain)");
    const Ran ran = runProcess(dir.path() + QStringLiteral("/harness"), {}, dir.path(), options.runTimeoutMs, options.cancel);
    if (options.cancel && options.cancel->load())
        return Result::failure(error(file, "native.cancelled", "cancelled"));
    if (ran.timedOut)
        return Result::failure(error(file, "native.timeout", "the kernel ran longer than the timeout"));
    if (ran.exitCode != 0) {
        // A sanitizer's report names the access: its SUMMARY line says what went wrong where.
        const size_t summary = ran.output.find("SUMMARY:");
        const std::string why = summary != std::string::npos ? firstLines(ran.output.substr(summary), 1) : firstLines(ran.output, 3);
        return Result::failure(error(file, "native.run",
                                     "the kernel fails on the arrays the program declares (" + why
                                         + "): a read or write outside them means the program's shapes are not what the kernel indexes"));
    }
    for (const auto& p : entry.params) {
        if (!p.pointer || p.isConst)
            continue;
        std::ifstream in(root + p.name + ".out", std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        out.arrays[p.name] = valuesOf(bytes, arrays.at(p.name).alirType);
    }
    return out;
}

} // namespace solar::native
