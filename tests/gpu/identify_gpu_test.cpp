// Identify on every CUDA backend: the same result as on the cpu-naive oracle for known objects (their
// signatures computed on the device each generation), and on a grid large enough that copying it to
// the host each generation would show, a spaceship crossing the torus edge.
#include "catlab/backend_registry.hpp"
#include "catlab/identify.hpp"
#include "catlab/pattern_signature.hpp"
#include "catlab/simulator.hpp"
#include "support/backend_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab {
namespace {

std::optional<std::string> skipReason() {
    return BackendRegistry::instance().find(testing::deviceBackendNames().front()).unavailableReason();
}

Grid withCells(GridSize size, int x0, int y0, const std::vector<std::vector<int>>& cells) {
    Grid grid(size);
    for (const auto& c : cells) grid.at((x0 + c[0]) % size.width, (y0 + c[1]) % size.height) = Cell(c[2]);
    return grid;
}

const std::vector<std::vector<int>> kGlider = {{1, 0, 1}, {2, 1, 1}, {0, 2, 1}, {1, 2, 1}, {2, 2, 1}};

void expectSame(const IdentifyResult& got, const IdentifyResult& want, const std::string& what) {
    EXPECT_EQ(got.kind, want.kind) << what;
    EXPECT_EQ(got.period, want.period) << what;
    EXPECT_EQ(got.cycleStart, want.cycleStart) << what;
    EXPECT_EQ(got.dx, want.dx) << what;
    EXPECT_EQ(got.dy, want.dy) << what;
    EXPECT_EQ(got.box.x, want.box.x) << what;
    EXPECT_EQ(got.box.width, want.box.width) << what;
    EXPECT_EQ(got.minPopulation, want.minPopulation) << what;
    EXPECT_EQ(got.maxPopulation, want.maxPopulation) << what;
    EXPECT_EQ(got.heat, want.heat) << what;
}

TEST(IdentifyOnTheGpu, EveryDeviceBackendAgreesWithTheOracle) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    struct Case {
        std::string rule;
        Grid start;
    };
    Grid soup({77, 53});
    fillRandom(soup, 0.35, 11);
    const std::vector<Case> cases = {
        {"B3/S23", withCells({71, 53}, 69, 51, kGlider)},
        {"B3/S23", soup},
        {"/2/3", withCells({50, 38}, 48, 10, {{0, 0, 1}, {1, 0, 1}, {0, 1, 2}, {1, 1, 2}})},
        {"R5,C0,M1,S34..58,B34..45,NM", soup},
    };
    for (const Case& c : cases) {
        const Rule rule = parseRule(c.rule).rule;
        const IdentifyResult want = identify(rule, c.start, {"cpu-naive", 400});
        for (const std::string& backend : testing::deviceBackendNames()) {
            const BackendSpec& spec = BackendRegistry::instance().find(backend);
            if (spec.unsupportedReason(rule)) continue;
            expectSame(identify(rule, c.start, {backend, 400}), want, backend + " on " + c.rule);
        }
    }
}

TEST(IdentifyOnTheGpu, SignatureOfALargeGridMatchesTheHost) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    Grid grid({8191, 4097});
    fillRandom(grid, 0.001, 5);
    grid.at(8190, 4096) = 1; // across both edges
    grid.at(0, 0) = 1;
    const PatternSignature want = signatureOf(grid);
    const Rule life = parseRule("B3/S23").rule;
    for (const std::string& backend : testing::deviceBackendNames()) {
        if (BackendRegistry::instance().find(backend).unsupportedReason(life)) continue;
        Simulator sim(life, grid, backend);
        const PatternSignature got = sim.signature();
        EXPECT_EQ(got.hash, want.hash) << backend;
        EXPECT_EQ(got.population, want.population) << backend;
        EXPECT_EQ(got.box.width, want.box.width) << backend;
    }
}

TEST(IdentifyOnTheGpu, SpaceshipRoundALargeTorus) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Grid start = withCells({4096, 4096}, 4094, 4094, kGlider);
    const Rule life = parseRule("B3/S23").rule;
    for (const std::string& backend : testing::deviceBackendNames()) {
        if (BackendRegistry::instance().find(backend).unsupportedReason(life)) continue;
        const IdentifyResult r = identify(life, start, {backend, 100});
        EXPECT_EQ(r.kind, IdentifyKind::Spaceship) << backend;
        EXPECT_EQ(speedText(r.dx, r.dy, r.period), "c/4 diagonal") << backend;
        EXPECT_EQ(r.heat, 4.0) << backend;
    }
}

} // namespace
} // namespace catlab
