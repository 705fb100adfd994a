// SPDX-License-Identifier: MIT
// solar hw list | show | calibrate: the hardware profiles, one of them with its sources, and a profile of this
// machine measured.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/core/atomicwrite.h"
#include "engine/hw/calibrate.h"
#include "engine/hw/registry.h"
#include "engine/measure/cudacalibration.h"
#include "engine/measure/measurement.h"
#include "engine/report/hardwarereport.h"
#include "engine/worker/environment.h"
#include "engine/worker/session.h"

#include <QDir>
#include <QString>

#include <filesystem>
#include <ostream>

namespace solar::cli {

namespace {

int hwList(const Args&, std::ostream& out, std::ostream& err)
{
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    out << report::hwListTable(reg);
    if (reg.profiles.empty()) {
        err << "solar: error: no hardware profiles found (set SOLAR_HWPROFILES_DIR)\n";
        return ExitBadInput;
    }
    return reg.problems.empty() ? ExitOk : ExitBadInput;
}

int hwShow(const Args& args, std::ostream& out, std::ostream& err)
{
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* p = findHardware(reg, args.positional.front(), err);
    if (!p)
        return ExitBadInput;
    out << report::hwShowTable(*p);
    return ExitOk;
}

bool writeProfile(const std::string& path, const std::string& json, std::ostream& err)
{
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty())
        QDir().mkpath(QString::fromStdString(parent.string()));
    QString why;
    if (!writeFileAtomically(QString::fromStdString(path), json, &why)) {
        err << "solar: error: cannot write " << path << ": " << why.toStdString() << '\n';
        return false;
    }
    err << "solar: wrote " << path << '\n';
    return true;
}

// Writes the calibrated profile as a user profile (and to --out) and shows it.
int saveCalibrated(const hw::HwProfile& profile, const Args& args, std::ostream& out, std::ostream& err)
{
    const std::string json = hw::profileToJson(profile);
    const std::string userPath = (std::filesystem::path(hw::userHwProfileDir()) / (profile.id + ".json")).string();
    if (!writeProfile(userPath, json, err))
        return ExitBadInput;
    if (args.has("--out") && !writeProfile(args.value("--out"), json, err))
        return ExitBadInput;
    out << report::hwShowTable(profile);
    return ExitOk;
}

// --device cuda: the CUDA device torch sees, on its datasheet profile.
int hwCalibrateCuda(const Args& args, std::ostream& out, std::ostream& err)
{
    measure::CudaCalibrationOptions options;
    options.id = args.value("--id", "");
    options.base = args.value("--base", "");
    options.progress = [&err](const std::string& line) { err << "solar: calibrate: " << line << '\n' << std::flush; };
    const hw::HwRegistry registry = hw::loadDefaultHwRegistry();
    Expected<hw::HwProfile> profile = Expected<hw::HwProfile>::failure(Diagnostic {});
    if (args.has("--from")) {
        // Measured elsewhere (scripts/gpu-check on a machine that cannot build this project), built here.
        profile = measure::cudaProfileFromFile(args.value("--from"), registry, options);
    } else {
        worker::Session session;
        const auto started = session.worker();
        if (!started) {
            err << "solar: calibrating a CUDA device needs a Python with torch: " << started.diagnostics().front().message << '\n';
            return ExitBadInput;
        }
        profile = measure::calibrateCuda(**started, registry, options);
    }
    if (!profile) {
        for (const auto& d : profile.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    return saveCalibrated(*profile, args, out, err);
}

int hwCalibrate(const Args& args, std::ostream& out, std::ostream& err)
{
    const std::string id = args.value("--id", "");
    for (char c : id) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            throw UsageError {"--id takes letters, digits, '-', '_' and '.' (it names a file)"};
    }
    const std::string device = args.value("--device", "cpu");
    if (device == "cuda")
        return hwCalibrateCuda(args, out, err);
    if (args.has("--base") || args.has("--from"))
        throw UsageError {"--base and --from are for a GPU: they go with --device cuda"};
    hw::CalibrationOptions options;
    options.id = id.empty() ? std::string("host") : id;
    if (const auto n = args.integer("--threads", 1))
        options.threads = static_cast<int>(*n);
    options.progress = [&err](const std::string& line) { err << "solar: calibrate: " << line << '\n' << std::flush; };
    hw::HostInfo host = hw::probeHost();
    // Without cpufreq the highest clock is a measurement, a floor of the turbo clock that differs between runs
    // (4.12 and 4.31 GHz in two calibrations here): a recalibration never lowers it below the highest an earlier
    // calibration of this same CPU measured, so the peak stays the highest ceiling seen.
    const hw::HwRegistry userProfiles = hw::loadHwRegistry({hw::userHwProfileDir()}, {true});
    if (const hw::HwProfile* earlier = userProfiles.find(options.id);
        earlier && earlier->host && earlier->host->cpu == host.modelName && earlier->clockHz.source == "CLK")
        host.clocks.push_back({earlier->clockHz.value, "an earlier calibration of this CPU (" + earlier->host->calibratedAt + ")"});
    err << "solar: calibrate: " << (host.modelName.empty() ? "unknown CPU" : host.modelName) << ", " << host.cores << " cores, "
        << host.logicalCpus << " logical CPUs, " << host.isa.describe() << '\n';
    auto profile = measure::calibrateThisMachine(options, host);
    if (!profile) {
        for (const auto& d : profile.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    return saveCalibrated(*profile, args, out, err);
}

} // namespace

std::vector<Command> hwCommands()
{
    return {
        {"hw list", "", "the hardware profiles (shipped and the user's)", {}, 0, 0, hwList},
        {"hw show", "NAME", "one profile (a name or a profile file's path), every number with its source", {}, 1, 1, hwShow},
        {"hw calibrate",
         "",
         "measure this machine's CPU (FMA throughput per ISA on one and on all threads, memory bandwidth by read, copy, triad and "
         "non-temporal-store passes, caches from sysfs) or, with --device cuda, the CUDA device torch sees (copy and L2-resident "
         "bandwidth, GEMM rates per dtype as achievable ceilings beside the datasheet's bound, the kernel-launch floor in a CUDA "
         "graph, the eager dispatch floor) and save it as a user profile usable wherever a profile is named",
         {{"--id", "NAME", "the profile's id and file name (default host; with --device cuda the base's id + -calibrated)"},
          {"--out", "FILE", "also write the profile to FILE"},
          {"--threads", "N", "threads to measure with (default every online CPU)"},
          {"--device", "D", "cpu (default) or cuda", {"cpu", "cuda"}},
          {"--base", "NAME", "with --device cuda: the device's datasheet profile (default: the one its name matches)"},
          {"--from", "FILE",
           "with --device cuda: build the profile from a reply measured elsewhere (scripts/gpu-check's cuda_calibrate.json)"}},
         0,
         0,
         hwCalibrate},
    };
}

} // namespace solar::cli
