// `pack`'s word step (pack_step.cuh) run on the CPU over a padded grid laid out as the backend lays it,
// against cpu-naive: every row-span shape (the hexagonal one's rows end short on one side, so its left
// and right halves are summed apart), the small kernel and every halo width, 2 and more states. The
// GPU suite checks the kernel itself on the device.
#include "compile_time_int.hpp"
#include "pack_step.cuh"

#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

// One generation of `grid` by packWordStep: the torus padded with K halo words each side and r rows
// above and below, every padded cell a copy of the cell it wraps to.
template <int K, bool Small, bool Centred>
Grid packStep(const Rule& rule, const Grid& grid) {
    const int width = grid.width(), height = grid.height(), r = rule.radius;
    const int words = (width + 7) / 8, pitchWords = words + 2 * K;
    std::vector<PackWord> padded(std::size_t(pitchWords) * std::size_t(height + 2 * r));
    auto wrap = [](int v, int n) { return ((v % n) + n) % n; };
    for (int py = 0; py < height + 2 * r; ++py)
        for (int px = 0; px < 8 * pitchWords; ++px) {
            const Cell c = grid.at(wrap(px - 8 * K, width), wrap(py - r, height));
            padded[std::size_t(py) * std::size_t(pitchWords) + std::size_t(px / 8)] |= PackWord(c) << (8 * (px % 8));
        }
    const PackPlan plan = packPlanFor(rule);
    int tableWords = 0;
    const std::vector<unsigned> bits =
        transitionBits(makeDeviceRule(rule), neighbourhoodCells(rule.neighbourhood, rule.radius), tableWords);
    const PackWord small = Small ? *packSmallTransition(rule) : 0;
    Grid next(GridSize{width, height});
    for (int y = 0; y < height; ++y)
        for (int w = 0; w < words; ++w) {
            const PackWord* row = padded.data() + std::size_t(y + r) * std::size_t(pitchWords) + std::size_t(w + K);
            const PackWord out =
                packWordStep<K, Small, Centred>(row, pitchWords, plan, rule.states, bits.data(), tableWords, small);
            for (int i = 0; i < 8 && 8 * w + i < width; ++i) next.at(8 * w + i, y) = Cell(out >> (8 * i));
        }
    return next;
}

// The kernel the backend launches for the rule.
Grid packStep(const Rule& rule, const Grid& grid) {
    const bool centred = isCentredRowSpans(rule.neighbourhood);
    auto step = [&]<bool Centred>() {
        if (packSmallTransition(rule)) return packStep<1, true, Centred>(rule, grid);
        Grid next;
        withCompileTimeInt<0, 4>(std::countr_zero(unsigned(packHaloWordsFor(rule.radius))), "pack test",
                                 "halo-word exponent",
                                 [&]<int E>() { next = packStep<1 << E, false, Centred>(rule, grid); });
        return next;
    };
    return centred ? step.template operator()<true>() : step.template operator()<false>();
}

// 40% live; with more states, a quarter of the rest decaying (states 2 and up).
Grid randomGrid(int width, int height, int states, unsigned seed) {
    Grid g(GridSize{width, height});
    std::mt19937 random(seed);
    for (Cell& c : g.cells()) {
        if (random() % 5 < 2)
            c = 1;
        else if (states > 2 && random() % 4 == 0)
            c = Cell(2 + random() % unsigned(states - 2));
    }
    return g;
}

void expectSameAsNaive(const Rule& rule, int width, int height, int generations, unsigned seed) {
    SCOPED_TRACE(rule.format() + " on " + std::to_string(width) + "x" + std::to_string(height));
    Simulator oracle(rule, randomGrid(width, height, rule.states, seed), "cpu-naive");
    Grid grid = oracle.snapshot();
    for (int g = 1; g <= generations; ++g) {
        oracle.step();
        grid = packStep(rule, grid);
        ASSERT_EQ(grid, oracle.snapshot()) << "generation " << g;
    }
}

constexpr Neighbourhood kRowSpanShapes[] = {Neighbourhood::Moore,    Neighbourhood::VonNeumann,
                                            Neighbourhood::Circular, Neighbourhood::Euclidean,
                                            Neighbourhood::Cross,    Neighbourhood::Hexagonal};

Rule shapeRule(Neighbourhood n, int radius, bool centre, int states) {
    Rule shape;
    shape.radius = radius;
    shape.neighbourhood = n;
    shape.includeCentre = centre;
    return testing::bandedRule(shape, states, {8, states > 2 ? 0.2 : 0.45, 0.7});
}

// Radii 1 and 2 with 2 states take the small kernel (counts in bytes, the transition in one word) for the
// shapes with fewer than 32 cells; the others one halo word.
TEST(PackEmulation, SmallRadiiEveryShape) {
    for (Neighbourhood n : kRowSpanShapes)
        for (int r : {1, 2, 3})
            for (bool centre : {true, false})
                for (int states : {2, 3})
                    expectSameAsNaive(shapeRule(n, r, centre, states), 37, 29, 6, 11u + unsigned(r));
}

// Wider radii read 2, 4, 8 and 16 halo words each side; the hexagonal rows reach unevenly into them.
TEST(PackEmulation, EveryHaloWidth) {
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Circular, Neighbourhood::Hexagonal})
        for (int r : {9, 17, 40, 70})
            expectSameAsNaive(shapeRule(n, r, r % 2 == 0, r == 40 ? 4 : 2), 2 * r + 13, 2 * r + 7, 3, 5u + unsigned(r));
}

} // namespace
} // namespace catlab
