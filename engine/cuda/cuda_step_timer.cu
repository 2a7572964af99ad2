// StepTimer for device backends: CUDA events around the launches.
#include "catlab/step_timer.hpp"
#include "cuda_check.hpp"

namespace catlab {

namespace {

class CudaEventTimer final : public StepTimer {
  public:
    CudaEventTimer() {
        CATLAB_CUDA_CHECK(cudaEventCreate(&start_));
        const cudaError_t error = cudaEventCreate(&stop_);
        if (error != cudaSuccess) {
            cudaEventDestroy(start_);
            CATLAB_CUDA_CHECK(error);
        }
    }
    CudaEventTimer(const CudaEventTimer&) = delete;
    CudaEventTimer& operator=(const CudaEventTimer&) = delete;
    ~CudaEventTimer() override {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }

    double timeWork(Backend& backend, const std::function<void()>& work) override {
        backend.synchronize();
        CATLAB_CUDA_CHECK(cudaEventRecord(start_, 0));
        work();
        CATLAB_CUDA_CHECK(cudaEventRecord(stop_, 0));
        CATLAB_CUDA_CHECK(cudaEventSynchronize(stop_));
        backend.synchronize(); // surfaces errors of the launches, and any work off the default stream
        float ms = 0.0f;
        CATLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
        return double(ms);
    }
    const char* method() const override { return "cuda-events"; }

  private:
    cudaEvent_t start_ = nullptr;
    cudaEvent_t stop_ = nullptr;
};

} // namespace

std::unique_ptr<StepTimer> makeCudaEventTimer() { return std::make_unique<CudaEventTimer>(); }

} // namespace catlab
