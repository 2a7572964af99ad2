#pragma once

#include "catlab/distributed/communicator.hpp"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace catlab {

// Whether mpirun (or another MPI launcher) started this process: its environment names a rank.
bool launchedByMpirun();

// Why MPI cannot be used (this catlab was built without it), or nullopt.
std::optional<std::string> mpiUnavailableReason();

// MPI for the life of this object: MPI_Init on the first session of the process, MPI_Finalize when it
// ends. Errors are returned (and thrown as catlab::Error), not fatal.
class MpiSession {
  public:
    MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;
    ~MpiSession();

    int rank() const { return rank_; }
    int size() const { return size_; }
    // This rank's index among the ranks on its node: which GPU it takes.
    int localRank() const { return localRank_; }

    // Every rank of MPI_COMM_WORLD, host buffers.
    std::unique_ptr<Communicator> communicator() const;
    // Rank 0's bytes to every rank (the NCCL bootstrap).
    void broadcastFromRankZero(std::span<std::byte> bytes) const;
    // Ends every rank of the job (a rank that failed alone would leave the others waiting).
    [[noreturn]] void abortAll(int code) const;

  private:
    int rank_ = 0;
    int size_ = 1;
    int localRank_ = 0;
};

} // namespace catlab
