// SPDX-License-Identifier: MIT
// libFuzzer target for the ALIR front end: any byte string goes through parse -> print -> parse (which must
// succeed and give the same tree) -> check -> run with small caps. A crash, sanitizer report, hang or a broken
// round trip is a finding. Also linked into tst_fuzzcorpus, which replays the corpus on every test run.
#include "engine/ir/checker.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = solar::ir::parseProgram(text, "fuzz.alir");
    if (!parsed)
        return 0;
    const std::string printed = solar::ir::printProgram(*parsed);
    const auto reparsed = solar::ir::parseProgram(printed, "printed.alir");
    if (!reparsed || !solar::ir::structurallyEqual(*parsed, *reparsed)) {
        std::fprintf(stderr, "round trip failed for:\n%s\n", printed.c_str());
        std::abort();
    }
    const auto check = solar::ir::checkProgram(*parsed);
    if (!check.ok())
        return 0;
    solar::ir::RunOptions options;
    options.maxInstances = 20000;
    options.maxElements = 20000;
    (void)solar::ir::runProgram(*parsed, options);
    return 0;
}
