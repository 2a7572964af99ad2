// The reference cloud automaton: one byte per cell, every rule written out as the model states it.
#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/packed_density.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <utility>

namespace catlab::cloud {
namespace {

class CpuCloudSimulation final : public CloudSimulation {
  public:
    CpuCloudSimulation(CloudSize size, const CloudParams& params)
        : CloudSimulation(size, params), cells_(size), grown_(size) {}

    const char* backendName() const override { return "cpu"; }
    MemorySpace memorySpace() const override { return MemorySpace::Host; }

    double timeSteps(int steps) override {
        const auto start = std::chrono::steady_clock::now();
        step(steps);
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }

  protected:
    void loadCells(const CloudCells& cells) override { cells_ = cells; }
    void storeCells(CloudCells& cells) const override { cells = cells_; }

    void stepOnce(std::uint64_t generation) override {
        grow(generation);
        blow(generation);
    }

    // The separable passes (tested equal to the direct filter): (2r+1) * 3 reads a cell, not (2r+1)^3.
    void writeDensity(int radius, std::uint8_t* out, MemorySpace) const override {
        const std::vector<std::uint8_t> d = packed::packedDensity(packed::packCells(cells_), size(), radius);
        std::memcpy(out, d.data(), d.size());
    }

  private:
    // Outside the volume there is no activation.
    bool actAt(int x, int y, int z) const { return cells_.inside(x, y, z) && cells_.has(x, y, z, kAct); }

    // Growth, then the stochastic terms, cells_ -> grown_.
    void grow(std::uint64_t generation) {
        const CloudSize s = size();
        const ProbabilityField& p = field();
        const std::uint64_t seed = params().seed;
        for (int z = 0; z < s.nz; ++z)
            for (int y = 0; y < s.ny; ++y)
                for (int x = 0; x < s.nx; ++x) {
                    const bool hum = cells_.has(x, y, z, kHum);
                    const bool act = cells_.has(x, y, z, kAct);
                    const bool cld = cells_.has(x, y, z, kCld);
                    const bool fAct = actAt(x + 1, y, z) || actAt(x - 1, y, z) || actAt(x + 2, y, z) ||
                                      actAt(x - 2, y, z) || actAt(x, y + 1, z) || actAt(x, y - 1, z) ||
                                      actAt(x, y + 2, z) || actAt(x, y - 2, z) || actAt(x, y, z + 1) ||
                                      actAt(x, y, z - 1) || actAt(x, y, z - 2);
                    bool nextHum = hum && !act;
                    bool nextCld = cld || act;
                    bool nextAct = !act && hum && fAct;

                    const CloudDraws draw =
                        cloudDraws(seed, generation, std::uint32_t(x), std::uint32_t(y), std::uint32_t(z));
                    const std::size_t i = cells_.index(x, y, z);
                    if (eventHappens(p.ext[i], draw.ext)) nextCld = false;
                    if (eventHappens(p.hum[i], draw.hum)) nextHum = true;
                    if (eventHappens(p.act[i], draw.act)) nextAct = true;

                    grown_.at(x, y, z) =
                        std::uint8_t((nextHum ? kHum : 0) | (nextAct ? kAct : 0) | (nextCld ? kCld : 0));
                }
    }

    // Wind: grown_ -> cells_, each layer shifted by its whole-cell move of this step.
    void blow(std::uint64_t generation) {
        const CloudSize s = size();
        const WindSchedule& w = wind();
        for (int z = 0; z < s.nz; ++z) {
            const int dx = windShift(w.vx[std::size_t(z)], generation);
            const int dy = windShift(w.vy[std::size_t(z)], generation);
            for (int y = 0; y < s.ny; ++y)
                for (int x = 0; x < s.nx; ++x) {
                    const long long fromX = (long long)x - dx, fromY = (long long)y - dy;
                    cells_.at(x, y, z) = grown_.inside(fromX, fromY, z) ? grown_.at(int(fromX), int(fromY), z) : 0;
                }
        }
    }

    CloudCells cells_;
    CloudCells grown_;
};

} // namespace

namespace backends {

CloudBackendSpec cpu() {
    return {.name = "cpu",
            .memorySpace = MemorySpace::Host,
            .description = "the reference: one byte per cell on the CPU",
            .create = [](CloudSize size, const CloudParams& params) -> std::unique_ptr<CloudSimulation> {
                return std::make_unique<CpuCloudSimulation>(size, params);
            },
            .memoryNeed =
                [](CloudSize size) {
                    const std::uint64_t cells = size.cellCount(), field = cloudFieldBytes(size);
                    const std::uint64_t packedWords = packed::kFieldCount * packed::PackedDims::of(size).fieldWords;
                    // Held: the codes, the cells and the grown cells. At most one of these at a time beside:
                    // new codes (setParams), the density's packed words and three passes (x sums, xy sums of
                    // two bytes, the density), the copy cells() returns.
                    const std::uint64_t density = packedWords * sizeof(std::uint32_t) + 4 * cells;
                    return MemoryNeed{.hostBytes = field + 2 * cells + std::max({field, density, cells})};
                }};
}

} // namespace backends
} // namespace catlab::cloud
