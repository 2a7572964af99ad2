#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/progress_bar.hpp"
#include "cli/run_options.hpp"
#include "cli/scene_options.hpp"
#include "cli/scene_setup.hpp"

#include "catlab/error.hpp"
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
    run->add_flag("!--no-progress", options->progress, "Never draw the progress bar");
    run->callback([options] { runScene(*options, std::cout); });
}

int runScene(const RunOptions& options, std::ostream& out) {
    if (options.steps < 0) throw Error("--steps must not be negative");
    const Scene scene = setUpScene(options, std::cerr);
    if (options.outPath) checkWritable(*options.outPath);

    std::unique_ptr<Simulator> sim;
    if (scene.initial)
        sim = std::make_unique<Simulator>(scene.rule, *scene.initial, scene.backend);
    else
        sim = std::make_unique<Simulator>(scene.rule, scene.size, scene.density, options.seed, scene.backend);

    out << "rule        " << scene.rule.format();
    if (!scene.ruleName.empty()) out << " (" << scene.ruleName << ")";
    out << "\ngrid        " << scene.size.width << "x" << scene.size.height << " torus, "
        << (scene.initial
                ? "from " + *options.inPath
                : "random start, density " + std::to_string(scene.density) + ", seed " + std::to_string(options.seed))
        << "\nbackend     " << sim->backendName() << '\n';
    if (sim->autoBackend()) out << "            (" << sim->backendReason() << ")\n";

    ProgressBar bar(options.steps, options.progress);
    const auto start = std::chrono::steady_clock::now();
    // Steps in chunks so the bar moves; a chunk is short enough to redraw about ten times a second.
    long long done = 0, chunk = 1;
    while (done < options.steps) {
        const long long n = std::min(chunk, options.steps - done);
        const auto t0 = std::chrono::steady_clock::now();
        sim->step(int(n));
        sim->synchronize();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        done += n;
        bar.update(done);
        if (seconds < 0.05 && chunk < (1 << 20)) chunk *= 2;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bar.finish();

    const double cells = double(scene.size.width) * double(scene.size.height);
    out << std::setprecision(4) << "steps       " << options.steps << " in " << seconds << " s";
    if (options.steps > 0)
        out << ": " << 1e3 * seconds / double(options.steps) << " ms/step, "
            << cells * double(options.steps) / std::max(seconds, 1e-12) << " cell updates/s";
    out << "\npopulation  " << sim->population() << " at generation " << sim->generation() << '\n';

    if (options.outPath) {
        writeRleFile(*options.outPath, sim->snapshot(), scene.rule,
                     scene.ruleName.empty() ? std::string()
                                            : scene.ruleName + ", generation " + std::to_string(sim->generation()));
        out << "wrote       " << *options.outPath << '\n';
    }
    return 0;
}

} // namespace catlab::cli
