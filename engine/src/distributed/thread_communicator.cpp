// Ranks that are threads of one process: each rank posts its outgoing messages in a queue per peer and
// copies its incoming ones straight out of the senders' buffers, which stay put until the copy is made.
#include "catlab/distributed/thread_communicator.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>

namespace catlab {
namespace {

// What every rank of the process shares. All fields are guarded by `mutex`.
class ThreadHub {
  public:
    explicit ThreadHub(int ranks)
        : ranks_(ranks), queues_(std::size_t(ranks) * std::size_t(ranks)), unconsumed_(std::size_t(ranks), 0),
          sums_(std::size_t(ranks), 0), values_(std::size_t(ranks), 0) {}

    int ranks() const { return ranks_; }

    void exchange(int rank, std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) {
        for (const OutgoingMessage& m : sends) checkPeer(rank, m.peer);
        for (const IncomingMessage& m : receives) checkPeer(rank, m.peer);
        std::unique_lock lock(mutex_);
        for (const OutgoingMessage& m : sends) queue(rank, m.peer).push_back(m);
        unconsumed_[std::size_t(rank)] += sends.size();
        changed_.notify_all();
        for (const IncomingMessage& m : receives) {
            std::deque<OutgoingMessage>& from = queue(m.peer, rank);
            waitUntil(lock, [&] { return !from.empty(); });
            const OutgoingMessage sent = from.front();
            from.pop_front();
            if (sent.bytes != m.bytes) {
                abortLocked();
                throw Error("rank " + std::to_string(m.peer) + " sent " + std::to_string(sent.bytes) +
                            " bytes but rank " + std::to_string(rank) + " expected " + std::to_string(m.bytes));
            }
            lock.unlock(); // the sender waits for this copy, so its buffer cannot change meanwhile
            if (m.bytes > 0) std::memcpy(m.data, sent.data, m.bytes);
            lock.lock();
            --unconsumed_[std::size_t(m.peer)];
            changed_.notify_all();
        }
        waitUntil(lock, [&] { return unconsumed_[std::size_t(rank)] == 0; });
    }

    std::uint64_t sum(int rank, std::uint64_t value) {
        std::uint64_t total = 0;
        collect([&] { sums_[std::size_t(rank)] = value; },
                [&] {
                    for (const std::uint64_t v : sums_) total += v;
                });
        return total;
    }

    std::vector<double> allGather(int rank, double value) {
        std::vector<double> all;
        collect([&] { values_[std::size_t(rank)] = value; }, [&] { all = values_; });
        return all;
    }

    void abort() noexcept {
        const std::lock_guard lock(mutex_);
        abortLocked();
    }

  private:
    std::deque<OutgoingMessage>& queue(int from, int to) {
        return queues_[std::size_t(from) * std::size_t(ranks_) + std::size_t(to)];
    }

    void checkPeer(int rank, int peer) const {
        if (peer < 0 || peer >= ranks_ || peer == rank)
            throw Error("rank " + std::to_string(rank) + " cannot exchange with rank " + std::to_string(peer) + " of " +
                        std::to_string(ranks_));
    }

    void abortLocked() noexcept {
        aborted_ = true;
        changed_.notify_all();
    }

    template <class Ready>
    void waitUntil(std::unique_lock<std::mutex>& lock, Ready ready) {
        changed_.wait(lock, [&] { return aborted_ || ready(); });
        if (aborted_) throw Error("another rank of this process failed");
    }

    // A collective in two barriers: every rank writes its slot, then every rank reads all of them, and
    // no rank writes again before the last one has read.
    template <class Write, class Read>
    void collect(Write write, Read read) {
        std::unique_lock lock(mutex_);
        write();
        barrier(lock);
        read();
        barrier(lock);
    }

    void barrier(std::unique_lock<std::mutex>& lock) {
        const std::uint64_t round = barrierRound_;
        if (++arrived_ == ranks_) {
            arrived_ = 0;
            ++barrierRound_;
            changed_.notify_all();
            return;
        }
        waitUntil(lock, [&] { return barrierRound_ != round; });
    }

    const int ranks_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::deque<OutgoingMessage>> queues_; // [from * ranks + to], in the order they were sent
    std::vector<std::size_t> unconsumed_;             // by sender: messages not yet copied by their receivers
    std::vector<std::uint64_t> sums_;
    std::vector<double> values_;
    int arrived_ = 0;
    std::uint64_t barrierRound_ = 0;
    bool aborted_ = false;
};

class ThreadCommunicator final : public Communicator {
  public:
    ThreadCommunicator(std::shared_ptr<ThreadHub> hub, int rank) : hub_(std::move(hub)), rank_(rank) {}

    int rank() const override { return rank_; }
    int size() const override { return hub_->ranks(); }
    MemorySpace bufferSpace() const override { return MemorySpace::Host; }
    std::string transport() const override { return "threads"; }
    void exchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) override {
        hub_->exchange(rank_, sends, receives);
    }
    std::uint64_t sum(std::uint64_t value) override { return hub_->sum(rank_, value); }
    double max(double value) override {
        const std::vector<double> all = hub_->allGather(rank_, value);
        return *std::max_element(all.begin(), all.end());
    }
    std::vector<double> allGather(double value) override { return hub_->allGather(rank_, value); }
    void abort() noexcept override { hub_->abort(); }

  private:
    std::shared_ptr<ThreadHub> hub_;
    int rank_;
};

} // namespace

std::vector<std::unique_ptr<Communicator>> makeThreadCommunicators(int ranks) {
    if (ranks < 1) throw Error("a grid needs at least one rank, not " + std::to_string(ranks));
    const auto hub = std::make_shared<ThreadHub>(ranks);
    std::vector<std::unique_ptr<Communicator>> comms;
    for (int rank = 0; rank < ranks; ++rank) comms.push_back(std::make_unique<ThreadCommunicator>(hub, rank));
    return comms;
}

} // namespace catlab
