// Golly's Larger-than-Life, Generations and Life-Like library files on the GPU: every GPU backend that
// takes a file's rule steps it to the same cells as the cpu backend, which the CPU suite checks against
// bgolly itself (tests/cpu/golly_oracle_test.cpp). Skipped without a CUDA device or without the library
// (CATLAB_GOLLY_PATTERNS names a copy of Golly's Patterns folder).
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"
#include "support/backend_names.hpp"
#include "support/golly_library.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace catlab {
namespace {

Grid stepped(const std::string& backend, const Rule& rule, const Grid& start, int generations) {
    Simulator sim(rule, start, backend);
    sim.step(generations);
    return sim.snapshot();
}

TEST(GollyLibraryOnGpu, EveryGpuBackendStepsEveryFileAsTheCpuBackendDoes) {
    const auto devices = testing::deviceBackendNames();
    if (devices.empty() || BackendRegistry::instance().find(devices.front()).unavailableReason())
        GTEST_SKIP() << "no CUDA device here";
    int files = 0, runs = 0;
    for (const std::string folder : {"Larger-than-Life", "Generations", "Life-Like"}) {
        for (const auto& file : testing::libraryFiles(folder)) {
            SCOPED_TRACE(file.string());
            const Pattern p = readPatternFile(file.string());
            const Rule rule = p.rule ? p.rule->rule : parseRule("B3/S23").rule;
            const int generations = testing::libraryGenerations(rule);
            const Grid start = placePattern(p, testing::libraryTorus(p, rule, generations));
            const Grid expected = stepped("cpu", rule, start, generations);
            int backends = 0;
            for (const std::string& backend : devices) {
                if (BackendRegistry::instance().find(backend).unsupportedReason(rule)) continue;
                EXPECT_EQ(stepped(backend, rule, start, generations), expected) << backend;
                ++backends;
                ++runs;
            }
            EXPECT_GE(backends, 1) << "no GPU backend takes " << rule.format();
            std::cout << "[golly-gpu] " << folder << "/" << file.filename().string() << ": " << backends
                      << " GPU backend(s), " << generations << " generations\n";
            ++files;
        }
    }
    if (files == 0) GTEST_SKIP() << "Golly's pattern library is not under " << testing::gollyPatterns();
    std::cout << "[golly-gpu] " << files << " library files, " << runs << " GPU runs\n";
}

} // namespace
} // namespace catlab
