#pragma once

#include "catlab/distributed/communicator.hpp"

#include <functional>
#include <string>

namespace catlab::testing {

// Where the ranks of the distributed tests come from, chosen once in main():
//   under mpirun (CPU ranks):                      each process is one rank, MPI between host buffers;
//   under mpirun, CATLAB_TEST_TRANSPORT=nccl:      each process is one rank on its GPU, NCCL;
//   no mpirun, CATLAB_TEST_TRANSPORT=nccl:         one thread per GPU of this machine, NCCL;
//   no mpirun, CATLAB_TEST_TRANSPORT=threads:      CATLAB_TEST_RANKS threads, host buffers (CPU backends);
//   no mpirun otherwise:                           one rank alone.
// onEveryRank(body) runs body once per rank of this process (threads run it concurrently).
void onEveryRank(const std::function<void(Communicator&)>& body);
// "mpi", "nccl", "threads" or "single", and how many ranks there are in all.
std::string transport();
int rankCount();
// Whether this process prints and gtest results should be trusted from (rank 0 or the thread runner).
bool ranksUseDevices();

} // namespace catlab::testing
