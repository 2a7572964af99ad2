#include "catlab/distributed/mpi.hpp"
#include "catlab/error.hpp"

#include "mpi_check.hpp"

#include <algorithm>
#include <climits>
#include <vector>

namespace catlab {
namespace {

// MPI counts are ints: larger messages travel as pieces of at most this many bytes, in order.
constexpr std::size_t kPieceBytes = std::size_t(1) << 30;
constexpr int kHaloTag = 17;

class MpiCommunicator final : public Communicator {
  public:
    MpiCommunicator() {
        CATLAB_MPI_CHECK(MPI_Comm_dup(MPI_COMM_WORLD, &comm_));
        MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
        CATLAB_MPI_CHECK(MPI_Comm_rank(comm_, &rank_));
        CATLAB_MPI_CHECK(MPI_Comm_size(comm_, &size_));
    }
    ~MpiCommunicator() override { MPI_Comm_free(&comm_); }

    int rank() const override { return rank_; }
    int size() const override { return size_; }
    MemorySpace bufferSpace() const override { return MemorySpace::Host; }
    std::string transport() const override { return "mpi"; }

    void exchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) override {
        std::vector<MPI_Request> requests;
        for (const IncomingMessage& m : receives) {
            checkPeer(m.peer);
            forEachPiece(m.bytes, [&](std::size_t offset, int bytes) {
                requests.emplace_back();
                CATLAB_MPI_CHECK(MPI_Irecv(static_cast<char*>(m.data) + offset, bytes, MPI_BYTE, m.peer, kHaloTag,
                                           comm_, &requests.back()));
            });
        }
        for (const OutgoingMessage& m : sends) {
            checkPeer(m.peer);
            forEachPiece(m.bytes, [&](std::size_t offset, int bytes) {
                requests.emplace_back();
                CATLAB_MPI_CHECK(MPI_Isend(static_cast<const char*>(m.data) + offset, bytes, MPI_BYTE, m.peer, kHaloTag,
                                           comm_, &requests.back()));
            });
        }
        CATLAB_MPI_CHECK(MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
    }

    std::uint64_t sum(std::uint64_t value) override {
        std::uint64_t total = 0;
        CATLAB_MPI_CHECK(MPI_Allreduce(&value, &total, 1, MPI_UINT64_T, MPI_SUM, comm_));
        return total;
    }

    double max(double value) override {
        double largest = 0;
        CATLAB_MPI_CHECK(MPI_Allreduce(&value, &largest, 1, MPI_DOUBLE, MPI_MAX, comm_));
        return largest;
    }

    std::vector<double> allGather(double value) override {
        std::vector<double> values(static_cast<std::size_t>(size_));
        CATLAB_MPI_CHECK(MPI_Allgather(&value, 1, MPI_DOUBLE, values.data(), 1, MPI_DOUBLE, comm_));
        return values;
    }

  private:
    void checkPeer(int peer) const {
        if (peer < 0 || peer >= size_ || peer == rank_)
            throw Error("rank " + std::to_string(rank_) + " cannot exchange with rank " + std::to_string(peer) +
                        " of " + std::to_string(size_));
    }

    template <class Piece>
    static void forEachPiece(std::size_t bytes, Piece&& piece) {
        for (std::size_t offset = 0; offset < bytes; offset += kPieceBytes)
            piece(offset, int(std::min(kPieceBytes, bytes - offset)));
    }

    MPI_Comm comm_ = MPI_COMM_NULL;
    int rank_ = 0;
    int size_ = 1;
};

} // namespace

std::unique_ptr<Communicator> MpiSession::communicator() const { return std::make_unique<MpiCommunicator>(); }

} // namespace catlab
