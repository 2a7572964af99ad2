// `catlab cloud`: the 3D cloud automaton headless, its final volume written to a file, or timed.
#include "cli/cloud_options.hpp"
#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/report_text.hpp"
#include "cli/scene_setup.hpp"

#include "build_info.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/cloud_volume_io.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

namespace catlab::cli {
namespace {

std::string text(double v, int digits = 4) { return significantDigits(v, digits); }

std::string extensionOf(const std::string& path) {
    std::string e = std::filesystem::path(path).extension().string();
    for (char& c : e) c = char(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

std::string chooseBackend(const std::string& asked, std::ostream& out) {
    const std::string chosen = cloud::resolveCloudBackend(asked);
    if (asked == "auto" && chosen == "cpu")
        if (auto why = cloud::cloudBackendUnavailable("cuda"))
            out << "            (auto: cpu, as cuda is unavailable: " << *why << ")\n";
    return chosen;
}

void checkOptions(const CloudOptions& o) {
    if (o.steps < 0 || o.steps > kMaxCloudSteps)
        throw Error("--steps must be 0.." + std::to_string(kMaxCloudSteps) + " (got " + std::to_string(o.steps) + ")");
    if (o.bench && o.steps == 0) throw Error("--bench needs --steps of at least 1 (the steps of each repeat)");
    if (o.repeats < 1 || o.repeats > 100000)
        throw Error("--repeats must be 1..100000 (got " + std::to_string(o.repeats) + ")");
    if (o.warmup < 0 || o.warmup > kMaxCloudSteps)
        throw Error("--warmup must be 0.." + std::to_string(kMaxCloudSteps) + " (got " + std::to_string(o.warmup) +
                    ")");
    cloud::checkDensityRadius(o.densityRadius);
    if (o.outPath) {
        const std::string e = extensionOf(*o.outPath);
        if (e != ".vox" && e != ".raw")
            throw Error("--out '" + *o.outPath +
                        "': the name must end in .vox (cloud cells, MagicaVoxel) or .raw (density bytes)");
        checkWritable(*o.outPath);
    }
}

void printCounts(const cloud::CloudSimulation& sim, std::ostream& out) {
    const cloud::CloudCounts c = sim.counts();
    out << "cells       hum " << c.hum << ", act " << c.act << ", cld " << c.cld << " at step " << sim.generation()
        << '\n';
}

void runBench(const CloudOptions& o, cloud::CloudSimulation& sim, std::ostream& out) {
    const bool device = sim.memorySpace() == MemorySpace::Device;
    if (o.warmup > 0) sim.timeSteps(int(o.warmup));
    std::vector<double> perStep;
    for (int r = 0; r < o.repeats; ++r) perStep.push_back(sim.timeSteps(int(o.steps)) / double(o.steps));
    const double ms = median(perStep);
    const double cells = double(sim.size().cellCount());
    out << "bench       " << o.warmup << " warm-up steps, then " << o.repeats << " x " << o.steps
        << " steps; ms/step is the median over the repeats (" << (device ? "CUDA events" : "steady clock") << ")\n"
        << "device      " << (device ? cudaDeviceName() : std::string("cpu")) << ", commit " << CATLAB_GIT_COMMIT
        << ", " << todayUtc() << '\n'
        << "ms/step     " << text(ms) << " (min " << text(*std::min_element(perStep.begin(), perStep.end())) << ", max "
        << text(*std::max_element(perStep.begin(), perStep.end())) << ")\n"
        << "steps/s     " << text(1e3 / std::max(ms, 1e-12)) << '\n'
        << "cells/s     " << text(cells * 1e3 / std::max(ms, 1e-12), 3) << '\n';
}

} // namespace

int runCloud(const CloudOptions& o, std::ostream& out) {
    const cloud::CloudSize size = cloud::parseCloudSize(o.size);
    cloud::checkCloudSize(size);
    checkOptions(o);
    if (o.outPath && extensionOf(*o.outPath) == ".vox" && std::max({size.nx, size.ny, size.nz}) > cloud::kMaxVoxSide)
        throw Error("--out '" + *o.outPath + "': a .vox model holds at most " + std::to_string(cloud::kMaxVoxSide) +
                    " cells per side, and " + cloud::sizeText(size) + " has more (write .raw instead)");
    const cloud::CloudParams params = cloudParamsFrom(o.model, size, o.seed);

    out << "cloud       " << cloud::sizeText(size) << ", seed " << o.seed << '\n';
    const std::string backend = chooseBackend(o.backend, out);
    const std::unique_ptr<cloud::CloudSimulation> sim = cloud::makeCloudSimulation(backend, size, params);
    out << "backend     " << sim->backendName() << '\n';
    printCloudModel(sim->params(), o.model.sources.empty(), out);

    if (o.bench) {
        runBench(o, *sim, out);
    } else {
        const auto start = std::chrono::steady_clock::now();
        sim->step(int(o.steps));
        sim->synchronize();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        out << "steps       " << o.steps << " in " << text(seconds) << " s";
        if (o.steps > 0) out << ": " << text(1e3 * seconds / double(o.steps)) << " ms/step";
        out << '\n';
    }
    printCounts(*sim, out);

    if (o.outPath) {
        if (extensionOf(*o.outPath) == ".vox") {
            cloud::writeVox(*o.outPath, sim->cells());
            out << "wrote       " << *o.outPath << " (cloud cells, MagicaVoxel)\n";
        } else {
            std::vector<std::uint8_t> density(std::size_t(size.cellCount()));
            sim->density(o.densityRadius, density.data(), MemorySpace::Host);
            cloud::writeRaw(*o.outPath, density);
            out << "wrote       " << *o.outPath << " (" << cloud::sizeText(size)
                << " density bytes, x fastest then y then z, filter radius " << o.densityRadius << ")\n";
        }
    }
    return 0;
}

void addCloudCommand(CLI::App& app) {
    auto o = std::make_shared<CloudOptions>();
    CLI::App* cmd =
        app.add_subcommand("cloud", "Simulate the 3D cloud automaton (Dobashi et al.) headless, or time it");
    cmd->add_option("--size", o->size, "Volume XxYxZ in cells, z up")->capture_default_str();
    addIntegerOption(*cmd, "--steps", o->steps, "Steps to run (with --bench: the steps of each timed repeat)", 0,
                     kMaxCloudSteps)
        ->capture_default_str();
    addIntegerOption(*cmd, "--seed", o->seed, "Seed of the random draws")->capture_default_str();
    addCloudModelOptions(*cmd, o->model);
    cmd->add_option("--backend", o->backend, "cpu (reference), cuda (bit-packed) or auto")->capture_default_str();
    cmd->add_option("--out", o->outPath, "Write the final volume: .vox (cloud cells) or .raw (density bytes)");
    addIntegerOption(*cmd, "--density-radius", o->densityRadius, "Smoothing radius of the .raw density, 0..3", 0,
                     cloud::kMaxDensityRadius)
        ->capture_default_str();
    cmd->add_flag("--bench", o->bench, "Time the steps: median ms/step over repeats, and steps/s");
    addIntegerOption(*cmd, "--repeats", o->repeats, "Timed repeats with --bench", 1, 100000)->capture_default_str();
    addIntegerOption(*cmd, "--warmup", o->warmup, "Untimed steps before the repeats with --bench", 0, kMaxCloudSteps)
        ->capture_default_str();
    cmd->callback([o] { runCloud(*o, std::cout); });
}

} // namespace catlab::cli
