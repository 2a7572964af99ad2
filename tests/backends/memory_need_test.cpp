// What each backend's spec says it allocates (BackendSpec::memoryNeed) against what the process really
// takes: resident host memory for CPU backends, free device memory for GPU backends. The registry refuses
// a grid on that figure before allocating anything.
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true; // its allocator keeps freed memory and pads every block
#else
constexpr bool kAddressSanitizer = false;
#endif

// Resident memory grows by what a new allocation touches only if glibc takes fresh pages for it: after
// earlier tests freed large blocks, it would raise its mmap threshold and hand out resident heap memory
// instead. A fixed threshold and a trimmed heap make the figure exact.
void freshPagesForLargeAllocations() {
    mallopt(M_MMAP_THRESHOLD, 128 << 10);
    malloc_trim(0);
}

std::uint64_t residentHostBytes() {
    std::ifstream statm("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * std::uint64_t(sysconf(_SC_PAGESIZE));
}

struct Measured {
    std::uint64_t needed;
    std::int64_t taken;
};

// Runs a simulation through what allocates (load from the host, a step, the population) and returns the
// spec's figure and what the process took meanwhile, on the host or on the device. (No snapshot: the
// host grid it returns would count, and glibc keeps freed blocks of that size resident afterwards.)
Measured measure(const std::string& backend, const Rule& rule, GridSize size) {
    const BackendSpec& spec = BackendRegistry::instance().find(backend);
    const bool device = spec.memorySpace == MemorySpace::Device;
    Grid start(size);
    fillRandom(start, 0.4, 9);
    Simulator warmUp(parseRule("B3/S23").rule, {64, 64}, 0.5, 1, backend); // threads and the CUDA context first
    warmUp.step(1);
    const auto taken = [&] {
        return device ? -std::int64_t(*cudaFreeDeviceBytes()) : std::int64_t(residentHostBytes());
    };
    if (!device) freshPagesForLargeAllocations();
    const std::int64_t before = taken();
    Simulator sim(rule, start, backend);
    sim.step(1);
    EXPECT_LE(sim.population(), start.cellCount());
    const std::int64_t after = taken();
    const MemoryNeed need = spec.memoryNeed(rule, size);
    return {device ? need.deviceBytes : need.hostBytes, after - before};
}

class MemoryNeedTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MemoryNeedTest, MatchesWhatTheProcessTakes) {
    const BackendSpec& spec = BackendRegistry::instance().find(GetParam());
    if (auto why = spec.unavailableReason()) GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    if (spec.memorySpace == MemorySpace::Host && kAddressSanitizer)
        GTEST_SKIP() << "AddressSanitizer's allocator changes what the process holds";
    const std::vector<Rule> rules{testing::scaledRule(5, Neighbourhood::Moore, false, 2),
                                  testing::scaledRule(40, Neighbourhood::VonNeumann, true, 3),
                                  testing::scaledRule(20, Neighbourhood::Circular, false, 2),
                                  testing::scaledRule(200, Neighbourhood::Moore, false, 2), parseRule("B3/S23").rule};
    int measured = 0;
    for (const Rule& rule : rules) {
        if (spec.unsupportedReason(rule)) continue;
        // The direct count would take minutes at large radii; its buffers hardly depend on the radius.
        if (GetParam() == "cpu-naive" && rule.radius > 5) continue;
        // So would the general GPU kernel's count over every offset (160801 at radius 200) on this grid.
        if (GetParam() == "general" && rule.radius > 40) continue;
        // Large enough that the grid's buffers dwarf what else a step allocates.
        const GridSize size = spec.memorySpace == MemorySpace::Device ? GridSize{8191, 6007} : GridSize{4003, 3001};
        SCOPED_TRACE(rule.format() + " on " + std::to_string(size.width) + "x" + std::to_string(size.height));
        const Measured m = measure(GetParam(), rule, size);
        // Device allocations come in pages of up to 2 MiB; the host's small allocations are not counted.
        const double slack = spec.memorySpace == MemorySpace::Device ? 0.02 * double(m.needed) + double(16 << 20)
                                                                     : 0.01 * double(m.needed) + double(2 << 20);
        EXPECT_NEAR(double(m.taken), double(m.needed), slack)
            << GetParam() << " says " << m.needed << " bytes, the process took " << m.taken;
        ++measured;
    }
    EXPECT_GT(measured, 0);
}

INSTANTIATE_TEST_SUITE_P(EveryBackend, MemoryNeedTest, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const BackendSpec& spec : BackendRegistry::instance().all())
                                 names.push_back(spec.name);
                             return names;
                         }()),
                         [](const auto& test) {
                             std::string name = test.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(MemoryNeed, RefusalNamesBackendRuleGridAndBothFigures) {
    const BackendSpec& cpu = BackendRegistry::instance().find("cpu");
    const Rule life = parseRule("B3/S23").rule;
    const std::string host = errorOf([&] {
        checkMemoryNeed(cpu, life, {40000, 30000}, {.hostBytes = std::uint64_t(3) << 30}, std::uint64_t(1) << 30,
                        std::nullopt);
    });
    EXPECT_EQ(host, "backend 'cpu' needs 3.00 GiB of host memory for rule B3/S23 on a 40000x30000 grid, but only "
                    "1.00 GiB is free");
    const std::string device = errorOf([&] {
        checkMemoryNeed(cpu, life, {4, 4}, {.deviceBytes = std::uint64_t(12) << 30}, std::uint64_t(1) << 40,
                        std::uint64_t(11) << 30);
    });
    EXPECT_NE(device.find("needs 12.0 GiB of GPU memory"), std::string::npos) << device;
    EXPECT_NE(device.find("only 11.0 GiB is free"), std::string::npos) << device;
    EXPECT_NO_THROW(checkMemoryNeed(cpu, life, {4, 4}, {.hostBytes = 100, .deviceBytes = 100}, 100, std::nullopt));
}

// A grid whose cells alone fit in free memory but whose backend needs more is refused before anything is
// allocated (it used to pass a byte-per-cell check and meet the OOM killer).
TEST(MemoryNeed, GridThatFitsByCellsButNotByBackendIsRefused) {
    const std::uint64_t free = availableHostBytes();
    const std::uint64_t cells = std::min<std::uint64_t>(free * 7 / 10, kMaxGridCells);
    const Rule life = parseRule("B3/S23").rule;
    const int width = 1 << 17, height = int(std::min<std::uint64_t>(cells / std::uint64_t(width), kMaxGridSide));
    const GridSize size{width, height};
    const MemoryNeed need = BackendRegistry::instance().find("cpu").memoryNeed(life, size);
    if (need.hostBytes <= free)
        GTEST_SKIP() << "too much free memory here for a grid of at most 2^36 cells to exceed it";
    const std::string error = errorOf([&] { Simulator(life, size, 0.5, 1, "cpu"); });
    EXPECT_NE(error.find("backend 'cpu' needs"), std::string::npos) << error;
    EXPECT_NE(error.find("of host memory for rule B3/S23"), std::string::npos) << error;
}

} // namespace
} // namespace catlab
