#pragma once

#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/mpi.hpp"

#include <functional>
#include <memory>
#include <string_view>

namespace catlab {

// How many GPUs `--gpus` asks for: "all" or a whole number, at least 1 and at most the GPUs present;
// otherwise throws catlab::Error saying how many there are.
int gpuCountOf(std::string_view text);

// Runs body(comm) on `gpus` threads of this process, thread i on GPU i as rank i of one NCCL
// communicator, and returns when every thread has finished. When ranks fail, the lowest failed rank's
// exception is rethrown.
void runOnGpuThreads(int gpus, const std::function<void(Communicator&)>& body);

// The most ranks `--ranks` starts as threads: enough to split a grid many ways on a CPU.
constexpr int kMaxThreadRanks = 64;

// How many ranks `--ranks` asks for: a whole number in 1..kMaxThreadRanks, otherwise catlab::Error.
int rankCountOf(std::string_view text);

// The same on `ranks` threads of this process without GPUs: a "threads" communicator between host
// buffers (thread_communicator.hpp), for CPU backends; failures as in runOnGpuThreads.
void runOnThreads(int ranks, const std::function<void(Communicator&)>& body);

// This process's communicator under mpirun: with `gpu`, NCCL between the ranks' GPUs (a node's i-th
// rank on its GPU i, refused on every rank when a node has more ranks than GPUs; NCCL's identity
// broadcast from rank 0 through MPI), otherwise MPI between host buffers.
std::unique_ptr<Communicator> mpiRankCommunicator(const MpiSession& session, bool gpu);

} // namespace catlab
