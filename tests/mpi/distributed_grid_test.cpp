// A grid cut into bands over every rank (MPI processes, or GPUs through NCCL) computes the same cells,
// bit for bit, as one grid on one backend: odd splits, radii and halos deeper than the bands, several
// rules (Life, Generations, Larger than Life with decay), backends switched mid-run, grids loaded and
// gathered. Every rank runs every test; rank 0 compares the gathered grid.
#include "mpi/rank_backends.hpp"
#include "mpi/rank_environment.hpp"
#include "support/test_rules.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/random.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace catlab::testing {
namespace {

struct Case {
    Rule rule;
    GridSize size;
    int steps = 20;
    int haloSteps = 0; // 0: the default for the radius
    double density = 0.4;
    std::uint64_t seed = 5;
    std::string reference = "cpu-naive"; // computes the expected grid
    bool tooSlowForNaive = false;        // large radius: skip cpu-naive on the ranks
};

Rule rule(const std::string& text) { return parseRule(text).rule; }

std::vector<std::string> backendsFor(const Case& c) { return rankBackendsFor(c.rule, c.tooSlowForNaive); }

// Whether halos should travel as the backend's own rows (Backend::rawRows) between these ranks: the
// bit-plane GPU backends through NCCL, cpu-naive's byte rows through MPI.
bool expectsRawHalos(const std::string& backend, const Communicator& comm) {
    if (comm.size() == 1) return false; // nothing travels
    if (comm.bufferSpace() == MemorySpace::Host) return backend == "cpu-naive";
    return backend == "boxsum" || backend == "bitlife";
}

Grid expectedGrid(const Case& c, int steps) {
    Simulator single(c.rule, c.size, c.density, c.seed, c.reference);
    single.step(steps);
    return single.snapshot();
}

// Steps in pieces of 1, 3, 7, ... so that exchanges fall anywhere in a call.
void stepInUnevenPieces(DistributedSimulator& grid, int steps) {
    for (int piece = 1; steps > 0; piece = 2 * piece + 1) {
        const int n = std::min(piece, steps);
        grid.step(n);
        steps -= n;
    }
}

void expectSameAsOneGrid(const Case& c) {
    const Grid start = expectedGrid(c, 0), end = expectedGrid(c, c.steps);
    const std::vector<std::string> backends = backendsFor(c);
    ASSERT_FALSE(backends.empty()) << "no backend here computes " << c.rule.format();
    for (const std::string& backend : backends) {
        for (const bool overlap : {false, true}) {
            SCOPED_TRACE("backend " + backend + ", rule " + c.rule.format() + ", " + std::to_string(c.size.width) +
                         "x" + std::to_string(c.size.height) + ", halo steps " + std::to_string(c.haloSteps) +
                         (overlap ? ", exchange overlapped" : ""));
            onEveryRank([&](Communicator& comm) {
                DistributedSimulator grid(comm, c.rule, c.size, c.density, c.seed, backend, c.haloSteps);
                grid.overlapExchange(overlap);
                if (comm.size() > 1) {
                    EXPECT_EQ(grid.rawHalos(), expectsRawHalos(backend, comm));
                    // boxsum computes the rows other ranks need first and sends them while it computes the rest.
                    EXPECT_EQ(grid.overlapsExchange(), overlap && backend == "boxsum" && comm.transport() == "nccl");
                }
                const Grid first = grid.gather();
                if (comm.rank() == 0) {
                    EXPECT_EQ(firstDifference(first, start), -1) << "the random start differs";
                }
                stepInUnevenPieces(grid, c.steps);
                const Grid last = grid.gather();
                const std::uint64_t population = grid.population();
                if (comm.rank() == 0) {
                    const long long at = firstDifference(last, end);
                    EXPECT_EQ(at, -1) << "first difference at cell (" << at % c.size.width << ", " << at / c.size.width
                                      << ") after " << c.steps << " steps";
                } else {
                    EXPECT_EQ(last.cellCount(), 0u) << "only rank 0 holds the gathered grid";
                }
                EXPECT_EQ(population, end.population());
                EXPECT_EQ(grid.generation(), std::uint64_t(c.steps));
            });
        }
    }
}

TEST(DistributedGrid, LifeOnAnOddTorus) {
    expectSameAsOneGrid({.rule = rule("B3/S23"), .size = {203, 157}, .steps = 60});
    expectSameAsOneGrid({.rule = rule("B3/S23"), .size = {203, 157}, .steps = 23, .haloSteps = 1});
    expectSameAsOneGrid({.rule = rule("B3/S23"), .size = {203, 157}, .steps = 23, .haloSteps = 7});
}

TEST(DistributedGrid, GenerationsRules) {
    expectSameAsOneGrid({.rule = rule("B2/S345/C4"), .size = {203, 157}, .steps = 40, .density = 0.35});
    expectSameAsOneGrid({.rule = rule("B2/S/C3"), .size = {203, 157}, .steps = 30, .haloSteps = 4, .density = 0.2});
}

TEST(DistributedGrid, LargerThanLifeRadiusFive) {
    expectSameAsOneGrid({.rule = rule("R5,C0,M1,S34..58,B34..45,NM"), .size = {203, 157}, .steps = 30});
    expectSameAsOneGrid(
        {.rule = rule("R5,C0,M1,S34..58,B34..45,NM"), .size = {203, 157}, .steps = 17, .haloSteps = 3, .seed = 11});
    expectSameAsOneGrid({.rule = bandedRule(5, Neighbourhood::Moore, false, 4), .size = {203, 157}, .steps = 25});
    expectSameAsOneGrid({.rule = bandedRule(7, Neighbourhood::VonNeumann, true, 2), .size = {203, 157}, .steps = 20});
    expectSameAsOneGrid({.rule = bandedRule(6, Neighbourhood::Circular, false, 3), .size = {203, 157}, .steps = 20});
}

// With three ranks the bands of 47 rows are 15 and 16 rows, thinner than the radius; deep halos make the
// halo deeper than the bands (and than the torus) with any number of ranks.
TEST(DistributedGrid, RadiusAndHalosDeeperThanABand) {
    const Rule wide = bandedRule(20, Neighbourhood::Moore, false, 2);
    expectSameAsOneGrid({.rule = wide, .size = {61, 47}, .steps = 12, .haloSteps = 1, .density = 0.5});
    expectSameAsOneGrid({.rule = wide, .size = {61, 47}, .steps = 12, .haloSteps = 3, .density = 0.5});
    expectSameAsOneGrid({.rule = scaledRule(60, Neighbourhood::Moore, false, 2),
                         .size = {203, 157},
                         .steps = 6,
                         .haloSteps = 1,
                         .density = 0.35,
                         .reference = "cpu",
                         .tooSlowForNaive = true});
}

// The cells stay put whichever backend steps them, on every rank.
TEST(DistributedGrid, BackendSwitchedMidRun) {
    const Case c{.rule = rule("R5,C0,M1,S34..58,B34..45,NM"), .size = {203, 157}, .steps = 0, .haloSteps = 2};
    const Grid end = expectedGrid(c, 13 + 9 + 7);
    std::vector<std::string> order = backendsFor(c);
    ASSERT_FALSE(order.empty());
    order.push_back(order.front());
    onEveryRank([&](Communicator& comm) {
        DistributedSimulator grid(comm, c.rule, c.size, c.density, c.seed, order[0], c.haloSteps);
        const int pieces[] = {13, 9, 7};
        for (std::size_t i = 0; i < 3; ++i) {
            grid.step(pieces[i]);
            const std::string& next = order[std::min(i + 1, order.size() - 1)];
            grid.switchBackend(next);
            if (comm.size() > 1) {
                EXPECT_EQ(grid.rawHalos(), expectsRawHalos(next, comm)) << "after switching to " << next;
            }
        }
        const Grid last = grid.gather();
        if (comm.rank() == 0) {
            EXPECT_EQ(firstDifference(last, end), -1);
        }
    });
}

// A grid held by rank 0 (every state of a 4-state rule) is cut into bands, stepped and gathered back.
TEST(DistributedGrid, LoadedGridIsScatteredAndGathered) {
    const Rule decay = bandedRule(3, Neighbourhood::Moore, false, 4);
    Grid initial({151, 97});
    for (int y = 0; y < initial.height(); ++y)
        for (int x = 0; x < initial.width(); ++x) initial.at(x, y) = Cell(randomBits(3, x, y) % 4);
    Simulator single(decay, initial, "cpu-naive");
    single.step(21);
    const Grid end = single.snapshot();
    for (const std::string& backend : backendsFor({.rule = decay, .size = initial.size()})) {
        SCOPED_TRACE("backend " + backend);
        onEveryRank([&](Communicator& comm) {
            DistributedSimulator grid(comm, decay, initial.size(), comm.rank() == 0 ? &initial : nullptr, backend, 2);
            const Grid loaded = grid.gather(); // collective: every rank takes part
            if (comm.rank() == 0) {
                EXPECT_EQ(loaded, initial);
            }
            grid.step(21);
            const Grid last = grid.gather();
            if (comm.rank() == 0) {
                EXPECT_EQ(firstDifference(last, end), -1);
            }
            EXPECT_EQ(grid.population(), end.population());
        });
    }
}

TEST(DistributedGrid, RefusesWhatCannotBeSplitOnEveryRank) {
    onEveryRank([&](Communicator& comm) {
        if (comm.size() > 1) {
            const int rows = comm.size() - 1; // fewer rows than ranks
            EXPECT_THROW(DistributedSimulator(comm, rule("B3/S23"), {64, rows}, 0.5, 1, "cpu"), Error);
        }
        // A state the rule lacks: rank 0 finds it, every rank refuses.
        Grid bad({40, 40});
        bad.at(3, 4) = 7;
        try {
            DistributedSimulator grid(comm, rule("B3/S23"), {40, 40}, comm.rank() == 0 ? &bad : nullptr, "cpu");
            ADD_FAILURE() << "a grid with state 7 was loaded for a two-state rule";
        } catch (const Error& e) {
            if (comm.rank() == 0) {
                EXPECT_NE(std::string(e.what()).find("state 7"), std::string::npos) << e.what();
            }
        }
    });
}

} // namespace
} // namespace catlab::testing
