#include "cli/commands.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/interrupt_flag.hpp"
#include "cli/number_options.hpp"
#include "cli/progress_bar.hpp"
#include "cli/run_options.hpp"
#include "cli/scene_options.hpp"
#include "cli/scene_setup.hpp"
#include "cli/step_chunks.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/population_csv.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <limits>

namespace catlab::cli {

void addRunCommand(CLI::App& app) {
    auto options = std::make_shared<RunOptions>();
    CLI::App* run = app.add_subcommand("run", "Advance a scene headless and print population and timing");
    addSceneOptions(*run, *options);
    addIntegerOption(*run, "--steps", options->steps, "Generations to compute", 0,
                     std::numeric_limits<long long>::max())
        ->capture_default_str();
    run->add_option("--out", options->outPath, "Write the final state to this RLE file");
    run->add_option("--population-csv", options->populationCsvPath,
                    "Write generation,population for generation 0 and every generation stepped to this CSV file");
    run->add_flag("!--no-progress", options->progress, "Never draw the progress bar");
    run->add_option("--gpus", options->gpus, kGpusHelp);
    run->add_option("--ranks", options->ranks, kRanksHelp);
    addIntegerOption(*run, "--halo-steps", options->haloSteps,
                     "Generations between halo exchanges of a distributed grid (halos of that many radii; 0: "
                     "chosen for the radius)",
                     0, 1 << 16)
        ->capture_default_str();
    run->callback([options] {
        if (const int code = runScene(*options, std::cout); code != 0) throw CLI::RuntimeError(code);
    });
}

int runScene(const RunOptions& options, std::ostream& out) {
    if (options.steps < 0) throw Error("--steps must not be negative");
    if (distributedRun(options.gpus, options.ranks)) return runDistributedScene(options, out);
    if (options.haloSteps != 0)
        throw Error("--halo-steps is for a distributed grid (--gpus, --ranks, or under mpirun)");
    const Scene scene = setUpScene(options, std::cerr, Unbounded::GrowingPlane);
    if (options.outPath) {
        checkWritable(*options.outPath);
        if (!scene.growing) checkHostGridSize(scene.size); // --out copies the whole grid to the host: not after the run
    }
    std::optional<PopulationCsvWriter> csv;
    if (options.populationCsvPath) csv.emplace(*options.populationCsvPath);
    // From here on Ctrl+C and SIGTERM stop the run after the chunk of steps in progress; the summary
    // and --out are then of the generation reached.
    const InterruptFlag interrupt;

    std::unique_ptr<Simulator> sim;
    if (scene.initial)
        sim = std::make_unique<Simulator>(scene.rule, *scene.initial, scene.backend);
    else
        sim = std::make_unique<Simulator>(scene.rule, scene.size, scene.density, options.seed, scene.backend);
    if (scene.growing) sim->growWithPattern(scene.originX, scene.originY);

    out << "rule        " << scene.rule.format();
    if (!scene.ruleName.empty()) out << " (" << scene.ruleName << ")";
    if (const std::string golly = gollyDisplayDifference(scene.rule); !golly.empty())
        out << "\n            (" << golly << ")";
    out << "\ngrid        " << scene.size.width << "x" << scene.size.height << " "
        << (!scene.growing                        ? describeTopology(scene.rule.topology)
            : scene.rule.topology.unboundedSide() ? describeTopology(scene.rule.topology) + " (grows with the pattern)"
                                                  : std::string("unbounded plane (grows with the pattern)"))
        << ", "
        << (scene.initial
                ? "from " + *options.inPath
                : "random start, density " + std::to_string(scene.density) + ", seed " + std::to_string(options.seed))
        << "\nbackend     " << sim->backendName() << '\n';
    if (sim->autoBackend()) out << "            (" << sim->backendReason() << ")\n";
    out << std::flush; // what runs is known while it runs, also through a pipe
    if (csv) csv->add({sim->generation(), sim->population()});

    ProgressBar bar(options.steps, options.progress);
    const auto start = std::chrono::steady_clock::now();
    StepChunks chunks;
    const long long done = stepInChunks(
        options.steps, chunks, interrupt.raised(),
        [&](long long n) {
            if (!csv) {
                sim->step(int(n));
                sim->synchronize();
                return;
            }
            for (long long i = 0; i < n; ++i) { // a population each generation
                sim->step(1);
                csv->add({sim->generation(), sim->population()});
            }
        },
        [&](long long steps) { bar.update(steps); });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bar.finish();

    const double cells = double(sim->size().width) * double(sim->size().height); // at the end, if it grew
    out << std::setprecision(4) << "steps       " << done;
    if (done < options.steps) out << " of " << options.steps << " (interrupted)";
    out << " in " << seconds << " s";
    if (done > 0)
        out << ": " << 1e3 * seconds / double(done) << " ms/step, " << cells * double(done) / std::max(seconds, 1e-12)
            << " cell updates/s";
    out << "\npopulation  " << sim->population() << " at generation " << sim->generation() << '\n';
    if (scene.growing && sim->size() != scene.size)
        out << "grid        grew to " << formatGridSize(sim->size()) << ", cell 0,0 at " << sim->originX() << ","
            << sim->originY() << " on the plane\n";
    if (!sim->growthStopped().empty()) out << "            (" << sim->growthStopped() << ")\n";

    if (options.outPath) {
        writeRleFile(*options.outPath, sim->snapshot(), scene.rule,
                     outputExtras(scene, sim->generation(), std::pair{sim->originX(), sim->originY()}));
        out << "wrote       " << *options.outPath << '\n';
    }
    if (csv) {
        csv->commit();
        out << "wrote       " << *options.populationCsvPath << '\n';
    }
    if (interrupt.signal() != 0) {
        out << std::flush;
        std::cerr << "catlab: interrupted by " << signalName(interrupt.signal()) << " after " << done << " of "
                  << options.steps << " steps; the summary" << (options.outPath ? " and --out are" : " is")
                  << " of generation " << sim->generation() << '\n';
        return interrupt.exitCode();
    }
    return 0;
}

} // namespace catlab::cli
