// CATLAB_HOST_MEMORY_MIB caps the host memory catlab counts on: a grid beyond it is refused with the
// figures, not allocated. (Each test is its own process, so the variable set here stays here.)
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/host_memory.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace catlab {
namespace {

struct ScopedVariable {
    explicit ScopedVariable(const char* value) { setenv("CATLAB_HOST_MEMORY_MIB", value, 1); }
    ~ScopedVariable() { unsetenv("CATLAB_HOST_MEMORY_MIB"); }
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

} // namespace
} // namespace catlab
