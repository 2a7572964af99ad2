// `catlab cloud`: the 3D cloud automaton headless, its final volume written to a file, or timed.
#include "cli/cloud_options.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt_flag.hpp"
#include "cli/number_options.hpp"
#include "cli/report_text.hpp"
#include "cli/scene_setup.hpp"
#include "cli/step_chunks.hpp"

#include "build_info.hpp"

#include "catlab/atomic_file.hpp"
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

// Steps and waits for the steps, so that a chunk's time is the time of its steps.
void stepAndWait(cloud::CloudSimulation& sim, long long steps) {
    sim.step(int(steps));
    sim.synchronize();
}

// Times the repeats, a chunk at a time (one chunk per repeat, once the warm-up has measured the
// speed, unless a repeat lasts longer than a chunk), until they are done or `stop` turns true.
void runBench(const CloudOptions& o, cloud::CloudSimulation& sim, const std::atomic<bool>& stop, std::ostream& out) {
    const bool device = sim.memorySpace() == MemorySpace::Device;
    StepChunks chunks;
    stepInChunks(o.warmup, chunks, stop, [&](long long n) { stepAndWait(sim, n); });
    std::vector<double> perStep;
    while (int(perStep.size()) < o.repeats && !stop.load()) {
        double ms = 0;
        const long long steps = stepInChunks(o.steps, chunks, stop, [&](long long n) { ms += sim.timeSteps(int(n)); });
        if (steps < o.steps) break; // a repeat cut short times nothing
        perStep.push_back(ms / double(o.steps));
    }
    const int repeats = int(perStep.size());
    out << "bench       " << o.warmup << " warm-up steps, then ";
    if (repeats < o.repeats) out << repeats << " of ";
    out << o.repeats << " x " << o.steps << " steps";
    if (repeats < o.repeats) out << " (interrupted)";
    out << "; ms/step is the median over the repeats (" << (device ? "CUDA events" : "steady clock") << ")\n"
        << "device      " << (device ? cudaDeviceName() : std::string("cpu")) << ", commit " << CATLAB_GIT_COMMIT
        << ", " << todayUtc() << '\n';
    if (perStep.empty()) {
        out << "ms/step     none: no timed repeat finished\n";
        return;
    }
    const double ms = median(perStep);
    const double cells = double(sim.size().cellCount());
    out << "ms/step     " << text(ms) << " (min " << text(*std::min_element(perStep.begin(), perStep.end())) << ", max "
        << text(*std::max_element(perStep.begin(), perStep.end())) << ")\n"
        << "steps/s     " << text(1e3 / std::max(ms, 1e-12)) << '\n'
        << "cells/s     " << text(cells * 1e3 / std::max(ms, 1e-12), 3) << '\n';
}

void runSteps(const CloudOptions& o, cloud::CloudSimulation& sim, const std::atomic<bool>& stop, std::ostream& out) {
    const auto start = std::chrono::steady_clock::now();
    StepChunks chunks;
    const long long done = stepInChunks(o.steps, chunks, stop, [&](long long n) { stepAndWait(sim, n); });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "steps       " << done;
    if (done < o.steps) out << " of " << o.steps << " (interrupted)";
    out << " in " << text(seconds) << " s";
    if (done > 0) out << ": " << text(1e3 * seconds / double(done)) << " ms/step";
    out << '\n';
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
    // From here on Ctrl+C and SIGTERM stop the steps (or the benchmark) after the chunk in progress;
    // the counts and --out are then of the step reached.
    const InterruptFlag interrupt;

    out << "cloud       " << cloud::sizeText(size) << ", seed " << o.seed << '\n';
    const std::string backend = chooseBackend(o.backend, out);
    const std::unique_ptr<cloud::CloudSimulation> sim = cloud::makeCloudSimulation(backend, size, params);
    out << "backend     " << sim->backendName() << '\n';
    printCloudModel(sim->params(), o.model.sourcesFrom(), out);
    out << std::flush; // what runs is known while it runs, also through a pipe

    if (o.bench)
        runBench(o, *sim, interrupt.raised(), out);
    else
        runSteps(o, *sim, interrupt.raised(), out);
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
    if (interrupt.signal() != 0) {
        out << std::flush;
        std::cerr << "catlab: interrupted by " << signalName(interrupt.signal()) << " at step " << sim->generation()
                  << "; the counts" << (o.outPath ? " and --out are" : " are") << " of that step\n";
        return interrupt.exitCode();
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
    cmd->callback([o] {
        if (const int code = runCloud(*o, std::cout); code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
