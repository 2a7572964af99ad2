#include "session/distributed_grid_session.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/distributed/rank_launch.hpp"
#include "catlab/error.hpp"

#include <algorithm>
#include <memory>

namespace catlab::gui {

DistributedGridSession::DistributedGridSession(const RankSpread& spread, const Rule& rule, GridSize size,
                                               const Grid* initial, double density, std::uint64_t seed,
                                               const std::string& backend)
    : spread_(spread), rule_(rule), size_(size), backendName_(backend), autoBackend_(isAutoBackend(backend)),
      transport_(spread.onGpus ? "nccl" : "threads"), ranks_(std::size_t(std::max(spread.ranks, 0))) {
    if (spread.ranks < 1) throw Error("a distributed grid needs at least one rank");
    int checkedIn = 0;
    launcher_ = std::thread([this, &checkedIn] {
        std::exception_ptr failure;
        try {
            const auto body = [&](Communicator& comm) {
                {
                    const std::lock_guard lock(mutex_);
                    RankInfo& info = ranks_[std::size_t(comm.rank())];
                    if (spread_.onGpus) { // runOnGpuThreads puts rank i on GPU i and makes it current
                        info.gpu = comm.rank();
                        info.pciBusId = cudaDevicePciBusId();
                    }
                    ++checkedIn;
                    changed_.notify_all();
                }
                rankLoop(comm);
            };
            if (spread_.onGpus)
                runOnGpuThreads(spread_.ranks, body);
            else
                runOnThreads(spread_.ranks, body);
        } catch (...) {
            failure = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        ranksEnded_ = true;
        launchFailure_ = failure;
        changed_.notify_all();
    });
    try {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return checkedIn == spread_.ranks || ranksEnded_; });
        }
        rebuild(rule, size, initial, density, seed, 0);
        notice_.clear();
    } catch (...) {
        stop();
        throw;
    }
}

DistributedGridSession::~DistributedGridSession() { stop(); }

void DistributedGridSession::stop() noexcept {
    {
        const std::lock_guard lock(mutex_);
        quitting_ = true;
        changed_.notify_all();
    }
    if (launcher_.joinable()) launcher_.join();
}

void DistributedGridSession::rankLoop(Communicator& comm) {
    Rank rank{comm, nullptr};
    std::uint64_t seen = 0;
    for (;;) {
        Command command;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return commandSerial_ != seen || quitting_; });
            if (commandSerial_ == seen) return; // quitting, with no command left
            seen = commandSerial_;
            command = command_;
        }
        std::exception_ptr failure;
        try {
            command(rank);
        } catch (...) {
            failure = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        failures_[std::size_t(comm.rank())] = failure;
        if (++ranksDone_ == spread_.ranks) changed_.notify_all();
    }
}

// The rank threads write what they report (into ranks_ and the fields rank 0 keeps up to date) before
// they count themselves done under the mutex, and this thread reads it only after it has seen them all.
void DistributedGridSession::onEveryRank(const Command& command) {
    std::unique_lock lock(mutex_);
    if (ranksEnded_) {
        std::string why = "the ranks of the distributed grid have stopped";
        try {
            if (launchFailure_) std::rethrow_exception(launchFailure_);
        } catch (const std::exception& e) {
            why += ": " + std::string(e.what());
        }
        throw Error(why);
    }
    command_ = command;
    ++commandSerial_;
    ranksDone_ = 0;
    failures_.assign(std::size_t(spread_.ranks), nullptr);
    changed_.notify_all();
    changed_.wait(lock, [&] { return ranksDone_ == spread_.ranks || ranksEnded_; });
    command_ = nullptr;
    if (ranksDone_ != spread_.ranks) {
        lock.unlock();
        onEveryRank(command); // reports why they stopped
    }
    for (const std::exception_ptr& failure : failures_)
        if (failure) std::rethrow_exception(failure);
}

double DistributedGridSession::step(int generations) {
    if (generations <= 0) return 0;
    onEveryRank([&](Rank& r) {
        const RankTimes before = r.grid->times();
        r.grid->step(generations);
        const RankTimes& after = r.grid->times();
        ranks_[std::size_t(r.comm.rank())].lastStepMs =
            (after.stepMs - before.stepMs) + (after.exchangeMs - before.exchangeMs);
        if (r.comm.rank() == 0) generation_ = r.grid->generation();
    });
    double slowest = 0;
    for (const RankInfo& rank : ranks_) slowest = std::max(slowest, rank.lastStepMs);
    return slowest;
}

void DistributedGridSession::exportView(const ViewWindow& window, ViewTarget target) {
    onEveryRank([&](Rank& r) { r.grid->exportView(window, r.comm.rank() == 0 ? target : ViewTarget{}); });
}

std::uint64_t DistributedGridSession::population() {
    std::uint64_t total = 0;
    onEveryRank([&](Rank& r) {
        const std::uint64_t count = r.grid->population();
        if (r.comm.rank() == 0) total = count;
    });
    return total;
}

std::vector<Cell> DistributedGridSession::readCells(const CellRect& rect) {
    std::vector<Cell> cells;
    onEveryRank([&](Rank& r) {
        std::vector<Cell> read = r.grid->readCells(rect);
        if (r.comm.rank() == 0) cells = std::move(read);
    });
    return cells;
}

void DistributedGridSession::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    onEveryRank([&](Rank& r) { r.grid->writeCells(rect, r.comm.rank() == 0 ? cells : std::span<const Cell>()); });
}

Grid DistributedGridSession::snapshot() {
    Grid whole;
    onEveryRank([&](Rank& r) {
        Grid gathered = r.grid->gather();
        if (r.comm.rank() == 0) whole = std::move(gathered);
    });
    return whole;
}

void DistributedGridSession::saveRle(const std::string& path, const RleExtras& extras) {
    onEveryRank([&](Rank& r) { r.grid->saveRle(path, extras); });
}

void DistributedGridSession::switchBackend(const std::string& name) {
    onEveryRank([&](Rank& r) {
        r.grid->switchBackend(name);
        if (r.comm.rank() == 0) {
            backendName_ = r.grid->backendName();
            autoBackend_ = r.grid->autoBackend();
        }
    });
    notice_.clear();
}

void DistributedGridSession::rebuild(const Rule& rule, GridSize size, const Grid* initial, double density,
                                     std::uint64_t seed, std::uint64_t generation) {
    std::string backend = autoBackend_ ? std::string(kAutoBackend) : backendName_;
    std::string notice;
    if (!autoBackend_) {
        const BackendSpec& spec = BackendRegistry::instance().find(backend);
        if (const std::optional<std::string> why = spec.unsupportedReason(rule)) {
            notice = "backend " + backend + " cannot compute " + rule.format() + " (" + *why +
                     "); each rank runs the fastest that can";
            backend = std::string(kAutoBackend);
        }
    }
    const GridSize cells = initial ? initial->size() : size;
    onEveryRank([&](Rank& r) {
        const bool root = r.comm.rank() == 0;
        // Made beside the running grid, which stays when this fails (on every rank alike).
        std::unique_ptr<DistributedSimulator> next =
            initial ? std::make_unique<DistributedSimulator>(r.comm, rule, cells, root ? initial : nullptr, backend)
                    : std::make_unique<DistributedSimulator>(r.comm, rule, cells, density, seed, backend);
        r.grid = std::move(next);
        if (root) {
            backendName_ = r.grid->backendName();
            autoBackend_ = r.grid->autoBackend();
            generation_ = 0;
        }
    });
    rule_ = rule;
    size_ = cells;
    generationBase_ = generation;
    notice_ = std::move(notice);
}

} // namespace catlab::gui
