// Every CUDA backend against the cpu-naive oracle: every preset, radii 1..16, Moore and von Neumann,
// centre in and out, 2 and more states, grid sides that are multiples of nothing, >= 100 steps;
// then switching between every pair of backends mid-run.
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/gpu_backends.hpp"
#include "catlab/presets.hpp"
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <map>
#include <mutex>

namespace catlab {
namespace {

constexpr int kSteps = 100;

struct Case {
    std::string label;
    Rule rule;
    GridSize size;
    double density;
};

std::vector<Case> allCases() {
    std::vector<Case> cases;
    for (const Preset& p : presets()) cases.push_back({"preset_" + p.id, p.rule, {1000, 777}, p.density});
    for (int r : {1, 2, 3, 5, 8, 13, 16}) {
        cases.push_back(
            {"moore_r" + std::to_string(r), testing::scaledRule(r, Neighbourhood::Moore, false, 2), {401, 333}, 0.3});
        cases.push_back({"vonneumann_centre_r" + std::to_string(r),
                         testing::scaledRule(r, Neighbourhood::VonNeumann, true, 2),
                         {401, 333},
                         0.3});
        cases.push_back({"moore_centre_4states_r" + std::to_string(r),
                         testing::scaledRule(r, Neighbourhood::Moore, true, 4),
                         {333, 401},
                         0.35});
    }
    cases.push_back({"circular_r7", testing::scaledRule(7, Neighbourhood::Circular, false, 2), {257, 263}, 0.3});
    // Past r ~ 120 the shared-memory backends no longer hold the whole halo tile and walk it in bands.
    cases.push_back({"vonneumann_centre_3states_r130",
                     testing::scaledRule(130, Neighbourhood::VonNeumann, true, 3),
                     {263, 271},
                     0.35});
    return cases;
}

Grid initialState(const Case& c) {
    Grid g(c.size);
    fillRandom(g, c.density, 20261122);
    return g;
}

// The oracle's answer for a case, computed once and shared by every backend.
const Grid& expected(const Case& c) {
    static std::mutex mutex;
    static std::map<std::string, Grid> cache;
    std::lock_guard lock(mutex);
    auto it = cache.find(c.label);
    if (it == cache.end()) {
        Simulator oracle(c.rule, initialState(c), "cpu-naive");
        oracle.step(kSteps);
        it = cache.emplace(c.label, oracle.snapshot()).first;
    }
    return it->second;
}

std::optional<std::string> skipReason() {
    const BackendInfo& info = BackendRegistry::instance().find(kGpuBackendDescriptions[0].name);
    return info.unavailableReason();
}

std::string where(const Grid& a, long long index) {
    return "first difference at (" + std::to_string(index % a.width()) + ", " + std::to_string(index / a.width()) + ")";
}

class GpuBackendTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuBackendTest, MatchesOracleOnEveryCase) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const BackendInfo& info = BackendRegistry::instance().find(GetParam());
    int compared = 0;
    for (const Case& c : allCases()) {
        SCOPED_TRACE(c.label + " " + c.rule.format());
        if (auto why = info.unsupportedReason(c.rule)) {
            // Refused rules must be refused loudly, never computed wrongly.
            EXPECT_THROW(Simulator(c.rule, initialState(c), GetParam()), Error);
            continue;
        }
        Simulator sim(c.rule, initialState(c), GetParam());
        sim.step(kSteps);
        const Grid got = sim.snapshot();
        const long long diff = firstDifference(got, expected(c));
        EXPECT_EQ(diff, -1) << GetParam() << " differs from cpu-naive: " << where(got, diff);
        ++compared;
    }
    EXPECT_GT(compared, 0) << GetParam() << " supports none of the test rules";
}

// Small odd grids at the extremes of the shapes (the sanitizer script runs this one).
TEST_P(GpuBackendTest, SmallOddGrids) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const std::vector<Case> cases{
        {"life", parseRule("B3/S23").rule, {67, 71}, 0.3},
        {"vn_r5", testing::scaledRule(5, Neighbourhood::VonNeumann, true, 2), {23, 97}, 0.3},
        {"moore_r16_5states", testing::scaledRule(16, Neighbourhood::Moore, false, 5), {33, 35}, 0.4},
        {"moore_r40", testing::scaledRule(40, Neighbourhood::Moore, true, 2), {81, 131}, 0.4},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.label);
        if (BackendRegistry::instance().find(GetParam()).unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, initialState(c), GetParam());
        Simulator oracle(c.rule, initialState(c), "cpu-naive");
        sim.step(20);
        oracle.step(20);
        EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
    }
}

// Tiny grids and few steps: quick enough for compute-sanitizer's racecheck on every backend.
TEST_P(GpuBackendTest, SanitizerSmoke) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const std::vector<Case> cases{
        {"life", parseRule("B3/S23").rule, {37, 29}, 0.3},
        {"moore_r5", testing::scaledRule(5, Neighbourhood::Moore, false, 3), {23, 41}, 0.3},
        {"vn_r16", testing::scaledRule(16, Neighbourhood::VonNeumann, true, 2), {35, 33}, 0.4},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.label);
        if (BackendRegistry::instance().find(GetParam()).unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, initialState(c), GetParam());
        Simulator oracle(c.rule, initialState(c), "cpu-naive");
        sim.step(2);
        oracle.step(2);
        EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
        EXPECT_EQ(sim.population(), oracle.population());
    }
}

// Past r ~ 120 the shared-memory backends no longer hold the whole halo tile and walk it in bands. At
// such radii a random start turns uniform within a few steps, so each generation is compared; with the
// thresholds at the mean count, the first generations hinge on every cell's exact count.
TEST_P(GpuBackendTest, LargeRadiusEveryGeneration) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    for (const Neighbourhood shape : {Neighbourhood::VonNeumann, Neighbourhood::Moore}) {
        Rule rule;
        rule.radius = 130;
        rule.neighbourhood = shape;
        rule.includeCentre = true;
        rule.states = 3;
        const int mean = rule.neighbourhoodSize() * 3 / 10;
        rule.birth = CountSet({{mean, mean + rule.neighbourhoodSize() / 5}});
        rule.survival = CountSet({{mean - 50, mean + 40}, {mean + 90, mean + rule.neighbourhoodSize() / 4}});
        SCOPED_TRACE(rule.format());
        if (BackendRegistry::instance().find(GetParam()).unsupportedReason(rule)) continue;
        const Case c{"large", rule, {263, 271}, 0.3};
        Simulator sim(rule, initialState(c), GetParam());
        Simulator oracle(rule, initialState(c), "cpu-naive");
        for (int g = 1; g <= 4; ++g) {
            sim.step();
            oracle.step();
            const Grid expected = oracle.snapshot();
            EXPECT_EQ(firstDifference(sim.snapshot(), expected), -1) << "generation " << g;
            if (g == 1) {
                EXPECT_GT(expected.population(), 1000u) << "generation 1 should be a busy pattern";
            }
        }
    }
}

// The first of the rules that the backend computes (radius-1 backends refuse the wider ones).
Rule supportedRule(const std::string& backend, const std::vector<Rule>& rules) {
    const BackendInfo& info = BackendRegistry::instance().find(backend);
    for (const Rule& rule : rules)
        if (!info.unsupportedReason(rule)) return rule;
    ADD_FAILURE() << backend << " supports none of the rules";
    return rules.front();
}

TEST_P(GpuBackendTest, RandomFillMatchesHost) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule rule =
        supportedRule(GetParam(), {testing::scaledRule(3, Neighbourhood::Moore, false, 2), parseRule("B3/S23").rule});
    Simulator sim(rule, {1001, 779}, 0.37, 99, GetParam());
    Grid host({1001, 779});
    fillRandom(host, 0.37, 99);
    EXPECT_EQ(firstDifference(sim.snapshot(), host), -1);
    EXPECT_EQ(sim.population(), host.population());
}

// More rows than a launch grid is high (65535 blocks): loading, random fill, halo refresh and steps
// must not put a row count in gridDim.y. The second grid has more rows than 65535 tiles of 8.
TEST_P(GpuBackendTest, TallGridsMatchOracle) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const BackendInfo& info = BackendRegistry::instance().find(GetParam());
    int compared = 0;
    for (const Case& c : {Case{"life", parseRule("B3/S23").rule, {64, 70000}, 0.3},
                          Case{"moore_r2", testing::scaledRule(2, Neighbourhood::Moore, false, 2), {64, 70000}, 0.3},
                          Case{"life_very_tall", parseRule("B3/S23").rule, {24, 600000}, 0.3}}) {
        SCOPED_TRACE(c.label + " on " + std::to_string(c.size.width) + "x" + std::to_string(c.size.height));
        if (info.unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, initialState(c), GetParam());
        Simulator oracle(c.rule, initialState(c), "cpu-naive");
        sim.step(3);
        oracle.step(3);
        const Grid got = sim.snapshot();
        const long long diff = firstDifference(got, oracle.snapshot());
        EXPECT_EQ(diff, -1) << GetParam() << " differs from cpu-naive: " << where(got, diff);
        EXPECT_EQ(sim.population(), oracle.population());
        // A random start filled on the device, tall as well.
        Simulator filled(c.rule, c.size, 0.4, 3, GetParam());
        Grid host(c.size);
        fillRandom(host, 0.4, 3);
        EXPECT_EQ(firstDifference(filled.snapshot(), host), -1) << "random fill";
        ++compared;
    }
    EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(AllGpuBackends, GpuBackendTest, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const auto& d : kGpuBackendDescriptions) names.emplace_back(d.name);
                             return names;
                         }()),
                         [](const auto& param) { return param.param; });

// Radius 5 for the general backends, Life so that radius-1 backends take part; pairs where either
// backend refuses the rule are skipped. These cases are not in allCases(): the oracle runs here.
TEST(GpuBackendSwitching, EveryPairMidRunMatchesOracle) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    std::vector<std::string> names{"cpu", "cpu-naive"};
    for (const auto& d : kGpuBackendDescriptions) names.emplace_back(d.name);
    const BackendRegistry& registry = BackendRegistry::instance();
    for (const Case& c : {Case{"switch", testing::scaledRule(5, Neighbourhood::Moore, false, 2), {517, 389}, 0.3},
                          Case{"switch_life", parseRule("B3/S23").rule, {517, 389}, 0.3}}) {
        Simulator oracle(c.rule, initialState(c), "cpu-naive");
        oracle.step(kSteps);
        const Grid want = oracle.snapshot();
        for (const std::string& from : names)
            for (const std::string& to : names) {
                if (from == to || registry.find(from).unsupportedReason(c.rule) ||
                    registry.find(to).unsupportedReason(c.rule))
                    continue;
                SCOPED_TRACE(c.label + ": " + from + " -> " + to);
                Simulator sim(c.rule, initialState(c), from);
                sim.step(kSteps / 2);
                sim.switchBackend(to);
                EXPECT_EQ(sim.backendName(), to);
                sim.step(kSteps - kSteps / 2);
                EXPECT_EQ(firstDifference(sim.snapshot(), want), -1);
            }
    }
}

TEST(GpuBackendFaults, TooLargeGridIsRefusedAndGpuStaysUsable) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule rule = testing::scaledRule(1, Neighbourhood::Moore, false, 2);
    // 2^20 x 2^20 cells = 1 TiB: more than any GPU holds.
    EXPECT_THROW(BackendRegistry::instance().create("base", rule, {1 << 20, 1 << 20}), Error);
    Simulator sim(rule, {64, 64}, 0.5, 1, "base");
    sim.step(3);
    EXPECT_GT(sim.population(), 0u);
}

} // namespace
} // namespace catlab
