// NCCL between the GPUs of one distributed grid: point-to-point sends and receives in one group for
// the halo exchange, all-reduce for sums. Buffers are device memory of the rank's GPU.
#include "../cuda_check.hpp"
#include "../device_buffer.hpp"
#include "nccl_check.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/distributed/nccl.hpp"
#include "catlab/error.hpp"

#include <atomic>
#include <cstring>
#include <string>
#include <vector>

namespace catlab {

namespace nccl {

void throwNcclError(ncclResult_t result, const char* what, const char* file, int line) {
    std::string message = std::string("NCCL error at ") + file + ":" + std::to_string(line) + ": " + what + ": " +
                          ncclGetErrorString(result);
    if (const char* detail = ncclGetLastError(nullptr); detail && *detail) message += std::string(" (") + detail + ")";
    throw Error(message);
}

} // namespace nccl

namespace {

// A stream and an event of the current device, for the lifetime of the communicator.
class CudaStream {
  public:
    // The highest priority: transfers that overlap a step get multiprocessors as soon as any free up.
    CudaStream() {
        int least = 0, greatest = 0;
        CATLAB_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
        CATLAB_CUDA_CHECK(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, greatest));
    }
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;
    ~CudaStream() { cudaStreamDestroy(stream_); }
    cudaStream_t get() const { return stream_; }

  private:
    cudaStream_t stream_ = nullptr;
};

class CudaEvent {
  public:
    CudaEvent() { CATLAB_CUDA_CHECK(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming)); }
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;
    ~CudaEvent() { cudaEventDestroy(event_); }
    cudaEvent_t get() const { return event_; }

  private:
    cudaEvent_t event_ = nullptr;
};

// Owns an initialised ncclComm_t.
class NcclComm {
  public:
    NcclComm(const ncclUniqueId& id, int rank, int size) {
        CATLAB_NCCL_CHECK(ncclCommInitRank(&comm_, size, id, rank));
    }
    NcclComm(const NcclComm&) = delete;
    NcclComm& operator=(const NcclComm&) = delete;
    ~NcclComm() {
        if (!aborted_.exchange(true)) ncclCommDestroy(comm_);
    }
    ncclComm_t get() const { return comm_; }
    // Ends every operation in flight (they fail) and frees the communicator; called once at most.
    void abort() noexcept {
        if (!aborted_.exchange(true)) ncclCommAbort(comm_);
    }

  private:
    ncclComm_t comm_ = nullptr;
    std::atomic<bool> aborted_{false};
};

class NcclCommunicator final : public Communicator {
  public:
    NcclCommunicator(const NcclId& id, int rank, int size, int device)
        : device_((useCudaDevice(device), device)), comm_(toUniqueId(id), rank, size), rank_(rank), size_(size),
          scratch_(2) {}

    int rank() const override { return rank_; }
    int size() const override { return size_; }
    MemorySpace bufferSpace() const override { return MemorySpace::Device; }
    std::string transport() const override { return "nccl"; }
    void abort() noexcept override { comm_.abort(); }

    // The backends queue their work on the legacy default stream; NCCL's stream waits for it first, and
    // the host waits for NCCL before the received rows are used.
    void exchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) override {
        startExchange(sends, receives);
        CATLAB_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    }

    // The backends' later work on the legacy stream runs beside the transfers until joinExchange().
    bool overlapsDeviceWork() const override { return true; }
    void startExchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) override {
        waitForBackends();
        CATLAB_NCCL_CHECK(ncclGroupStart());
        try {
            for (const IncomingMessage& m : receives) {
                checkPeer(m.peer);
                CATLAB_NCCL_CHECK(ncclRecv(m.data, m.bytes, ncclUint8, m.peer, comm_.get(), stream_.get()));
            }
            for (const OutgoingMessage& m : sends) {
                checkPeer(m.peer);
                CATLAB_NCCL_CHECK(ncclSend(m.data, m.bytes, ncclUint8, m.peer, comm_.get(), stream_.get()));
            }
        } catch (...) {
            ncclGroupEnd();
            throw;
        }
        CATLAB_NCCL_CHECK(ncclGroupEnd());
    }
    void joinExchange() override {
        CATLAB_CUDA_CHECK(cudaEventRecord(exchangeDone_.get(), stream_.get()));
        CATLAB_CUDA_CHECK(cudaStreamWaitEvent(cudaStreamLegacy, exchangeDone_.get(), 0));
    }

    std::uint64_t sum(std::uint64_t value) override { return allReduce<std::uint64_t>(value, ncclUint64, ncclSum); }
    double max(double value) override { return allReduce<double>(value, ncclFloat64, ncclMax); }

    std::vector<double> allGather(double value) override {
        cuda::DeviceBuffer<double> all(static_cast<std::size_t>(size_) + 1);
        CATLAB_CUDA_CHECK(cudaMemcpyAsync(all.data(), &value, sizeof value, cudaMemcpyHostToDevice, stream_.get()));
        CATLAB_NCCL_CHECK(ncclAllGather(all.data(), all.data() + 1, 1, ncclFloat64, comm_.get(), stream_.get()));
        std::vector<double> values(static_cast<std::size_t>(size_));
        CATLAB_CUDA_CHECK(cudaMemcpyAsync(values.data(), all.data() + 1, values.size() * sizeof(double),
                                          cudaMemcpyDeviceToHost, stream_.get()));
        CATLAB_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
        return values;
    }

  private:
    static ncclUniqueId toUniqueId(const NcclId& id) {
        static_assert(sizeof(ncclUniqueId) == sizeof(id.bytes), "ncclUniqueId has changed size");
        ncclUniqueId unique;
        std::memcpy(&unique, id.bytes.data(), sizeof unique);
        return unique;
    }

    void checkPeer(int peer) const {
        if (peer < 0 || peer >= size_ || peer == rank_)
            throw Error("rank " + std::to_string(rank_) + " cannot exchange with rank " + std::to_string(peer) +
                        " of " + std::to_string(size_));
    }

    void waitForBackends() {
        CATLAB_CUDA_CHECK(cudaEventRecord(backendsDone_.get(), cudaStreamLegacy));
        CATLAB_CUDA_CHECK(cudaStreamWaitEvent(stream_.get(), backendsDone_.get(), 0));
    }

    template <class T>
    T allReduce(T value, ncclDataType_t type, ncclRedOp_t op) {
        static_assert(sizeof(T) == sizeof(std::uint64_t));
        CATLAB_CUDA_CHECK(
            cudaMemcpyAsync(scratch_.data(), &value, sizeof value, cudaMemcpyHostToDevice, stream_.get()));
        CATLAB_NCCL_CHECK(ncclAllReduce(scratch_.data(), scratch_.data() + 1, 1, type, op, comm_.get(), stream_.get()));
        T result{};
        CATLAB_CUDA_CHECK(
            cudaMemcpyAsync(&result, scratch_.data() + 1, sizeof result, cudaMemcpyDeviceToHost, stream_.get()));
        CATLAB_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
        return result;
    }

    int device_;
    NcclComm comm_;
    int rank_;
    int size_;
    CudaStream stream_;
    CudaEvent backendsDone_;
    CudaEvent exchangeDone_;
    cuda::DeviceBuffer<std::uint64_t> scratch_;
};

} // namespace

std::optional<std::string> ncclUnavailableReason() {
    if (auto why = cudaUnavailableReason()) return "NCCL needs a GPU: " + *why;
    return std::nullopt;
}

NcclId makeNcclId() {
    ncclUniqueId unique;
    CATLAB_NCCL_CHECK(ncclGetUniqueId(&unique));
    NcclId id;
    std::memcpy(id.bytes.data(), &unique, sizeof unique);
    return id;
}

std::unique_ptr<Communicator> makeNcclCommunicator(const NcclId& id, int rank, int size, int device) {
    if (auto why = ncclUnavailableReason()) throw Error(*why);
    if (device < 0 || device >= cudaDeviceCount())
        throw Error("rank " + std::to_string(rank) + " asks for GPU " + std::to_string(device) + " but " +
                    std::to_string(cudaDeviceCount()) + " are present");
    return std::make_unique<NcclCommunicator>(id, rank, size, device);
}

} // namespace catlab
