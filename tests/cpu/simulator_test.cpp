#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/presets.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <unistd.h>

namespace catlab {
namespace {

using testing::errorOf;

TEST(RandomFill, IsDeterministicAndHasTheDensity) {
    Grid a({333, 217}), b({333, 217}), c({333, 217});
    fillRandom(a, 0.3, 42);
    fillRandom(b, 0.3, 42);
    fillRandom(c, 0.3, 43);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    const double density = double(a.population()) / double(a.cellCount());
    EXPECT_NEAR(density, 0.3, 0.01);
    Grid full({10, 10});
    fillRandom(full, 1.0, 1);
    EXPECT_EQ(full.population(), 100u);
    EXPECT_THROW(fillRandom(full, 1.5, 1), Error);
}

TEST(Simulator, SteppingInPiecesEqualsSteppingAtOnce) {
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, false, 3);
    Simulator whole(rule, {61, 47}, 0.4, 5, "cpu-naive");
    Simulator pieces(rule, {61, 47}, 0.4, 5, "cpu-naive");
    whole.step(30);
    for (int i = 0; i < 30; ++i) pieces.step();
    EXPECT_EQ(whole.snapshot(), pieces.snapshot());
    EXPECT_EQ(pieces.generation(), 30u);
}

TEST(Simulator, SwitchingBackendsMidRunChangesNothing) {
    const Rule rule = testing::scaledRule(3, Neighbourhood::VonNeumann, true, 4);
    Simulator straight(rule, {77, 53}, 0.35, 11, "cpu-naive");
    straight.step(100);
    std::vector<std::string> cpuBackends;
    for (const BackendSpec& spec : BackendRegistry::instance().all())
        if (spec.memorySpace == MemorySpace::Host) cpuBackends.push_back(spec.name);
    for (const std::string& a : cpuBackends)
        for (const std::string& b : cpuBackends) {
            SCOPED_TRACE(a + " -> " + b);
            Simulator sim(rule, {77, 53}, 0.35, 11, a);
            sim.step(37);
            sim.switchBackend(b);
            EXPECT_EQ(sim.backendName(), b);
            sim.step(63);
            EXPECT_EQ(sim.snapshot(), straight.snapshot());
            EXPECT_EQ(sim.generation(), 100u);
        }
}

TEST(Simulator, ChangingTheRuleKeepsTheCells) {
    Simulator sim(parseRule("B3/S23/C5").rule, {40, 40}, 0.5, 3, "cpu-naive");
    sim.step(5);
    Grid before = sim.snapshot();
    sim.setRule(parseRule("B3/S23").rule); // two states: decaying cells die
    for (Cell& c : before.cells())
        if (c >= 2) c = 0;
    EXPECT_EQ(sim.snapshot(), before);
    EXPECT_THROW(sim.setRule(parseRule("R30,C0,M0,S1..2,B3..4,NM").rule), Error); // 40 < 61 cells
    EXPECT_EQ(sim.rule(), parseRule("B3/S23").rule);
}

TEST(Simulator, TimedStepsAdvanceLikeSteps) {
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, false, 3);
    Simulator timed(rule, {61, 47}, 0.4, 5, "cpu");
    Simulator plain(rule, {61, 47}, 0.4, 5, "cpu");
    EXPECT_STREQ(timed.stepTimerMethod(), "steady_clock");
    EXPECT_GE(timed.timedStep(7), 0.0);
    plain.step(7);
    EXPECT_EQ(timed.generation(), 7u);
    EXPECT_EQ(timed.snapshot(), plain.snapshot());
    EXPECT_EQ(timed.memorySpace(), MemorySpace::Host);
    EXPECT_THROW(timed.timedStep(-1), Error);
}

TEST(Simulator, LoadingWithARuleReplacesCellsSizeAndRule) {
    Simulator sim(parseRule("B3/S23").rule, {40, 30}, 0.5, 3, "cpu");
    sim.step(4);
    Grid pattern({57, 43});
    fillRandom(pattern, 0.3, 9);
    pattern.at(1, 1) = 3;
    const Rule decay = parseRule("R2,C4,M0,S3..8,B5..7,NM").rule;
    EXPECT_THROW(sim.load(pattern, parseRule("B3/S23").rule), Error); // state 3 in a 2-state rule
    EXPECT_EQ(sim.size(), (GridSize{40, 30}));
    EXPECT_EQ(sim.generation(), 4u);
    sim.load(pattern, decay);
    EXPECT_EQ(sim.rule(), decay);
    EXPECT_EQ(sim.snapshot(), pattern);
    EXPECT_EQ(sim.generation(), 0u);
    EXPECT_EQ(sim.backendName(), "cpu");
    Simulator oracle(decay, pattern, "cpu-naive");
    sim.step(10);
    oracle.step(10);
    EXPECT_EQ(sim.snapshot(), oracle.snapshot());
}

TEST(Simulator, BadRequestsAreRefusedClearly) {
    const Rule life = parseRule("B3/S23").rule;
    EXPECT_NE(errorOf([&] {
                  Simulator(life, {50, 50}, 0.5, 1, "warp-drive");
              }).find("unknown backend 'warp-drive' (known: cpu-naive"),
              std::string::npos);
    EXPECT_NE(errorOf([&] {
                  Simulator(parseRule("R5,C0,M0,S1..2,B3..4,NM").rule, {10, 50}, 0.5, 1, "cpu-naive");
              }).find("too small for radius 5: each side needs at least 2r+1 = 11"),
              std::string::npos);
    EXPECT_NE(errorOf([&] {
                  Simulator(life, {0, 5}, 0.5, 1, "cpu-naive");
              }).find("must be positive"),
              std::string::npos);
    EXPECT_NE(errorOf([&] {
                  Simulator(life, {1 << 20, 1 << 20}, 0.5, 1, "cpu-naive");
              }).find("more than"),
              std::string::npos);
    const double freeBytes = double(sysconf(_SC_AVPHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
    if (freeBytes < double(1ull << 36)) { // 2^36 cells do not fit: refused before allocating anything
        EXPECT_NE(errorOf([&] {
                      Simulator(life, {1 << 18, 1 << 18}, 0.5, 1, "cpu-naive");
                  }).find("of host memory for rule B3/S23 on a 262144x262144 grid"),
                  std::string::npos);
    }
    EXPECT_NE(errorOf([&] { Simulator(life, {50, 50}, -0.1, 1, "cpu-naive"); }).find("density"), std::string::npos);
    EXPECT_NE(errorOf([&] {
                  Simulator(life, {50, 50}, 0.5, 1, "CPU-NAIVE").step(-1);
              }).find("negative"),
              std::string::npos);
}

TEST(Simulator, CellsOutsideTheRulesStatesAreRefused) {
    Grid grid({20, 20});
    grid.at(3, 4) = 2;
    EXPECT_NE(errorOf([&] {
                  Simulator(parseRule("B3/S23").rule, grid, "cpu-naive");
              }).find("cell (3, 4) is in state 2 but rule B3/S23 has only 2 states"),
              std::string::npos);
    Simulator sim(parseRule("B3/S23/C3").rule, grid, "cpu-naive");
    grid.at(5, 5) = 7;
    EXPECT_THROW(sim.load(grid), Error);
}

TEST(Registry, NamesAreCaseInsensitiveAndUnique) {
    const BackendRegistry& registry = BackendRegistry::instance();
    EXPECT_EQ(registry.find("CPU-Naive").name, "cpu-naive");
    std::vector<BackendSpec> twice = registry.all();
    twice.push_back(registry.find("cpu"));
    twice.back().name = "CPU";
    EXPECT_NE(errorOf([&] { BackendRegistry{twice}; }).find("backend 'CPU' is listed twice"), std::string::npos);
    for (const BackendSpec& spec : registry.all())
        if (spec.memorySpace == MemorySpace::Device && spec.unavailableReason()) {
            EXPECT_THROW(registry.create(spec.name, parseRule("B3/S23").rule, {64, 64}), Error) << spec.name;
        }
}

TEST(Registry, CpuBackendsComputeEveryRule) {
    const Rule widest = parseRule("R500,C256,M1,S1..2,B3..4,NC").rule;
    for (const std::string name : {"cpu", "cpu-naive"}) {
        const BackendSpec& spec = BackendRegistry::instance().find(name);
        EXPECT_EQ(spec.rulesSummary, "any rule");
        EXPECT_FALSE(spec.unavailableReason());
        EXPECT_FALSE(spec.unsupportedReason(widest));
    }
}

TEST(Presets, AllParseAndIdsAreUnique) {
    std::set<std::string> ids;
    for (const Preset& p : presets()) {
        EXPECT_TRUE(ids.insert(p.id).second) << p.id;
        EXPECT_NO_THROW(p.rule.validate()) << p.id;
        EXPECT_GE(p.density, 0.0);
        EXPECT_LE(p.density, 1.0);
    }
    EXPECT_GE(presets().size(), 30u);
    EXPECT_EQ(findPreset("ANNEAL")->rule, parseRule("B4678/S35678").rule);
    EXPECT_EQ(findPreset("Game of Life")->rule, parseRule("B3/S23").rule);
    // The CAT paper's instances, as its benchmark runs them (M0).
    EXPECT_EQ(findPreset("cat-r5")->rule, parseRule("R5,C0,M0,S35..59,B34..45,NM").rule);
    EXPECT_EQ(findPreset("cat-r16")->rule, parseRule("R16,C0,M0,S170..296,B170..300,NM").rule);
    EXPECT_DOUBLE_EQ(findPreset("cat-r1")->density, 0.07);
    for (int r = 1; r <= 16; ++r) EXPECT_EQ(findPreset("cat-r" + std::to_string(r))->rule.radius, r);
    EXPECT_EQ(findPreset("no-such-rule"), nullptr);
}

TEST(Presets, ParserReportsLineNumbers) {
    EXPECT_NE(errorOf([] {
                  parsePresets("# header\nlife;Life;0.3;B3/S23;ok\nbad;Bad;2;B3/S23;x\n");
              }).find("presets line 3: bad density"),
              std::string::npos);
    EXPECT_NE(errorOf([] { parsePresets("x;X;0.5;B3/Q23;n\n"); }).find("presets line 1"), std::string::npos);
    EXPECT_NE(errorOf([] { resolveRule("no such preset"); }).find("neither a preset"), std::string::npos);
}

} // namespace
} // namespace catlab
