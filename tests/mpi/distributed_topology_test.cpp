// Grids on every bounded topology but the plain torus, cut into bands over every rank: whole rows moved
// along themselves (a plane, a torus shifted along its top and bottom edges, a Klein bottle twisted top to
// bottom) or an edge frame filled cell by cell (a sphere, a cross-surface, a torus shifted along its left
// and right edges, a Klein bottle twisted left to right). The same cells, bit for bit, as one grid on
// cpu-naive, for odd sizes, uneven bands, radii deeper than a band, and neighbourhoods that are not
// symmetric. Unbounded sides are refused, saying why.
#include "mpi/rank_backends.hpp"
#include "mpi/rank_environment.hpp"
#include "support/error_of.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/topology.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace catlab::testing {
namespace {

// The suffixes of the topologies split into bands, most of them 37 x 31 (a sphere is square; a shifted Klein
// bottle needs an even twisted side). The first five keep rows whole; the others need an edge frame.
const std::vector<std::string> kSplitTopologies = {":P37,31",    ":T37+5,31", ":T37-2,31", ":K37*,31",
                                                   ":K38*+1,31", ":S31",      ":C37,31",   ":T37,31+3",
                                                   ":T37,31-2",  ":K37,31*",  ":K37,32*+1"};

GridSize sizeOf(const std::string& suffix) { return parseTopologySuffix(suffix, suffix.substr(1)).size; }

void expectSameAsOneGrid(const std::string& ruleText, int steps) {
    const Rule rule = parseRule(ruleText).rule;
    const GridSize size = sizeOf(ruleText.substr(ruleText.find(':')));
    Simulator single(rule, size, 0.4, 9, "cpu-naive");
    const Grid start = single.snapshot();
    single.step(steps);
    const Grid end = single.snapshot();
    ASSERT_GT(end.population(), 0u) << ruleText << " dies out: a weak test";
    for (const std::string& backend : rankBackendsFor(rule)) {
        SCOPED_TRACE("backend " + backend + ", rule " + ruleText);
        onEveryRank([&](Communicator& comm) {
            DistributedSimulator grid(comm, rule, size, 0.4, 9, backend);
            EXPECT_EQ(grid.layout().haloSteps(), 1);
            EXPECT_FALSE(grid.rawHalos());
            const Grid first = grid.gather();
            if (comm.rank() == 0) {
                EXPECT_EQ(firstDifference(first, start), -1) << "the random start differs";
            }
            for (int done = 0; done < steps; done += 3) grid.step(std::min(3, steps - done));
            const Grid last = grid.gather();
            const std::uint64_t population = grid.population();
            if (comm.rank() == 0) {
                const long long at = firstDifference(last, end);
                EXPECT_EQ(at, -1) << "first difference at cell (" << at % size.width << ", " << at / size.width
                                  << ") after " << steps << " steps";
            }
            EXPECT_EQ(population, end.population());
            EXPECT_EQ(grid.rule(), rule) << "the grid reports the global rule";
        });
    }
}

TEST(DistributedTopology, LifeAndGenerations) {
    for (const std::string& suffix : kSplitTopologies) {
        expectSameAsOneGrid("B3/S23" + suffix, 60);
        expectSameAsOneGrid("B2/S345/C3" + suffix, 40);
    }
}

// Weights that differ on every side, and a custom shape reaching further up than down: a mirrored or
// shifted copy of a row would show if it were computed instead of read.
TEST(DistributedTopology, AsymmetricNeighbourhoods) {
    for (const std::string& suffix : kSplitTopologies) {
        expectSameAsOneGrid("R1,C0,S2,B3,NW123401323" + suffix, 40);
        expectSameAsOneGrid("R1,C3,S2,B3,NW123401323" + suffix, 40);
        expectSameAsOneGrid("R2,C0,S2..3,B3,N@891891" + suffix, 40);
        expectSameAsOneGrid("R2,C3,S2..3,B3,N@891891" + suffix, 40);
    }
}

// Radius 12: deeper than the bands of 3 ranks (11 and 10 rows). Births near the mean count keep the
// joined grids moving; a plane's dead surroundings need a wider range.
TEST(DistributedTopology, RadiusDeeperThanABand) {
    for (const std::string& suffix : kSplitTopologies) {
        const bool plane = suffix.starts_with(":P");
        for (const char* states : {"C0", "C3"})
            expectSameAsOneGrid(std::string("R12,") + states +
                                    (plane ? ",M1,S150..300,B160..220,NM" : ",M1,S240..600,B245..260,NM") + suffix,
                                12);
    }
}

TEST(DistributedTopology, LoadedGridKeepsItsCellsThroughAnExchange) {
    const Rule rule = parseRule("B3/S23:K37*,31").rule;
    Simulator single(rule, {37, 31}, 0.35, 4, "cpu-naive");
    const Grid start = single.snapshot();
    single.step(25);
    onEveryRank([&](Communicator& comm) {
        DistributedSimulator grid(comm, rule, {37, 31}, comm.rank() == 0 ? &start : nullptr, "cpu");
        grid.step(25);
        const Grid last = grid.gather();
        if (comm.rank() == 0) {
            EXPECT_EQ(firstDifference(last, single.snapshot()), -1);
        }
    });
}

// Unbounded sides grow with their pattern, which bands of fixed rows cannot follow: refused.
TEST(DistributedTopology, UnboundedSidesAreRefusedSayingWhy) {
    for (const std::string text : {"B3/S23:T0,31", "B3/S23:P37,0", "B3/S23:P0,31"}) {
        SCOPED_TRACE(text);
        onEveryRank([&](Communicator& comm) {
            const Rule rule = parseRule(text).rule;
            const std::string message = errorOf([&] { DistributedSimulator(comm, rule, {37, 31}, 0.5, 1, "cpu"); });
            EXPECT_NE(message.find("needs bounded sides"), std::string::npos) << message;
            EXPECT_NE(message.find(describeTopology(rule.topology)), std::string::npos) << message;
        });
    }
}

TEST(DistributedTopology, HaloStepsAboveOneAreRefused) {
    for (const std::string suffix : {":P37,31", ":C37,31"})
        onEveryRank([&](Communicator& comm) {
            const std::string message = errorOf([&] {
                DistributedSimulator(comm, parseRule("B3/S23" + suffix).rule, {37, 31}, 0.5, 1, "cpu", 3);
            });
            EXPECT_NE(message.find("halo steps must be 1, not 3"), std::string::npos) << suffix << ": " << message;
        });
}

// The triangular neighbourhood flips on cells of odd x + y, which a band reads from its own rows: where a
// band (with its halo) would begin on an odd row the grid is refused, saying why; otherwise it computes
// what one grid does. Never a silent difference.
TEST(DistributedTopology, TriangularNeighbourhoodsMatchOrAreRefused) {
    for (const std::string suffix : {":T37,31", ":P37,31", ":S31", ":C37,31", ":K37,32*+1"}) {
        const std::string text = "R2,C0,M0,S6..12,B7..10,NL" + suffix;
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        const GridSize size = sizeOf(suffix);
        Simulator single(rule, size, 0.4, 9, "cpu-naive");
        single.step(20);
        const Grid end = single.snapshot();
        ASSERT_GT(end.population(), 0u);
        onEveryRank([&](Communicator& comm) {
            std::optional<DistributedSimulator> grid;
            const std::string refusal = errorOf([&] { grid.emplace(comm, rule, size, 0.4, 9, "cpu-naive"); });
            if (grid == std::nullopt) {
                EXPECT_GT(comm.size(), 1) << refusal;
                EXPECT_NE(refusal.find("flips its neighbourhood on cells of odd x + y"), std::string::npos) << refusal;
                return;
            }
            grid->step(20);
            const Grid last = grid->gather();
            if (comm.rank() == 0) {
                EXPECT_EQ(firstDifference(last, end), -1);
            }
        });
    }
}

} // namespace
} // namespace catlab::testing
