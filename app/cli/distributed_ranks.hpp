#pragma once

#include "catlab/distributed/communicator.hpp"

#include <functional>
#include <optional>
#include <string>

namespace catlab::cli {

// Whether a command runs on several ranks: --gpus or --ranks was given, or mpirun started this process.
bool distributedRun(const std::optional<std::string>& gpus, const std::optional<std::string>& ranks = std::nullopt);

// The ranks of a distributed command: with --gpus N, N threads of this process, one per GPU, with NCCL;
// with --ranks N, N threads on the CPU (CPU backends, the threads transport); under mpirun, this process
// as one rank (NCCL between GPUs when `deviceBackend`, else MPI). body runs on each rank; rank 0 writes
// the report. Failures: a catlab::Error on a rank is printed with its rank; under mpirun a failed rank
// ends the whole job. Returns rank 0's result (1 when it failed).
int runOnRanks(const std::optional<std::string>& gpus, bool deviceBackend,
               const std::function<int(Communicator&)>& body, const std::optional<std::string>& ranks = std::nullopt);

// Checks --gpus and --ranks against each other, mpirun and the backend's memory (`deviceBackend`) and
// returns how many threads ranks they start (0 for neither).
int threadRankCount(const std::optional<std::string>& gpus, const std::optional<std::string>& ranks,
                    bool deviceBackend);

// Whether a --backend name runs on the GPU ("auto": when this machine has one).
bool isDeviceBackend(const std::string& name);

// Whether this process is the one that prints (rank 0 under mpirun, always otherwise): notices printed
// before the ranks start.
bool printingProcess();

} // namespace catlab::cli
