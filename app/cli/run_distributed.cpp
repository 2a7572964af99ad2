// `catlab run --gpus N` and `mpirun -np N catlab run`: the scene cut into bands, one per rank, stepped
// together; rank 0 prints the summary (with each rank's share of the time) and writes --out. RLE comes
// in and goes out through rank 0 a chunk of rows at a time, so the grid never has to fit one host.
#include "cli/distributed_ranks.hpp"
#include "cli/distributed_scene.hpp"
#include "cli/interrupt_flag.hpp"
#include "cli/progress_bar.hpp"
#include "cli/run_options.hpp"
#include "cli/scene_setup.hpp"
#include "cli/step_chunks.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/population_csv.hpp"
#include "catlab/rle.hpp"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

namespace catlab::cli {
namespace {

using Clock = std::chrono::steady_clock;

// One line per rank: its rows and where its time went.
void printRanks(Communicator& comm, const DistributedSimulator& grid, long long steps, std::ostream& out) {
    const std::vector<double> stepMs = comm.allGather(grid.times().stepMs);
    const std::vector<double> exchangeMs = comm.allGather(grid.times().exchangeMs);
    if (comm.rank() != 0) return;
    for (int p = 0; p < comm.size(); ++p) {
        const Band& band = grid.layout().band(p);
        const double ms = stepMs[std::size_t(p)] + exchangeMs[std::size_t(p)];
        out << "rank " << std::setw(3) << std::left << p << "    rows " << band.firstRow << ".."
            << band.firstRow + band.rows - 1 << ": " << stepMs[std::size_t(p)] << " ms stepping, "
            << exchangeMs[std::size_t(p)] << " ms exchanging";
        if (steps > 0 && ms > 0)
            out << ", " << double(band.rows) * grid.size().width * double(steps) / (ms * 1e-3) << " cell updates/s";
        out << '\n';
    }
}

int runOnRank(Communicator& comm, const Scene& scene, const RunOptions& options, const InterruptFlag& interrupt,
              std::ostream& out) {
    std::ostringstream elsewhere; // ranks other than 0 print nothing
    std::ostream& report = comm.rank() == 0 ? out : elsewhere;
    const std::unique_ptr<DistributedSimulator> grid = startDistributedGrid(comm, scene, options);
    report << "rule        " << scene.rule.format();
    if (!scene.ruleName.empty()) report << " (" << scene.ruleName << ")";
    report << "\ngrid        " << scene.size.width << "x" << scene.size.height << " "
           << describeTopology(scene.rule.topology) << ", "
           << (options.inPath ? "from " + *options.inPath
                              : "random start, density " + std::to_string(scene.density) + ", seed " +
                                    std::to_string(options.seed))
           << "\nbackend     " << grid->backendName() << " on each of " << comm.size() << " ranks (" << comm.transport()
           << "), bands of " << grid->layout().band(comm.size() - 1).rows << ".." << grid->layout().band(0).rows
           << " rows, halos of " << grid->layout().haloRows() << " rows exchanged every " << grid->layout().haloSteps()
           << " generation(s)\n"
           << std::flush;

    // Rank 0 writes the populations; counting them is collective, so every rank steps one at a time.
    std::optional<PopulationCsvWriter> csv;
    if (options.populationCsvPath && comm.rank() == 0) csv.emplace(*options.populationCsvPath);
    const bool eachGeneration = options.populationCsvPath.has_value();
    if (eachGeneration) {
        const std::uint64_t population = grid->population();
        if (csv) csv->add({grid->generation(), population});
    }

    ProgressBar bar(options.steps, options.progress && comm.rank() == 0);
    StepChunks chunks;
    const auto start = Clock::now();
    long long done = 0;
    // Every rank steps the same chunks and stops at the same one: the chunk is the largest any rank
    // wants, and a signal seen by any rank stops all of them.
    while (done < options.steps) {
        if (comm.sum(interrupt.raised().load() ? 1 : 0) > 0) break;
        const long long n = (long long)comm.max(double(chunks.next(options.steps - done)));
        const auto chunkStart = Clock::now();
        if (eachGeneration) {
            for (long long i = 0; i < n; ++i) {
                grid->step(1);
                const std::uint64_t population = grid->population();
                if (csv) csv->add({grid->generation(), population});
            }
        } else {
            grid->step(int(n));
        }
        grid->synchronize();
        chunks.measured(n, std::chrono::duration<double>(Clock::now() - chunkStart).count());
        done += n;
        bar.update(done);
    }
    const double seconds = comm.max(std::chrono::duration<double>(Clock::now() - start).count());
    bar.finish();

    const double cells = double(scene.size.width) * double(scene.size.height);
    report << std::setprecision(4) << "steps       " << done;
    if (done < options.steps) report << " of " << options.steps << " (interrupted)";
    report << " in " << seconds << " s";
    if (done > 0)
        report << ": " << 1e3 * seconds / double(done) << " ms/step, "
               << cells * double(done) / std::max(seconds, 1e-12) << " cell updates/s";
    report << '\n';
    printRanks(comm, *grid, done, report);
    const std::uint64_t population = grid->population();
    report << "population  " << population << " at generation " << grid->generation() << '\n';
    if (options.outPath) {
        // Streamed through rank 0 a chunk at a time: the grid need not fit one host.
        grid->saveRle(*options.outPath, outputExtras(scene, grid->generation()));
        report << "wrote       " << *options.outPath << '\n';
    }
    if (csv) {
        csv->commit();
        report << "wrote       " << *options.populationCsvPath << '\n';
    }
    if (done < options.steps) {
        if (comm.rank() == 0) {
            report << std::flush;
            std::cerr << "catlab: interrupted after " << done << " of " << options.steps << " steps; the summary"
                      << (options.outPath ? " and --out are" : " is") << " of generation " << grid->generation()
                      << '\n';
        }
        return interrupt.signal() != 0 ? interrupt.exitCode() : 130;
    }
    return 0;
}

} // namespace

int runDistributedScene(const RunOptions& options, std::ostream& out) {
    if (options.haloSteps < 0) throw Error("--halo-steps must not be negative");
    std::ostringstream unseen;
    const Scene scene =
        setUpScene(options, printingProcess() ? std::cerr : unseen, Unbounded::Torus, {}, PatternCells::StreamRle);
    if (options.outPath && printingProcess()) checkWritable(*options.outPath);
    if (options.populationCsvPath && printingProcess()) checkWritable(*options.populationCsvPath);
    const InterruptFlag interrupt;
    return runOnRanks(
        options.gpus, isDeviceBackend(scene.backend),
        [&](Communicator& comm) { return runOnRank(comm, scene, options, interrupt, out); }, options.ranks);
}

} // namespace catlab::cli
