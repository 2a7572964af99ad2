// What each cloud backend's spec says a simulation holds at most (CloudBackendSpec::memoryNeed) against
// what the process really takes through everything that allocates: peak resident host memory, and the
// device memory the simulation holds. The registry refuses a volume on that figure before allocating.
#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/host_memory.hpp"
#include "support/cloud_test_support.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cloud {
namespace {

using catlab::testing::errorOf;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true; // its allocator keeps freed memory and pads every block
#else
constexpr bool kAddressSanitizer = false;
#endif

// The kernel's peak resident set (VmHWM) since the last reset, in bytes; resetting sets it to the
// current resident set. Nothing where /proc does not allow it.
std::optional<std::uint64_t> peakResidentBytes() {
    std::ifstream status("/proc/self/status");
    for (std::string key; status >> key;) {
        if (key == "VmHWM:") {
            std::uint64_t kib = 0;
            status >> kib;
            return kib * 1024;
        }
        status.ignore(1 << 20, '\n');
    }
    return std::nullopt;
}
bool resetPeakResident() {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5" << std::flush;
    return bool(clear);
}

// Everything a simulation allocates: a load, steps, the density on the host, a copy of the cells and new
// parameters.
void exercise(CloudSimulation& sim, const CloudCells& start, std::vector<std::uint8_t>& density) {
    sim.load(start);
    sim.step(2);
    sim.density(1, density.data(), MemorySpace::Host);
    EXPECT_EQ(sim.cells().size(), start.size());
    CloudParams other = sim.params();
    other.seed += 1;
    other.sources = {defaultCloudSource(start.size().nx, start.size().ny, start.size().nz)};
    sim.setParams(other);
}

class CloudMemoryNeedTest : public ::testing::TestWithParam<std::string> {};

TEST_P(CloudMemoryNeedTest, MatchesWhatTheProcessTakes) {
    const CloudBackendSpec& spec = CloudBackendRegistry::instance().find(GetParam(), "auto");
    if (auto why = spec.unavailableReason()) GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    if (kAddressSanitizer) GTEST_SKIP() << "AddressSanitizer's allocator changes what the process holds";
    const bool device = spec.memorySpace == MemorySpace::Device;
    // Large enough that the volume's buffers dwarf everything else; sides that are no multiples of 32.
    const CloudSize size = device ? CloudSize{1000, 701, 97} : CloudSize{390, 257, 65};
    const CloudCells start = testing::randomCells(size, 3, 40, 20, 60);
    std::vector<std::uint8_t> density(size.cellCount());
    {
        auto warmUp = CloudBackendRegistry::instance().create(GetParam(), {40, 30, 20}, CloudParams{});
        warmUp->step(1); // the CUDA context and the first kernels
    }
    mallopt(M_MMAP_THRESHOLD, 128 << 10); // large blocks in fresh pages, given back when freed
    malloc_trim(0);
    const std::uint64_t freeDeviceBefore = device ? *cudaFreeDeviceBytes() : 0;
    if (!resetPeakResident() || !peakResidentBytes()) GTEST_SKIP() << "/proc does not give the peak resident set";
    const std::uint64_t residentBefore = *peakResidentBytes();
    const MemoryNeed need = spec.memoryNeed(size);
    auto sim = CloudBackendRegistry::instance().create(GetParam(), size, CloudParams{});
    exercise(*sim, start, density);
    const std::int64_t hostTaken = std::int64_t(*peakResidentBytes()) - std::int64_t(residentBefore);
    EXPECT_NEAR(double(hostTaken), double(need.hostBytes), 0.02 * double(need.hostBytes) + double(4 << 20))
        << GetParam() << " says " << need.hostBytes << " host bytes, the process took " << hostTaken;
    if (device) {
        const std::int64_t deviceTaken = std::int64_t(freeDeviceBefore) - std::int64_t(*cudaFreeDeviceBytes());
        // Device allocations come in pages of up to 2 MiB.
        EXPECT_NEAR(double(deviceTaken), double(need.deviceBytes), 0.02 * double(need.deviceBytes) + double(16 << 20))
            << GetParam() << " says " << need.deviceBytes << " device bytes, the device lost " << deviceTaken;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryCloudBackend, CloudMemoryNeedTest, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const CloudBackendSpec& spec : CloudBackendRegistry::instance().all())
                                 names.push_back(spec.name);
                             return names;
                         }()),
                         [](const auto& test) { return test.param; });

TEST(CloudMemoryNeed, RefusalNamesBackendVolumeAndBothFigures) {
    const CloudBackendSpec& cpu = CloudBackendRegistry::instance().find("cpu", "auto");
    EXPECT_EQ(
        errorOf([&] {
            checkCloudMemoryNeed(cpu, {2048, 2048, 512}, {.hostBytes = std::uint64_t(38) << 30},
                                 std::uint64_t(20) << 30, std::nullopt);
        }),
        "cloud backend 'cpu' needs 38.0 GiB of host memory for a 2048x2048x512 volume, but only 20.0 GiB is free");
    const std::string device = errorOf([&] {
        checkCloudMemoryNeed(cpu, {8, 8, 8}, {.deviceBytes = std::uint64_t(3) << 30}, std::uint64_t(1) << 40,
                             std::uint64_t(1) << 30);
    });
    EXPECT_NE(device.find("needs 3.00 GiB of GPU memory"), std::string::npos) << device;
    EXPECT_NO_THROW(checkCloudMemoryNeed(cpu, {8, 8, 8}, {.hostBytes = 10, .deviceBytes = 10}, 10, std::nullopt));
}

// A volume whose cells fit in free memory at one byte each, as the old check counted, but whose backend
// needs more, is refused by the registry before anything is allocated.
TEST(CloudMemoryNeed, VolumeThatFitsByCellsButNotByBackendIsRefused) {
    const std::uint64_t free = availableHostBytes();
    const CloudSize size{kMaxCloudSide, kMaxCloudSide, 4}; // 2^30 cells, the most a volume may have
    const MemoryNeed need = CloudBackendRegistry::instance().find("cpu", "auto").memoryNeed(size);
    if (need.hostBytes <= free) GTEST_SKIP() << "too much free memory here for the largest volume to exceed it";
    const std::string error = errorOf([&] { CloudBackendRegistry::instance().create("cpu", size, CloudParams{}); });
    EXPECT_NE(error.find("cloud backend 'cpu' needs"), std::string::npos) << error;
    EXPECT_NE(error.find("of host memory for a 16384x16384x4 volume"), std::string::npos) << error;
}

} // namespace
} // namespace catlab::cloud
