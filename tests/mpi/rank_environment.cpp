#include "mpi/rank_environment.hpp"

#include "mpi/gpu_rank_pool.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/distributed/mpi.hpp"
#include "catlab/distributed/rank_launch.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

namespace catlab::testing {
namespace {

enum class Mode { Single, Mpi, NcclOverMpi, NcclThreads, Threads };

constexpr int kSkipped = 77; // ctest's SKIP_RETURN_CODE for the NCCL run on a machine without a GPU

Mode mode = Mode::Single;
int threadRanks = 0; // NcclThreads, Threads
std::string transportName = "single";
std::unique_ptr<MpiSession> session;
std::unique_ptr<Communicator> processComm;
std::unique_ptr<GpuRankPool> gpuRanks; // NcclThreads

bool wantsTransport(const std::string& name) {
    const char* transport = std::getenv("CATLAB_TEST_TRANSPORT");
    return transport && std::string(transport) == name;
}

bool wantsNccl() { return wantsTransport("nccl"); }

// Ranks other than 0 print only what failed, named by rank.
class FailurePrinter : public ::testing::EmptyTestEventListener {
  public:
    explicit FailurePrinter(int rank) : rank_(rank) {}
    void OnTestPartResult(const ::testing::TestPartResult& result) override {
        if (result.failed())
            std::cerr << "rank " << rank_ << ": " << (result.file_name() ? result.file_name() : "?") << ":"
                      << result.line_number() << ": " << result.summary() << '\n';
    }

  private:
    int rank_;
};

} // namespace

void onEveryRank(const std::function<void(Communicator&)>& body) {
    if (mode == Mode::NcclThreads) return gpuRanks->run(body);
    if (mode == Mode::Threads) return runOnThreads(threadRanks, body);
    if (!processComm) processComm = makeSingleRankCommunicator();
    body(*processComm);
}

std::string transport() { return transportName; }

int rankCount() { return mode == Mode::NcclThreads || mode == Mode::Threads ? threadRanks : processComm->size(); }

bool ranksUseDevices() { return mode == Mode::NcclOverMpi || mode == Mode::NcclThreads; }

} // namespace catlab::testing

int main(int argc, char** argv) {
    using namespace catlab;
    using namespace catlab::testing;
    ::testing::InitGoogleTest(&argc, argv);
    try {
        if (launchedByMpirun()) {
            session = std::make_unique<MpiSession>();
            mode = wantsNccl() ? Mode::NcclOverMpi : Mode::Mpi;
            processComm = mpiRankCommunicator(*session, mode == Mode::NcclOverMpi);
            // Only rank 0 reports in full; the others print what failed, and their exit codes fail the job.
            if (session->rank() != 0) {
                auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
                delete listeners.Release(listeners.default_result_printer());
                listeners.Append(new FailurePrinter(session->rank()));
            }
        } else if (wantsNccl()) {
            if (cudaDeviceCount() == 0) {
                std::cerr << "distributed tests: skipped: NCCL ranks need a GPU and there is none here\n";
                return kSkipped;
            }
            mode = Mode::NcclThreads;
            threadRanks = gpuCountOf("all");
            gpuRanks = std::make_unique<GpuRankPool>(threadRanks);
        } else if (wantsTransport("threads")) {
            mode = Mode::Threads;
            const char* ranks = std::getenv("CATLAB_TEST_RANKS");
            threadRanks = rankCountOf(ranks ? ranks : "");
        } else {
            processComm = makeSingleRankCommunicator();
        }
    } catch (const std::exception& e) {
        std::cerr << "distributed tests: " << e.what() << '\n';
        return 1;
    }
    if (mode == Mode::NcclThreads || mode == Mode::NcclOverMpi) transportName = "nccl";
    if (mode == Mode::Mpi) transportName = "mpi";
    if (mode == Mode::Threads) transportName = "threads";
    if (!session || session->rank() == 0)
        std::cerr << "distributed tests: " << rankCount() << " rank(s) over " << transport() << '\n';
    const int result = RUN_ALL_TESTS();
    gpuRanks.reset();
    processComm.reset();
    session.reset();
    return result;
}
