// One suite for every backend in the registry, CPU and GPU alike (GPU backends skip, saying why, where
// there is no CUDA device): each matches the cpu-naive oracle cell for cell on every case of
// oracle_cases.hpp it computes and refuses the others with the reason; a run can switch to any other
// backend mid-way without changing the outcome; rule changes keep the cells.
#include "backends/oracle_cases.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view.hpp"
#include "support/error_of.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

namespace catlab {
namespace {

using testing::OracleCase;

const BackendSpec& specOf(const std::string& name) { return BackendRegistry::instance().find(name); }

std::vector<std::string> allBackends() {
    std::vector<std::string> names;
    for (const BackendSpec& spec : BackendRegistry::instance().all()) names.push_back(spec.name);
    return names;
}

// Every backend but the oracle itself.
std::vector<std::string> checkedBackends() {
    std::vector<std::string> names = allBackends();
    std::erase(names, std::string("cpu-naive"));
    return names;
}

using testing::errorOf;

// A failure names the first differing cell.
::testing::AssertionResult sameGrid(const Grid& got, const Grid& want, int generation) {
    const long long i = firstDifference(got, want);
    if (i < 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "first difference at generation " << generation << ", cell ("
                                         << i % got.width() << ", " << i / got.width()
                                         << "): " << int(got.cells()[std::size_t(i)]) << " instead of "
                                         << int(want.cells()[std::size_t(i)]);
}

// Runs the case on the backend, comparing with the oracle at every checked generation.
::testing::AssertionResult matchesOracle(const std::string& backend, const std::string& group, const OracleCase& c) {
    Simulator sim(c.rule, c.start, backend);
    if (c.oracleFromBackendState) {
        Simulator oracle(c.rule, c.start, "cpu-naive");
        for (int g = 1; g <= c.steps; ++g) {
            const bool check = std::find(c.checked.begin(), c.checked.end(), g) != c.checked.end();
            if (check) oracle.load(sim.snapshot());
            sim.step();
            if (!check) continue;
            oracle.step();
            if (auto same = sameGrid(sim.snapshot(), oracle.snapshot(), g); !same) return same;
        }
        return ::testing::AssertionSuccess();
    }
    const std::vector<Grid>& expected = testing::oracleGenerations(group, c);
    std::size_t next = 0;
    for (int g = 1; g <= c.steps; ++g) {
        sim.step();
        if (!c.checked.empty() && std::find(c.checked.begin(), c.checked.end(), g) == c.checked.end()) continue;
        const Grid& want = expected[next++];
        if (auto same = sameGrid(sim.snapshot(), want, g); !same) return same;
        if (g == c.steps && sim.population() != want.population())
            return ::testing::AssertionFailure()
                   << "population " << sim.population() << " instead of " << want.population();
    }
    return ::testing::AssertionSuccess();
}

std::optional<std::string> skipReason(const std::string& backend) { return specOf(backend).unavailableReason(); }

// ---- the oracle, group by group ----

class OracleMatch : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(OracleMatch, EveryCaseComputedOrRefused) {
    const auto& [backend, group] = GetParam();
    if (auto why = skipReason(backend)) GTEST_SKIP() << backend << " does not run here: " << *why;
    const BackendSpec& spec = specOf(backend);
    for (const OracleCase& c : testing::oracleCases(group)) {
        SCOPED_TRACE(c.label + ": " + c.rule.format());
        if (auto why = spec.unsupportedReason(c.rule)) {
            // Refused rules must be refused loudly, with the reason, never computed wrongly.
            const std::string error = errorOf([&] { Simulator(c.rule, c.start, backend); });
            EXPECT_NE(error.find(*why), std::string::npos) << error;
            continue;
        }
        EXPECT_TRUE(matchesOracle(backend, group, c));
    }
}

INSTANTIATE_TEST_SUITE_P(EveryBackend, OracleMatch,
                         ::testing::Combine(::testing::ValuesIn(checkedBackends()),
                                            ::testing::ValuesIn(testing::oracleCaseGroups())),
                         [](const auto& test) {
                             std::string name = std::get<0>(test.param) + "_" + std::get<1>(test.param);
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// ---- one backend at a time ----

class EveryBackend : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        if (auto why = skipReason(GetParam())) GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    }
    const BackendSpec& spec() const { return specOf(GetParam()); }
    // The first of these rules the backend computes.
    Rule firstComputed(const std::vector<Rule>& rules) const {
        for (const Rule& rule : rules)
            if (!spec().unsupportedReason(rule)) return rule;
        ADD_FAILURE() << GetParam() << " computes none of the rules";
        return rules.front();
    }
};

std::string backendName(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

// Tiny grids and few steps: quick enough for compute-sanitizer's racecheck on every GPU backend.
TEST_P(EveryBackend, SanitizerSmoke) {
    for (const auto& [rule, size] : {std::pair{parseRule("B3/S23").rule, GridSize{37, 29}},
                                     {testing::scaledRule(5, Neighbourhood::Moore, false, 3), {23, 41}},
                                     {testing::scaledRule(16, Neighbourhood::VonNeumann, true, 2), {35, 33}}}) {
        SCOPED_TRACE(rule.format());
        if (spec().unsupportedReason(rule)) continue;
        const Grid start = testing::randomStart(size, 0.3, 20261122, rule.states);
        Simulator sim(rule, start, GetParam());
        Simulator oracle(rule, start, "cpu-naive");
        sim.step(2);
        oracle.step(2);
        EXPECT_TRUE(sameGrid(sim.snapshot(), oracle.snapshot(), 2));
        EXPECT_EQ(sim.population(), oracle.population());
        // The view export's kernels too: zoomed out over several rows and words, and zoomed in.
        for (const ViewWindow window : {ViewWindow{0.5, 0.5, 3.7, 13, 11}, ViewWindow{-2.25, 1.5, 0.4, 17, 9}}) {
            std::vector<ViewPixel> exported(std::size_t(window.width) * std::size_t(window.height));
            std::vector<ViewPixel> expected(exported.size());
            sim.exportView(window, {exported.data(), window.width, MemorySpace::Host});
            oracle.exportView(window, {expected.data(), window.width, MemorySpace::Host});
            EXPECT_TRUE(exported == expected) << window.cellsPerPixel << " cells per pixel";
        }
    }
}

TEST_P(EveryBackend, RandomFillMatchesHost) {
    const Rule rule = firstComputed({testing::scaledRule(3, Neighbourhood::Moore, false, 2), parseRule("B3/S23").rule});
    for (const GridSize size : {GridSize{1001, 779}, GridSize{64, 70000}}) {
        Simulator sim(rule, size, 0.37, 99, GetParam());
        Grid host(size);
        fillRandom(host, 0.37, 99);
        EXPECT_TRUE(sameGrid(sim.snapshot(), host, 0)) << size.width << "x" << size.height;
        EXPECT_EQ(sim.population(), host.population());
    }
}

// A band of a taller grid starts with that grid's rows (distributed grids draw their bands so).
TEST_P(EveryBackend, RandomBandIsTheTallerGridsRows) {
    const Rule rule = firstComputed({testing::scaledRule(3, Neighbourhood::Moore, false, 2), parseRule("B3/S23").rule});
    // Row 0 is row 2^32 - 6: the rows wrap past 2^32 as those of a band whose upper halo starts above row 0.
    Simulator band(rule, {203, 57}, 0.41, 7, GetParam(), 4294967290u);
    Grid expected({203, 57});
    fillRandom(expected, 0.41, 7, 4294967290u);
    Grid whole({203, 51});
    fillRandom(whole, 0.41, 7);
    for (int y = 6; y < 57; ++y) ASSERT_TRUE(std::equal(expected.row(y), expected.row(y) + 203, whole.row(y - 6)));
    EXPECT_TRUE(sameGrid(band.snapshot(), expected, 0));
}

// Whole rows out of and into the state, through host buffers and (device backends) device buffers:
// the halo exchange of distributed grids. Only the rows written change, and the next steps see them.
TEST_P(EveryBackend, RowsReadAndWrittenInPlace) {
    const Rule rule = firstComputed({testing::scaledRule(3, Neighbourhood::Moore, false, 4), parseRule("B3/S23").rule});
    const GridSize size{131, 47};
    const Grid start = testing::randomStart(size, 0.4, 5, rule.states),
               other = testing::randomStart(size, 0.4, 6, rule.states);
    std::vector<MemorySpace> spaces{MemorySpace::Host};
    if (spec().memorySpace == MemorySpace::Device) spaces.push_back(MemorySpace::Device);
    for (const MemorySpace space : spaces) {
        SCOPED_TRACE(space == MemorySpace::Host ? "host buffer" : "device buffer");
        Simulator sim(rule, start, GetParam());
        CellStorage rows(space, {size.width, 9});
        sim.readRows(30, rows.view());
        Grid read({size.width, 9});
        copyRows(read.row(0), std::size_t(size.width), MemorySpace::Host, rows.view().data, std::size_t(size.width),
                 space, std::size_t(size.width), 9);
        for (int y = 0; y < 9; ++y)
            ASSERT_TRUE(std::equal(read.row(y), read.row(y) + size.width, start.row(30 + y))) << "row " << 30 + y;

        copyRows(rows.view().data, std::size_t(size.width), space, other.row(3), std::size_t(size.width),
                 MemorySpace::Host, std::size_t(size.width), 9);
        sim.writeRows(38, rows.view()); // rows 38..46: the last rows, next to the wrap
        Grid expected = start;
        for (int y = 0; y < 9; ++y) std::copy(other.row(3 + y), other.row(3 + y) + size.width, expected.row(38 + y));
        EXPECT_TRUE(sameGrid(sim.snapshot(), expected, 0));
        Simulator oracle(rule, expected, "cpu-naive");
        sim.step(3);
        oracle.step(3);
        EXPECT_TRUE(sameGrid(sim.snapshot(), oracle.snapshot(), 3));
        EXPECT_THROW(sim.readRows(40, rows.view()), Error) << "rows past the last one";
        EXPECT_THROW(sim.writeRows(-1, rows.view()), Error);
    }
}

// From this backend to every other one (the oracle included) half-way through: the same outcome as not
// switching. Pairs where either backend cannot compute the rule, or run here, are left out.
TEST_P(EveryBackend, SwitchingMidRunToAnyBackendChangesNothing) {
    constexpr int kSteps = 100;
    int pairs = 0;
    for (const Rule& rule : {testing::scaledRule(5, Neighbourhood::Moore, false, 2), parseRule("B3/S23").rule,
                             testing::scaledRule(3, Neighbourhood::VonNeumann, true, 4)}) {
        if (spec().unsupportedReason(rule)) continue;
        const Grid start = testing::randomStart({517, 389}, 0.3, 20261122, rule.states);
        Simulator oracle(rule, start, "cpu-naive");
        oracle.step(kSteps);
        const Grid want = oracle.snapshot();
        for (const std::string& to : allBackends()) {
            const BackendSpec& target = specOf(to);
            if (to == GetParam() || target.unavailableReason() || target.unsupportedReason(rule)) continue;
            SCOPED_TRACE(rule.format() + ": " + GetParam() + " -> " + to);
            Simulator sim(rule, start, GetParam());
            sim.step(kSteps / 2);
            sim.switchBackend(to);
            EXPECT_EQ(sim.backendName(), to);
            sim.step(kSteps - kSteps / 2);
            EXPECT_TRUE(sameGrid(sim.snapshot(), want, kSteps));
            EXPECT_EQ(sim.generation(), std::uint64_t(kSteps));
            ++pairs;
        }
    }
    EXPECT_GT(pairs, 0) << GetParam() << " switched to no other backend";
}

// A new rule the backend computes keeps the backend and the cells (cells in states the rule lacks die);
// one it cannot compute moves the cells to the fastest backend that can, and says so.
TEST_P(EveryBackend, RuleChangesKeepTheCells) {
    const Rule first = firstComputed({testing::scaledRule(3, Neighbourhood::Moore, false, 5),
                                      testing::scaledRule(3, Neighbourhood::Moore, false, 2),
                                      parseRule("B3/S23/C4").rule, parseRule("B3/S23").rule});
    const Rule second =
        firstComputed({testing::scaledRule(6, Neighbourhood::VonNeumann, true, 3),
                       testing::scaledRule(6, Neighbourhood::Moore, false, 2), parseRule("B36/S23").rule});
    const Grid start = testing::randomStart({101, 77}, 0.5, 3, first.states);
    Simulator sim(first, start, GetParam());
    Simulator oracle(first, start, "cpu-naive");
    sim.step(10);
    oracle.step(10);
    sim.setRule(second);
    oracle.setRule(second);
    EXPECT_EQ(sim.backendName(), spec().name);
    EXPECT_TRUE(sim.notice().empty()) << sim.notice();
    EXPECT_TRUE(sameGrid(sim.snapshot(), oracle.snapshot(), 10)) << "the cells after the rule change";
    sim.step(40);
    oracle.step(40);
    EXPECT_TRUE(sameGrid(sim.snapshot(), oracle.snapshot(), 50));
    EXPECT_EQ(sim.generation(), 50u);

    // 20 survival intervals and 256 states: not every backend computes them.
    std::vector<Interval> odd;
    for (int c = 1; c <= 40; c += 2) odd.push_back({c, c});
    Rule hard = parseRule("R3,C256,M0,S2..3,B9..12,NM").rule;
    hard.survival = CountSet(odd);
    hard.validate();
    if (auto why = spec().unsupportedReason(hard)) {
        sim.setRule(hard);
        oracle.setRule(hard);
        EXPECT_NE(sim.backendName(), spec().name);
        EXPECT_NE(
            sim.notice().find("backend " + spec().name + " cannot compute this rule; switched to " + sim.backendName()),
            std::string::npos)
            << sim.notice();
        sim.step(5);
        oracle.step(5);
        EXPECT_TRUE(sameGrid(sim.snapshot(), oracle.snapshot(), 55));
    }
}

// What a backend cannot compute exactly it refuses with the reason; a refused switch changes nothing.
TEST_P(EveryBackend, RefusesWithTheReasonAndChangesNothing) {
    std::vector<Interval> odd;
    for (int c = 1; c <= 40; c += 2) odd.push_back({c, c});
    Rule twentyIntervals = parseRule("R3,C0,M0,S1..2,B9..12,NM").rule;
    twentyIntervals.survival = CountSet(odd);
    const std::vector<Rule> rules{
        parseRule("R7,C0,M0,S40..80,B45..60,NC").rule, parseRule("R200,C0,M0,S40000..70000,B45000..60000,NM").rule,
        parseRule("R2,C3,M0,S4..8,B6..7,NN").rule, parseRule("B3/S23/C256").rule, twentyIntervals};
    for (const Rule& rule : rules) {
        const auto why = spec().unsupportedReason(rule);
        if (!why) continue;
        SCOPED_TRACE(rule.format());
        const Grid start = testing::randomStart({411, 405}, 0.3, 5);
        EXPECT_NE(errorOf([&] {
                      Simulator(rule, start, GetParam());
                  }).find("backend '" + spec().name + "' does not support rule " + rule.format() + ": " + *why),
                  std::string::npos);
        Simulator sim(rule, start, "cpu");
        sim.step(2);
        const Grid before = sim.snapshot();
        EXPECT_THROW(sim.switchBackend(GetParam()), Error);
        EXPECT_EQ(sim.backendName(), "cpu");
        EXPECT_TRUE(sameGrid(sim.snapshot(), before, 2));
    }
    // Grids past what any machine holds are refused before anything is allocated, and the backend
    // still works afterwards.
    const Rule small = firstComputed({testing::scaledRule(1, Neighbourhood::Moore, false, 2)});
    EXPECT_THROW(BackendRegistry::instance().create(GetParam(), small, {1 << 20, 1 << 20}), Error);
    Simulator sim(small, {64, 64}, 0.5, 1, GetParam());
    sim.step(3);
    EXPECT_GT(sim.population(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryBackend, ::testing::ValuesIn(allBackends()), backendName);

// A backend that cannot run here says why, with its name, whatever is asked of it.
// A backend that cannot compute a neighbourhood shape says which: its reason names the shape. (What a
// backend computes is known without a device, so every backend is asked here, GPU ones too.)
TEST(EveryBackendHere, RefusedShapesAreNamed) {
    std::vector<Rule> rules;
    for (char letter : std::string("MNC+X*2HBD#3ALG"))
        rules.push_back(parseRule("R1,C0,S2,B3,N" + std::string(1, letter)).rule);
    rules.push_back(parseRule("R1,C0,S2,B3,NW123401323").rule);
    rules.push_back(parseRule("R1,C0,S2,B3,N@F8").rule);
    int refused = 0;
    for (const BackendSpec& spec : BackendRegistry::instance().all())
        for (const Rule& rule : rules)
            if (auto why = spec.unsupportedReason(rule)) {
                ++refused;
                EXPECT_NE(why->find(toString(rule.neighbourhood)), std::string::npos)
                    << spec.name << " on " << rule.format() << ": " << *why;
            }
#ifdef CATLAB_HAVE_CUDA
    EXPECT_GT(refused, 0); // the row-span GPU backends refuse most of these shapes
#endif
}

TEST(EveryBackendHere, UnavailableBackendsSayWhy) {
    int unavailable = 0;
    for (const BackendSpec& spec : BackendRegistry::instance().all()) {
        const auto why = spec.unavailableReason();
        if (!why) continue;
        ++unavailable;
        EXPECT_NE(errorOf([&] {
                      Simulator(parseRule("B3/S23").rule, {64, 64}, 0.5, 1, spec.name);
                  }).find("backend '" + spec.name + "' is not available here: " + *why),
                  std::string::npos);
    }
    if (unavailable == 0) GTEST_SKIP() << "every backend runs here";
}

// The comparisons above prove little if the patterns die or freeze: check (with cpu) that they do not.
TEST(EveryBackendHere, BandedCasesStayBusy) {
    for (const std::string& group : testing::oracleCaseGroups()) {
        if (group.front() != 'r') continue; // the banded radius groups
        for (const OracleCase& c : testing::oracleCases(group)) {
            SCOPED_TRACE(c.label);
            Simulator sim(c.rule, c.start, "cpu");
            sim.step(c.steps - 1);
            const Grid before = sim.snapshot();
            sim.step(1);
            EXPECT_GT(sim.population(), 0u);
            EXPECT_NE(firstDifference(before, sim.snapshot()), -1) << "froze";
        }
    }
}

} // namespace
} // namespace catlab
