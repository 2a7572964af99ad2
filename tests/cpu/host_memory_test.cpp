// CATLAB_HOST_MEMORY_MIB caps the host memory catlab counts on: a grid beyond it is refused with the
// figures, not allocated. CATLAB_GATHER_MEMORY_MIB caps only what rank 0 may gather. (Each test is its own process, so
// the variable set here stays here.)
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/host_memory.hpp"
#include "support/scoped_environment.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace catlab {
namespace {

using testing::ScopedEnvironmentVariable;

// CATLAB_HOST_MEMORY_MIB, or `name`, set to `value` for one scope.
struct ScopedVariable : ScopedEnvironmentVariable {
    explicit ScopedVariable(const char* value, const char* name = "CATLAB_HOST_MEMORY_MIB")
        : ScopedEnvironmentVariable(name, value) {}
};

TEST(HostMemory, CapLimitsWhatIsAvailable) {
    const ScopedVariable cap("64");
    EXPECT_LE(availableHostBytes(), std::uint64_t(64) << 20);
    EXPECT_NO_THROW(Grid(GridSize{4096, 4096})); // 16 MiB
    try {
        Grid(GridSize{16384, 8192}); // 128 MiB
        FAIL() << "a grid beyond the cap was allocated";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("only 64 MiB of host memory is free"), std::string::npos) << e.what();
    }
}

TEST(HostMemory, WithoutTheVariableTheSystemDecides) {
    unsetenv("CATLAB_HOST_MEMORY_MIB");
    EXPECT_GT(availableHostBytes(), std::uint64_t(64) << 20);
}

TEST(HostMemory, BadCapsAreNamed) {
    for (const char* bad : {"", "0", "-5", "12x", "lots", "99999999999999999999"}) {
        const ScopedVariable cap(bad);
        try {
            (void)availableHostBytes();
            FAIL() << "accepted CATLAB_HOST_MEMORY_MIB=" << bad;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("CATLAB_HOST_MEMORY_MIB"), std::string::npos) << e.what();
        }
    }
}

// CATLAB_GATHER_MEMORY_MIB caps what rank 0 of a distributed grid may gather, and nothing else.
TEST(HostMemory, GatherCapLimitsOnlyWhatRankZeroMayGather) {
    const ScopedVariable cap("3", "CATLAB_GATHER_MEMORY_MIB");
    EXPECT_EQ(gatherHostBytes(), std::uint64_t(3) << 20);
    EXPECT_GT(availableHostBytes(), std::uint64_t(3) << 20);
    EXPECT_NO_THROW(Grid(GridSize{4096, 4096}));
    const ScopedVariable host("2");
    EXPECT_EQ(gatherHostBytes(), std::uint64_t(2) << 20) << "within the host's cap too";
}

TEST(HostMemory, BadGatherCapsAreNamed) {
    for (const char* bad : {"", "0", "1.5"}) {
        const ScopedVariable cap(bad, "CATLAB_GATHER_MEMORY_MIB");
        EXPECT_NO_THROW((void)availableHostBytes());
        try {
            (void)gatherHostBytes();
            FAIL() << "accepted CATLAB_GATHER_MEMORY_MIB=" << bad;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("CATLAB_GATHER_MEMORY_MIB"), std::string::npos) << e.what();
        }
    }
}

} // namespace
} // namespace catlab
