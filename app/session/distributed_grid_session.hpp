#pragma once

#include "catlab/cell_rect.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/grid.hpp"
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"
#include "catlab/view.hpp"

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace catlab::gui {

// Where the ranks of a window's distributed grid run: `ranks` threads of this process, each on its own
// GPU with NCCL between them (onGpus), or on the CPU with the threads transport.
struct RankSpread {
    int ranks = 0; // 0: one grid, not distributed
    bool onGpus = false;
};

// One rank as the window sees it: where it runs and its share of the last steps.
struct RankInfo {
    int gpu = -1;          // its CUDA device, or -1 for a CPU rank
    std::string pciBusId;  // of that device (for NVML), empty for a CPU rank
    double lastStepMs = 0; // its time stepping and exchanging halos during the last step()
};

// A grid cut into bands over ranks that are threads of this process, driven from the window's thread.
// Each rank thread waits for a command, runs it on its part of the grid (every command is collective:
// each rank runs the same one) and reports back; the window's thread waits until every rank has. Every
// command either succeeds or throws catlab::Error (the lowest failed rank's) and leaves the grid as it
// was. Without a GPU, CPU backends run on threads ranks: what tests use for the window's path.
class DistributedGridSession {
  public:
    // The grid of `rule` and `size`, from `initial` (a host grid of that size) or a random start; backend
    // a registry name or "auto" (each rank's fastest).
    DistributedGridSession(const RankSpread& spread, const Rule& rule, GridSize size, const Grid* initial,
                           double density, std::uint64_t seed, const std::string& backend);
    ~DistributedGridSession();
    DistributedGridSession(const DistributedGridSession&) = delete;
    DistributedGridSession& operator=(const DistributedGridSession&) = delete;

    // Every rank steps its band; returns the slowest rank's milliseconds (ranks()[i].lastStepMs each).
    double step(int generations);
    // The view of the whole grid into a host target (DistributedSimulator::exportView).
    void exportView(const ViewWindow& window, ViewTarget target);
    std::uint64_t population();
    std::vector<Cell> readCells(const CellRect& rect);
    void writeCells(const CellRect& rect, std::span<const Cell> cells);
    // The whole grid on the host (gathered band by band).
    Grid snapshot();
    // The whole grid as an RLE file, written by rank 0 as the bands' rows arrive, so it need not fit on
    // the host (DistributedSimulator::saveRle).
    void saveRle(const std::string& path, const RleExtras& extras);
    // Same cells, another backend on every rank ("auto": each rank's fastest).
    void switchBackend(const std::string& name);
    // A new grid in place of the current one, on the same ranks: `initial`'s cells (its size) or a
    // random start of `size`, at generation `generation`. The backend stays, or where it cannot compute
    // the rule the fastest that can takes over (notice() says so).
    void rebuild(const Rule& rule, GridSize size, const Grid* initial, double density, std::uint64_t seed,
                 std::uint64_t generation);

    const Rule& rule() const { return rule_; }
    GridSize size() const { return size_; }
    std::uint64_t generation() const { return generationBase_ + generation_; }
    const std::string& backendName() const { return backendName_; }
    bool autoBackend() const { return autoBackend_; }
    const std::string& notice() const { return notice_; }
    // "nccl" or "threads".
    const std::string& transport() const { return transport_; }
    const std::vector<RankInfo>& ranks() const { return ranks_; }

  private:
    struct Rank {
        Communicator& comm;
        std::unique_ptr<DistributedSimulator> grid;
    };
    using Command = std::function<void(Rank&)>;

    // Runs `command` on every rank and waits for all of them; rethrows the lowest failed rank's error.
    void onEveryRank(const Command& command);
    void rankLoop(Communicator& comm);
    void stop() noexcept;
    // Reads what the grid now is from rank 0 (after a command that changed it).
    void refresh();

    RankSpread spread_;
    Rule rule_;
    GridSize size_{};
    std::uint64_t generation_ = 0;     // the distributed grid's own count
    std::uint64_t generationBase_ = 0; // where it started, after a rebuild that keeps the generation
    std::string backendName_;
    bool autoBackend_ = false;
    std::string notice_;
    std::string transport_;
    std::vector<RankInfo> ranks_;

    std::mutex mutex_;
    std::condition_variable changed_;
    Command command_;
    std::uint64_t commandSerial_ = 0;
    int ranksDone_ = 0;
    std::vector<std::exception_ptr> failures_;
    bool quitting_ = false;
    bool ranksEnded_ = false;          // the rank threads returned (quit, or their launch failed)
    std::exception_ptr launchFailure_; // why they ended, when they failed
    std::thread launcher_;
};

} // namespace catlab::gui
