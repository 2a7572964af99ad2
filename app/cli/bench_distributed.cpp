// `catlab bench --gpus N` and `mpirun -np N catlab bench`: every backend and radius timed on one grid
// cut into bands over the ranks. Each rank times its own steps (halo exchanges included, the wall clock
// after synchronizing); the total is the whole grid over the slowest rank's time.
#include "cli/bench_command.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/report_text.hpp"

#include "build_info.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace catlab::cli {

const char* const kDistributedBenchCsvHeader =
    "backend,radius,rule_name,rule,width,height,ranks,transport,halo_steps,rank,first_row,rows,steps,repeats,"
    "ms_per_step,stepping_ms_per_step,exchange_ms_per_step,cell_updates_per_s,status,gpu,date,commit";

namespace {

using Clock = std::chrono::steady_clock;

// One rank's figures for a (backend, radius), or the total over all ranks (rank -1).
struct RankRow {
    std::string backend;
    BenchRule rule;
    int radius = 0;
    int rank = -1;
    Band band;
    int haloSteps = 0;
    int steps = 0;
    double msPerStep = 0, steppingMs = 0, exchangeMs = 0, cellUpdates = 0;
    double setupSeconds = 0; // the slowest rank's: backend, random start on the device, exchange buffers
    std::string status = "ok";
};

std::string nowText() {
    const std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    char stamp[64];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S %Z", &local);
    return stamp;
}

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string text(double v, int precision = 4) {
    std::ostringstream s;
    s << std::setprecision(precision) << v;
    return s.str();
}

// Times one backend at one radius on every rank; rank 0 gets every rank's row and the total.
std::vector<RankRow> measure(Communicator& comm, const std::string& backend, int radius, const BenchRule& rule,
                             GridSize size, const BenchOptions& o) {
    RankRow total{.backend = backend, .rule = rule, .radius = radius, .band = {0, size.height}};
    const BackendSpec& spec = BackendRegistry::instance().find(backend);
    std::optional<std::string> why = spec.unavailableReason();
    if (!why) why = spec.unsupportedReason(rule.rule);
    if (why) {
        total.status = "n/a (" + *why + ")";
        return {total};
    }
    try {
        const auto setupStart = Clock::now();
        DistributedSimulator grid(comm, rule.rule, size, rule.density, o.seed, backend, o.haloSteps);
        total.setupSeconds = comm.max(secondsSince(setupStart));
        total.haloSteps = grid.layout().haloSteps();
        grid.overlapExchange(o.overlap);
        if (o.warmup > 0) grid.step(o.warmup);
        grid.synchronize();
        int steps = o.steps;
        if (o.seconds) {
            const auto start = Clock::now();
            grid.step(1);
            grid.synchronize();
            const double probe = std::max(comm.max(secondsSince(start)), 1e-6);
            steps = int(std::clamp(std::lround(*o.seconds / probe), 1L, long(1 << 30)));
        }
        std::vector<double> mine, all;
        for (int r = 0; r < o.repeats; ++r) {
            comm.sum(0); // start together
            grid.resetTimes();
            const auto start = Clock::now();
            grid.step(steps);
            grid.synchronize();
            const double ms = 1e3 * secondsSince(start);
            mine.push_back(ms / steps);
            all.push_back(comm.max(ms) / steps);
        }
        const double cells = double(size.width) * double(size.height);
        total.steps = steps;
        total.msPerStep = median(all);
        total.cellUpdates = cells / (total.msPerStep * 1e-3);
        const std::vector<double> perRank = comm.allGather(median(mine));
        const std::vector<double> stepping = comm.allGather(grid.times().stepMs / steps);
        const std::vector<double> exchanging = comm.allGather(grid.times().exchangeMs / steps);
        std::vector<RankRow> rows;
        for (int p = 0; p < comm.size(); ++p) {
            RankRow row = total;
            row.rank = p;
            row.band = grid.layout().band(p);
            row.msPerStep = perRank[std::size_t(p)];
            row.steppingMs = stepping[std::size_t(p)];
            row.exchangeMs = exchanging[std::size_t(p)];
            row.cellUpdates = double(row.band.rows) * size.width / (row.msPerStep * 1e-3);
            rows.push_back(row);
        }
        rows.push_back(total);
        return rows;
    } catch (const Error& e) {
        total.status = "n/a (" + std::string(e.what()) + ")";
        return {total};
    }
}

void printTable(const std::vector<RankRow>& rows, GridSize size, int ranks, const std::string& transport,
                std::ostream& out) {
    out << "catlab bench  commit " << CATLAB_GIT_COMMIT << ", one " << size.width << "x" << size.height << " grid over "
        << ranks << " ranks (" << transport << ")\n\n";
    out << std::left << std::setw(9) << "backend" << std::right << std::setw(7) << "radius" << std::setw(7) << "rank"
        << std::setw(18) << "rows" << std::setw(7) << "halo" << std::setw(11) << "ms/step" << std::setw(11)
        << "stepping" << std::setw(11) << "exchange" << std::setw(12) << "cells/s" << '\n';
    for (const RankRow& r : rows) {
        out << std::left << std::setw(9) << r.backend << std::right << std::setw(7) << r.radius << std::setw(7)
            << (r.rank < 0 ? "total" : std::to_string(r.rank));
        if (r.status != "ok") {
            out << "  " << r.status << '\n';
            continue;
        }
        out << std::setw(18)
            << (std::to_string(r.band.firstRow) + ".." + std::to_string(r.band.firstRow + r.band.rows - 1))
            << std::setw(7) << r.haloSteps << std::setw(11) << text(r.msPerStep) << std::setw(11)
            << (r.rank < 0 ? "" : text(r.steppingMs)) << std::setw(11) << (r.rank < 0 ? "" : text(r.exchangeMs))
            << std::setw(12) << text(r.cellUpdates, 3) << '\n';
    }
}

void writeCsv(const std::vector<RankRow>& rows, GridSize size, int ranks, const std::string& transport,
              const BenchOptions& o, const std::string& path) {
    AtomicFile file(path);
    std::ostream& csv = file.stream();
    const std::string gpu = cudaDeviceName().empty() ? "none" : cudaDeviceName();
    csv << kDistributedBenchCsvHeader << '\n';
    for (const RankRow& r : rows) {
        const bool ok = r.status == "ok";
        auto value = [&](double v) { return ok ? text(v, 6) : std::string("n/a"); };
        csv << csvField(r.backend) << ',' << r.radius << ',' << csvField(r.rule.name) << ','
            << csvField(r.rule.rule.format()) << ',' << size.width << ',' << size.height << ',' << ranks << ','
            << transport << ',' << r.haloSteps << ',' << (r.rank < 0 ? "total" : std::to_string(r.rank)) << ','
            << r.band.firstRow << ',' << r.band.rows << ',' << r.steps << ',' << o.repeats << ',' << value(r.msPerStep)
            << ',' << (r.rank < 0 ? "" : value(r.steppingMs)) << ',' << (r.rank < 0 ? "" : value(r.exchangeMs)) << ','
            << value(r.cellUpdates) << ',' << csvField(r.status) << ',' << csvField(gpu) << ',' << csvField(nowText())
            << ',' << csvField(CATLAB_GIT_COMMIT) << '\n';
    }
    file.commit();
}

} // namespace

int runDistributedBench(const BenchOptions& o, std::ostream& out, std::ostream& log) {
    if (o.steps <= 0 || o.repeats <= 0 || o.warmup < 0) throw Error("--steps and --repeats must be positive");
    if (o.plotPath) throw Error("--plot is not drawn for a distributed grid; write --csv instead");
    const std::vector<int> radii = benchRadii(o);
    const GridSize size = parseGridSize(o.size);
    const BenchRule widest = benchRuleFor(*std::max_element(radii.begin(), radii.end()), o);
    checkGridSize(size, &widest.rule, kMaxWideGridCells); // each rank's band: its backend's limit
    std::ostringstream unseen;
    std::ostream& notices = printingProcess() ? log : unseen;
    std::vector<std::string> backends = selectBackends(o.backends, notices);
    if (o.csvPath && printingProcess()) checkWritable(*o.csvPath);
    // The ranks' buffers live on the GPUs or on the host: GPU backends when there are any, else CPU ones.
    const bool device = o.gpus || std::any_of(backends.begin(), backends.end(), isDeviceBackend);
    std::erase_if(backends, [&](const std::string& name) {
        if (isDeviceBackend(name) == device) return false;
        notices << "catlab bench: skipping " << name << ": the ranks run " << (device ? "GPU" : "CPU") << " backends\n";
        return true;
    });
    if (backends.empty())
        throw Error("no " + std::string(device ? "GPU" : "CPU") + " backend to benchmark in '" + o.backends + "'");
    return runOnRanks(o.gpus, device, [&](Communicator& comm) {
        std::vector<RankRow> rows;
        for (const std::string& backend : backends)
            for (int radius : radii) {
                const BenchRule rule = benchRuleFor(radius, o);
                const std::vector<RankRow> measured = measure(comm, backend, radius, rule, size, o);
                if (comm.rank() == 0)
                    log << "catlab bench: " << backend << " r=" << radius << " over " << comm.size() << " ranks: "
                        << (measured.back().status == "ok" ? text(measured.back().msPerStep) + " ms/step (set up in " +
                                                                 text(measured.back().setupSeconds, 3) + " s)"
                                                           : measured.back().status)
                        << '\n';
                rows.insert(rows.end(), measured.begin(), measured.end());
            }
        if (comm.rank() != 0) return 0;
        printTable(rows, size, comm.size(), comm.transport(), out);
        if (o.csvPath) {
            writeCsv(rows, size, comm.size(), comm.transport(), o, *o.csvPath);
            out << "\nwrote " << *o.csvPath << '\n';
        }
        return 0;
    });
}

} // namespace catlab::cli
