// SPDX-License-Identifier: MIT
// Helpers shared by the engine tests: parse-or-fail and run-or-fail with readable failure messages.
#pragma once

#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"

#include <QTest>

#include <fstream>
#include <sstream>

namespace testutil {

inline solar::ir::Program parseOk(const std::string& text)
{
    auto r = solar::ir::parseProgram(text, "test.alir");
    if (!r) {
        qWarning("%s", solar::formatAll(r.diagnostics()).c_str());
        return {};
    }
    return std::move(r).value();
}

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string readData(const std::string& relative)
{
    return readFile(std::string(SOLAR_TEST_DATA) + "/" + relative);
}

inline solar::ir::TensorValue tensor(const std::string& name, std::vector<std::int64_t> shape, std::vector<double> data)
{
    solar::ir::TensorValue t;
    t.name = name;
    t.shape = std::move(shape);
    t.data = std::move(data);
    return t;
}

/// The run's result, or an empty one with the diagnostics logged (the test's comparisons then fail).
inline solar::ir::RunResult runOk(const solar::ir::Program& p, const solar::ir::RunOptions& o = {})
{
    auto r = solar::ir::runProgram(p, o);
    if (!r) {
        qWarning("%s", solar::formatAll(r.diagnostics()).c_str());
        return {};
    }
    return std::move(r).value();
}

/// The values of tensor `name` in `r` (empty when it has none).
inline const std::vector<double>& data(const solar::ir::RunResult& r, const char* name)
{
    static const std::vector<double> empty;
    const solar::ir::TensorValue* t = r.find(name);
    return t ? t->data : empty;
}

} // namespace testutil
