#pragma once

#include "catlab/cloud/cloud_cells.hpp"
#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"
#include "catlab/cloud/probability_field.hpp"
#include "catlab/cloud/wind_schedule.hpp"
#include "catlab/memory_space.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cloud {

// Dobashi et al.'s cloud automaton (SIGGRAPH 2000). One step, for every cell at once:
//   1. growth:     hum' = hum & !act,  cld' = cld | act,  act' = !act & hum & f_act, where f_act is the
//                  OR of act over the 11 neighbours (x +-1, +-2; y +-1, +-2; z +-1, -2; no z + 2).
//   2. stochastic: cld' &= !(draw_ext < p_ext),  hum' |= draw_hum < p_hum,  act' |= draw_act < p_act,
//                  with the draws of cloud_random.hpp and the per-cell probabilities of
//                  probability_field.hpp.
//   3. wind:       each layer z moves by the whole-cell shift of wind_schedule.hpp.
// Boundaries are empty: neighbours outside the volume have no activation, and wind carries cells out
// of the volume for good while the cells it brings in are clear. A torus would let clouds blown off one
// side come back on the other and couple the ground to the sky; in the open sky of the model, clouds
// leave downwind and the sources keep forming new ones (the source report's kernels also skip
// neighbours outside the grid).
// Host bytes of a simulation's probability codes, which every backend holds throughout (and twice while
// setParams builds new ones).
std::uint64_t cloudFieldBytes(CloudSize size);

class CloudSimulation {
  public:
    CloudSimulation(CloudSize size, const CloudParams& params);
    CloudSimulation(const CloudSimulation&) = delete;
    CloudSimulation& operator=(const CloudSimulation&) = delete;
    virtual ~CloudSimulation() = default;

    virtual const char* backendName() const = 0;
    virtual MemorySpace memorySpace() const = 0;

    CloudSize size() const { return size_; }
    const CloudParams& params() const { return params_; }
    // Steps taken since the start (the draws of the next step use this number).
    std::uint64_t generation() const { return generation_; }

    // New sources, probabilities, wind or seed; the cells stay. Throws catlab::Error for bad parameters.
    void setParams(const CloudParams& params);

    // Replace the cells (sizes must match) and the step counter.
    void load(const CloudCells& cells, std::uint64_t generation = 0);
    CloudCells cells() const;
    virtual CloudCounts counts() const { return cells().counts(); }

    void step(int steps);

    // The smoothed density of cloud_density.hpp, size().cellCount() bytes written at `out`, which is in
    // `space` (device memory: CUDA backend only). Throws catlab::Error for a radius outside 0..3.
    void density(int radius, std::uint8_t* out, MemorySpace space) const;

    // Runs `steps` steps and returns the milliseconds they took: CUDA events on the device, the steady
    // clock on the host. Work queued before is finished first and not counted.
    virtual double timeSteps(int steps) = 0;
    // Blocks until queued work has finished.
    virtual void synchronize() {}

  protected:
    const ProbabilityField& field() const { return field_; }
    const WindSchedule& wind() const { return wind_; }

    virtual void loadCells(const CloudCells& cells) = 0;
    virtual void storeCells(CloudCells& cells) const = 0;
    // One step with the draws of step `generation`.
    virtual void stepOnce(std::uint64_t generation) = 0;
    virtual void fieldChanged() {}
    virtual void writeDensity(int radius, std::uint8_t* out, MemorySpace space) const = 0;

  private:
    CloudSize size_;
    CloudParams params_;
    ProbabilityField field_;
    WindSchedule wind_;
    std::uint64_t generation_ = 0;
};

// The cloud backends are listed in cloud_backend_registry.hpp: "cpu" (the reference) and "cuda"
// (bit-packed, 32 cells per word per field). These take a name or "auto" (cuda where it runs, else cpu).
// Why the backend cannot run here, or nullopt; throws catlab::Error for an unknown name.
std::optional<std::string> cloudBackendUnavailable(const std::string& backend);
// The backend's name as listed ("auto" resolved); throws catlab::Error for an unknown name.
std::string resolveCloudBackend(const std::string& backend);
// An empty volume. Throws catlab::Error for an unknown or unavailable backend, a bad size or parameters.
std::unique_ptr<CloudSimulation> makeCloudSimulation(const std::string& backend, CloudSize size,
                                                     const CloudParams& params);

} // namespace catlab::cloud
