// SPDX-License-Identifier: MIT
#include "app/cli/parallelcli.h"

#include "app/cli/cli.h"

#include "engine/core/atomicwrite.h"
#include "engine/core/format.h"
#include "engine/ir/printer.h"
#include "engine/parallel/parallelanalysis.h"
#include "engine/report/parallelreport.h"

#include <algorithm>
#include <ostream>

namespace solar::cli {

namespace {

// Why a split over `devices` > 1 split nothing, from its notes (a loop that does not divide, say).
std::string nothingSplit(const parallel::ParallelAnalysis& pa, const ir::Program& program)
{
    const bool weights = std::any_of(program.decls.begin(), program.decls.end(), [](const ir::Decl& d) {
        return d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Weight;
    });
    if (!weights)
        return "nothing splits over " + std::to_string(pa.devices)
            + " devices: the program has no weights (every tensor is an input), and tensor parallelism splits weights";
    std::string why;
    for (const auto& n : pa.notes)
        if (n.find("does not divide") != std::string::npos || n.find("runs whole") != std::string::npos)
            why += (why.empty() ? "" : "; ") + n;
    return "nothing splits over " + std::to_string(pa.devices) + " devices" + (why.empty() ? std::string() : ": " + why);
}

} // namespace

int analyzeParallel(const Args& args, const AnalysisResult& whole, int devices, const std::string& format, std::ostream& out,
                    std::ostream& err)
{
    const auto pa = parallel::analyzeTensorParallel(whole, devices);
    if (!pa) {
        for (const auto& d : pa.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    if (args.has("--tp-program")) {
        QString why;
        const QString path = QString::fromStdString(args.value("--tp-program"));
        if (!writeFileAtomically(path, ir::printProgram(pa->split.device), &why)) {
            err << "solar: error: " << why.toStdString() << '\n';
            return ExitBadInput;
        }
    }
    out << (format == "json" ? report::parallelJson(*pa) : report::parallelTable(*pa));
    bool ok = pa->device.coverage.complete && whole.coverage.complete;
    if (devices > 1 && pa->split.splitStatements == 0) {
        err << "solar: error: " << nothingSplit(*pa, whole.program) << '\n';
        ok = false;
    }
    if (pa->residentBytes > whole.hardware.dramCapacityBytes.value) {
        err << "solar: error: the split program does not fit: " << formatBytes(pa->residentBytes) << " per device, over "
            << formatBytes(whole.hardware.dramCapacityBytes.value) << '\n';
        ok = false;
    }
    if (pa->validation && !pa->validation->ok) {
        err << "solar: error: the split does not compute what the program does: " << pa->validation->detail << '\n';
        ok = false;
    }
    return ok ? ExitOk : ExitBadInput;
}

std::vector<int> parseTpSweep(const std::vector<std::string>& specs)
{
    std::vector<int> counts;
    for (const auto& spec : specs) {
        if (spec.rfind("tp=", 0) != 0)
            throw UsageError {"'analyze' sweeps device counts: --sweep tp=1,2,4,8, not '" + spec + "'"};
        std::string item;
        for (size_t i = 3; i <= spec.size(); ++i) {
            if (i == spec.size() || spec[i] == ',') {
                if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 6 || std::stoi(item) < 1)
                    throw UsageError {"--sweep tp= takes positive device counts, not '" + item + "'"};
                counts.push_back(std::stoi(item));
                item.clear();
            } else {
                item += spec[i];
            }
        }
    }
    return counts;
}

int analyzeParallelSweep(const AnalysisResult& whole, const std::vector<int>& counts, const std::string& format, std::ostream& out,
                         std::ostream& err)
{
    std::vector<report::ParallelSweepRow> rows;
    bool ok = whole.coverage.complete;
    for (int n : counts) {
        report::ParallelSweepRow row;
        row.devices = n;
        auto pa = parallel::analyzeTensorParallel(whole, n);
        if (!pa) {
            row.error = pa.diagnostics().front().message;
            err << "solar: error: " << row.error << '\n';
            ok = false;
        } else {
            if (n > 1 && pa->split.splitStatements == 0)
                row.error = nothingSplit(*pa, whole.program);
            if (pa->validation && !pa->validation->ok) {
                err << "solar: error: " << n << " devices: the split does not compute what the program does: " << pa->validation->detail
                    << '\n';
                ok = false;
            }
            row.analysis = std::move(*pa);
        }
        rows.push_back(std::move(row));
    }
    out << (format == "json" ? report::parallelSweepJson(rows) : report::parallelSweepTable(rows));
    return ok ? ExitOk : ExitBadInput;
}

} // namespace solar::cli
