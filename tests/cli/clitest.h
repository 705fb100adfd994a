// SPDX-License-Identifier: MIT
// What the CLI suites share: running the CLI in-process (runCli) or as the real binary, files written and read
// back, bench files built by hand, and a slow profile whose bounds are known by hand.
#pragma once

#include "app/cli/cli.h"
#include "engine/worker/pythonlocator.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include "engine/report/analysisreport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace clitest {

using solar::cli::runCli;

struct Result
{
    int code;
    std::string out;
    std::string err;
};

inline Result cli(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = runCli(args, out, err);
    return {code, out.str(), err.str()};
}

inline std::string data(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/alir/" + name;
}

inline bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

inline std::string writeFile(const QString& path, const std::string& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    std::ofstream(path.toStdString()) << text;
    return path.toStdString();
}

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// One problem of a solar.bench/1 file, bounds given per level name.
inline nlohmann::json benchProblem(const std::string& file, double measured, const std::map<std::string, double>& bounds)
{
    nlohmann::json b, none;
    for (const auto& [level, seconds] : bounds) {
        b[level] = seconds;
        none[level] = nullptr;
    }
    return {{"file", file},
            {"level", file.substr(0, file.find('/'))},
            {"status", "ok"},
            {"error", ""},
            {"not_counted", nlohmann::json::array()},
            {"flops", 1e6},
            {"bytes", 1e6},
            {"bounds_seconds", b},
            {"measured_seconds", measured},
            {"excluded", nullptr},
            {"headroom", none},
            {"violation", none},
            {"validation", "validated"},
            {"validation_details", ""},
            {"analysis_seconds", 0.1}};
}

inline std::string benchFile(const std::string& hardware, const nlohmann::json& problem, double wallSeconds)
{
    const nlohmann::json doc {{"schema", "solar.bench/1"},
                              {"hardware", hardware},
                              {"policy", "pytorch-default"},
                              {"cache", "warm"},
                              {"problems", nlohmann::json::array({problem})},
                              {"summary", {{"wall_seconds", wallSeconds}, {"violations", nlohmann::json::object()}}}};
    return doc.dump(2);
}

inline std::map<std::string, double> allLevels(double f0, double f1, double f2, double f3, double f4)
{
    return {{"unfused_per_kernel", f0}, {"unfused_overlapped", f1}, {"fused_per_op", f2}, {"fused", f3}, {"cache_aware", f4}};
}

// A CPU-like profile slow enough that every bound is known by hand: compute 1 PFLOP/s (never binding here), DRAM
// 100 MB/s, 1 KB of cache, no per-op floor. A ReLU over N fp32 elements then has a fused (cold) bound of
// 8 N / 1e8 seconds: N reads and N writes of 4 bytes.
inline std::string slowProfile(const QString& path, double dramBps = 1e8)
{
    const nlohmann::json j {
        {"schema", "solar.hwprofile/1"},
        {"id", "slow-test"},
        {"name", "a slow test machine"},
        {"vendor", "test"},
        {"arch", "CPU"},
        {"sources", {{"T", {{"citation", "tst_cli"}, {"date", "2026-12-01"}}}}},
        {"clock_Hz", {{"value", 1e9}, {"source", "T"}}},
        {"compute", {{{"unit", "simt"}, {"dtype", "fp32"}, {"peak_flops", {{"value", 1e15}, {"source", "T"}}}}}},
        {"dram", {{"bandwidth_Bps", {{"value", dramBps}, {"source", "T"}}}, {"capacity_bytes", {{"value", 1e10}, {"source", "T"}}}}},
        {"onchip", {{"l2_bytes", {{"value", 512}, {"source", "T"}}}, {"total_bytes", {{"value", 1024}, {"source", "T"}}}}}};
    return writeFile(path, j.dump(2));
}

/// A CPU host's profile (device_kind "cpu"), with peaks no CPU reaches: every measured op is slower than its bound.
inline std::string cpuHostProfile(const QString& path)
{
    nlohmann::json j = nlohmann::json::parse(readFile(slowProfile(path, 1e12)));
    j["id"] = "cpu-test";
    j["name"] = "a test CPU host";
    j["device_kind"] = "cpu";
    return writeFile(path, j.dump(2));
}

inline const char* kReluModel = R"(import torch
import torch.nn as nn

N = 262144


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []
)";

// The real binary with the offscreen platform: commands that paint need a QGuiApplication, which an in-process
// run under QTEST_GUILESS_MAIN cannot have.
inline Result binary(const std::vector<std::string>& args)
{
    QStringList list;
    for (const auto& a : args)
        list << QString::fromStdString(a);
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SOLAR_CLI_BINARY), list);
    p.waitForFinished(120000);
    return Result {p.exitCode(), p.readAllStandardOutput().toStdString(), p.readAllStandardError().toStdString()};
}

inline double fusedReluSeconds(double n)
{
    return 8.0 * n / 1e8;
}

} // namespace clitest
