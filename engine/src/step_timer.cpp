#include "catlab/step_timer.hpp"

#include <chrono>

namespace catlab {

namespace {

class SteadyClockTimer final : public StepTimer {
  public:
    double timeWork(Backend& backend, const std::function<void()>& work) override {
        backend.synchronize();
        const auto start = std::chrono::steady_clock::now();
        work();
        backend.synchronize();
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    const char* method() const override { return "steady_clock"; }
};

} // namespace

std::unique_ptr<StepTimer> makeSteadyClockTimer() { return std::make_unique<SteadyClockTimer>(); }

#ifdef CATLAB_HAVE_CUDA
std::unique_ptr<StepTimer> makeCudaEventTimer(); // engine/cuda/cuda_step_timer.cu
#endif

std::unique_ptr<StepTimer> makeStepTimer(MemorySpace space) {
#ifdef CATLAB_HAVE_CUDA
    if (space == MemorySpace::Device) return makeCudaEventTimer();
#else
    (void)space;
#endif
    return makeSteadyClockTimer();
}

} // namespace catlab
