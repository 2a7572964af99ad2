// The boxsum kernel bodies, run on the CPU by an emulator (a host thread per CUDA thread, a barrier
// per __syncthreads), against cpu-naive: every kernel, multi-block strips and column groups, word
// boundaries, 2 and more states. The GPU suite checks the same kernels on the device.
#include "bit_planes.cuh"
#include "boxsum_checkerboard.cuh"
#include "boxsum_lines.cuh"
#include "boxsum_mid_moore.cuh"
#include "boxsum_plan.hpp"
#include "boxsum_small_lines.cuh"
#include "boxsum_small_moore.cuh"
#include "boxsum_von_neumann.cuh"

#include "catlab/simulator.hpp"
#include "support/kernel_emulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

// One multiprocessor holding one block, blocks of at most `threads` threads and strips of at most
// `stripRows` rows: grids split into many blocks.
struct TinyDevice {
    BoxsumDevice device{1, [](const BoxsumPlan&) { return 1; }};
    BoxsumTuning tuning;
};
TinyDevice tinyDevice(int threads = 256, int stripRows = 1 << 30) {
    TinyDevice d;
    d.tuning.smallMooreThreads = std::min(threads, 128);
    d.tuning.vonNeumannThreads = threads;
    d.tuning.linesThreads = threads;
    d.tuning.smallLinesThreads = threads;
    d.tuning.checkerboardThreads = std::min(threads, 128);
    d.tuning.maxStripRows = stripRows;
    return d;
}

// The same with the small lines kernel off: the line and von Neumann kernels at every radius.
TinyDevice withoutSmallLines(TinyDevice d) {
    d.tuning.smallLinesMaxCells = 0;
    return d;
}

// The boxsum backend's state and step sequence, with host vectors for device memory.
class EmulatedBoxsum {
  public:
    EmulatedBoxsum(const Rule& rule, const Grid& start, const TinyDevice& device,
                   const std::function<void(BoxsumPlan&)>& adjust = {})
        : rule_(rule), shape_(bitGridShape(start.size(), rule.radius, rule.states, kEveryRowPadded)), device_(device),
          adjust_(adjust) {
        // Rows a word past their halos at any width, so a kernel that takes the pitch for words + 2 halos
        // fails. Garbage everywhere the kernels must not depend on: halos and padding are refreshed.
        for (auto& b : buffers_) b.assign(std::size_t(1 + shape_.statePlanes) * shape_.planeWords(), 0xA5C3A5C3u);
        plan_ = planBoxsum(rule, shape_, device.device, device.tuning);
        if (adjust) adjust(plan_);
        const BitGrid g = grid(0);
        for (long long i = 0; i < 1LL * g.height * g.words; ++i) packBody(g, start.cells().data(), i);
        refreshHalo(g);
    }

    const BoxsumPlan& plan() const { return plan_; }

    void step() { stepRows({{0, shape_.height}}); }

    // One generation computed in row ranges [first, end), each launched with its own plan, as a
    // distributed grid does; rows no range covers keep what the next-state buffer held.
    void stepRows(const std::vector<std::pair<int, int>>& ranges) {
        const BitGrid in = grid(current_), out = grid(1 - current_);
        for (const auto& [first, end] : ranges) {
            BoxsumPlan p = planBoxsum(rule_, shape_, device_.device, device_.tuning, end - first);
            if (adjust_) adjust_(p);
            StepArgs args = stepArgs(p, rule_, in, out);
            args.rowBegin = first;
            args.rowEnd = end;
            launch(p, args);
        }
        refreshHalo(out);
        current_ = 1 - current_;
    }

    // The next-state buffer's cells (what rows no range computed hold).
    Grid nextSnapshot() {
        current_ = 1 - current_;
        Grid cells = snapshot();
        current_ = 1 - current_;
        return cells;
    }

    Grid snapshot() {
        Grid grid(GridSize{shape_.width, shape_.height});
        const BitGrid g = this->grid(current_);
        for (long long i = 0; i < 1LL * g.height * g.words; ++i) unpackBody(g, grid.cells().data(), i);
        return grid;
    }

  private:
    void launch(const BoxsumPlan& p, const StepArgs& args) {
        switch (p.kernel) {
        case BoxsumKernel::SmallMoore:
            dispatchSmallMoore(p, rule_.radius, [&]<int R, CountTests Tests, bool InRegisters>() {
                testing::emulateSerially(p.blocks, p.threads, p.sharedBytes,
                                         [&](unsigned* shared, int tid, long long block) {
                                             smallMooreBody<R, Tests, InRegisters>(args, shared, tid, p.threads, block);
                                         });
            });
            break;
        case BoxsumKernel::VonNeumann:
            dispatchVonNeumann(p.armPlanes, [&]<int AP, int CP>() {
                dispatchSimple(p.simpleSets, [&]<bool Simple>() {
                    testing::emulateBlocks(
                        p.blocks, p.threads, p.sharedBytes,
                        [&](unsigned* shared, int tid, long long block, const testing::HostSync& sync) {
                            vonNeumannBody<AP, CP, Simple>(args, shared, tid, p.threads, block, sync);
                        });
                });
            });
            break;
        case BoxsumKernel::Lines:
            dispatchLines(p.lineShape, p.lineClass, [&]<LineShape S, int K>() {
                dispatchSimple(p.simpleSets, [&]<bool Simple>() {
                    if constexpr (hasDiagonals(S)) {
                        testing::emulateBlocks(
                            p.blocks, p.threads, p.sharedBytes,
                            [&](unsigned* shared, int tid, long long block, const testing::HostSync& sync) {
                                linesBody<S, K, Simple>(args, shared, tid, p.threads, block, sync);
                            });
                    } else { // no barriers
                        testing::emulateSerially(
                            p.blocks, p.threads, p.sharedBytes, [&](unsigned* shared, int tid, long long block) {
                                linesBody<S, K, Simple>(args, shared, tid, p.threads, block, [] {});
                            });
                    }
                });
            });
            break;
        case BoxsumKernel::SmallLines:
            dispatchSmallLines(p.smallLinesShape, rule_.radius, [&]<SmallLinesShape S, int R>() {
                dispatchSimple(p.simpleSets, [&]<bool Simple>() {
                    testing::emulateSerially(p.blocks, p.threads, p.sharedBytes,
                                             [&](unsigned*, int tid, long long block) {
                                                 smallLinesBody<S, R, Simple>(args, tid, p.threads, block);
                                             });
                });
            });
            break;
        case BoxsumKernel::Checkerboard:
            dispatchCheckerboard(rule_.radius, p.aligned, [&]<int R, bool Aligned>() {
                dispatchSimple(p.simpleSets, [&]<bool Simple>() {
                    testing::emulateSerially(
                        p.blocks, p.threads, p.sharedBytes, [&](unsigned* shared, int tid, long long block) {
                            checkerboardBody<R, Aligned, Simple>(args, shared, tid, p.threads, block);
                        });
                });
            });
            break;
        case BoxsumKernel::MidMoore:
            dispatchMidMoore(p.midColumns, p.simpleSets, p.sameFloor,
                             [&]<bool Simple, class Columns, bool SameFloor>() {
                                 testing::emulateBlocks(
                                     p.blocks, p.threads, p.sharedBytes,
                                     [&](unsigned* shared, int tid, long long block, const testing::HostSync& sync) {
                                         midBoxBody<Simple, MidShape::Moore, Columns, SameFloor>(
                                             args, shared, tid, p.threads, block, sync);
                                     });
                             });
            break;
        case BoxsumKernel::MidCheckerboard:
            dispatchMidCheckerboard(p.simpleSets, p.aligned, [&]<bool Simple, MidShape Shape>() {
                testing::emulateBlocks(p.blocks, p.threads, p.sharedBytes,
                                       [&](unsigned* shared, int tid, long long block, const testing::HostSync& sync) {
                                           midBoxBody<Simple, Shape, ByteColumns>(args, shared, tid, p.threads, block,
                                                                                  sync);
                                       });
            });
            break;
        }
    }

    BitGrid grid(int i) {
        BitGrid g = shape_;
        g.alive = buffers_[std::size_t(i)].data();
        g.state = g.statePlanes ? g.alive + g.planeWords() : nullptr;
        return g;
    }
    static void refreshHalo(const BitGrid& g) {
        for (long long i = 0; i < 1LL * g.height * (2 * g.halo + 1); ++i) refreshHaloBody(g, i);
    }

    Rule rule_;
    BitGrid shape_;
    TinyDevice device_;
    std::function<void(BoxsumPlan&)> adjust_;
    BoxsumPlan plan_;
    std::array<std::vector<unsigned>, 2> buffers_;
    int current_ = 0;
};

Grid randomGrid(GridSize size, double density, std::uint64_t seed, int states) {
    Grid g(size);
    fillRandom(g, density, seed);
    if (states > 2) // some decaying cells too
        for (std::size_t i = 0; i < g.cells().size(); i += 7)
            if (g.cells()[i] == 0) g.cells()[i] = Cell(2 + i % std::size_t(states - 2));
    return g;
}

struct Case {
    const char* label;
    Rule rule;
    GridSize size;
    int steps;
    TinyDevice device;
    std::function<void(BoxsumPlan&)> adjust = {};
    const char* reference = "cpu-naive";
    std::optional<BoxsumKernel> kernel = {}; // the kernel the plan must pick, when the case is about one
    std::optional<MidColumns> columns = {};  // mid Moore: the column sums it must keep
};

void expectMatchesReference(const Case& c) {
    SCOPED_TRACE(std::string(c.label) + " " + c.rule.format() + " on " + std::to_string(c.size.width) + "x" +
                 std::to_string(c.size.height));
    const Grid start = randomGrid(c.size, 0.35, 7, c.rule.states);
    EmulatedBoxsum boxsum(c.rule, start, c.device, c.adjust);
    if (c.kernel) {
        ASSERT_EQ(kernelName(boxsum.plan().kernel), std::string(kernelName(*c.kernel)));
    }
    if (c.columns) {
        ASSERT_EQ(boxsum.plan().kernel, BoxsumKernel::MidMoore);
        ASSERT_EQ(int(boxsum.plan().midColumns), int(*c.columns));
    }
    EXPECT_EQ(firstDifference(boxsum.snapshot(), start), -1) << "pack/unpack";
    Simulator reference(c.rule, start, c.reference);
    for (int s = 1; s <= c.steps; ++s) {
        boxsum.step();
        reference.step();
        const Grid expected = reference.snapshot();
        const long long diff = firstDifference(boxsum.snapshot(), expected);
        ASSERT_EQ(diff, -1) << "step " << s << ", first difference at (" << diff % c.size.width << ", "
                            << diff / c.size.width << ")";
        if (s == 1) {
            EXPECT_GT(expected.population(), 0u) << "the case should stay busy";
        }
    }
}

Rule scaled(int r, Neighbourhood n, bool centre, int states) { return testing::scaledRule(r, n, centre, states); }

// Moore sets ending at the mean count of expectMatchesReference's start grid (testing::setsEndingAtTheMean).
Rule nearTheMean(int r, bool centre, GridSize size) {
    const double density = double(randomGrid(size, 0.35, 7, 2).population()) / (double(size.width) * size.height);
    return testing::setsEndingAtTheMean(scaled(r, Neighbourhood::Moore, centre, 2), density);
}

TEST(BoxsumEmulation, SmallMooreEveryRadius) {
    for (int r = 1; r <= kMaxSmallMooreRadius; ++r)
        expectMatchesReference(
            {"small moore", scaled(r, Neighbourhood::Moore, r % 2 == 0, 2), {73, 41}, 3, tinyDevice(256, 9)});
}

// The ring of window sums in registers (the row loop unrolled by the window) and in shared memory, at
// every radius either may take: strips shorter than a window, as long, and longer by part of one, and
// more states and general sets.
TEST(BoxsumEmulation, SmallMooreRingInRegistersAndInSharedMemory) {
    for (int inRegisters : {0, (1 << kMaxRegisterRingRadius) - 1}) {
        for (int r = 1; r <= kMaxRegisterRingRadius; ++r) {
            const int window = 2 * r + 1;
            for (int strip : {window - 1, window, 2 * window + 3}) {
                TinyDevice d = tinyDevice(64);
                d.tuning.smallMooreRegisterRings = inRegisters;
                Case c{"ring", scaled(r, Neighbourhood::Moore, r % 2 == 1, 2), {67, 4 * window + 5}, 2, d};
                c.adjust = [&](BoxsumPlan& p) {
                    ASSERT_EQ(p.registerRing, inRegisters != 0);
                    ASSERT_EQ(p.sharedBytes == 0, p.registerRing);
                    p.stripRows = strip;
                    p.blocks = p.columnBlocks * ((c.size.height + strip - 1) / strip);
                };
                expectMatchesReference(c);
            }
        }
        TinyDevice d = tinyDevice(32, 7);
        d.tuning.smallMooreRegisterRings = inRegisters;
        expectMatchesReference({"ring, 5 states", scaled(3, Neighbourhood::Moore, false, 5), {70, 45}, 4, d});
        expectMatchesReference(
            {"ring, general sets", parseRule("R4,C0,M1,S10..20,30..40,B15..18,25..27,NM").rule, {70, 41}, 4, d});
    }
}

// Rules whose birth and survival intervals have two thresholds between them (in counts with the centre):
// a shared start with survival open to the largest count, the same interval twice, and one set empty.
std::vector<Rule> twoThresholdRules(int r) {
    const int cells = (2 * r + 1) * (2 * r + 1);
    const int from = std::max(1, int(0.33 * cells)), to = from + std::max(1, cells / 5);
    const auto rule = [r](const char* centre, int s0, int s1, bool births, int b0, int b1) {
        std::ostringstream text;
        text << 'R' << r << ",C0," << centre << ",S" << s0 << ".." << s1 << ",B";
        if (births) text << b0 << ".." << b1;
        text << ",NM";
        return parseRule(text.str()).rule;
    };
    return {rule("M0", from - 1, cells - 1, true, from, to), rule("M1", from, cells, true, from, to),
            rule("M1", from, to, true, from, to), rule("M1", from, to, false, 0, 0)};
}

TEST(BoxsumEmulation, SmallMooreTwoThresholdsEveryRadius) {
    for (int r = 1; r <= kMaxSmallMooreRadius; ++r)
        for (const Rule& rule : twoThresholdRules(r)) {
            ASSERT_TRUE(countRuleFor(rule).twoThresholds) << rule.format();
            for (int twoThresholds : {1, 0}) {
                TinyDevice d = tinyDevice(64, 5);
                d.tuning.smallMooreTwoThresholds = twoThresholds;
                Case c{"two thresholds", rule, {71, 4 * r + 9}, 3, d};
                c.adjust = [twoThresholds](BoxsumPlan& p) {
                    ASSERT_EQ(p.kernel, BoxsumKernel::SmallMoore);
                    ASSERT_EQ(p.smallMooreTests,
                              twoThresholds != 0 ? CountTests::TwoThresholds : CountTests::Intervals);
                };
                expectMatchesReference(c);
            }
        }
}

TEST(BoxsumEmulation, ThresholdPairsTakeEachSetsThresholdsByParity) {
    // Majority (R4, M0, S40..80, B41..80): with the centre, birth [41, 81) and survival from 41 (82 is past the
    // largest count, 81): two thresholds, 41 in both sets, 81 in birth only.
    const CountRule majority = countRuleFor(parseRule("R4,C0,M0,S40..80,B41..80,NM").rule);
    ASSERT_TRUE(majority.twoThresholds);
    EXPECT_EQ(majority.thresholdPair.lo[0], ~0u); // 41 = 0b0101001: bit 0 set
    EXPECT_EQ(majority.thresholdPair.lo[1], 0u);
    EXPECT_EQ(majority.thresholdPair.end[0], ~0u); // 81 = 0b1010001
    EXPECT_EQ(majority.thresholdPair.end[4], ~0u);
    EXPECT_EQ(majority.bornUses[0], ~0u);
    EXPECT_EQ(majority.bornUses[1], ~0u);
    EXPECT_EQ(majority.keptUses[0], ~0u);
    EXPECT_EQ(majority.keptUses[1], 0u);
    // Three thresholds (birth [3, 4), survival [3, 5)): the four interval tests.
    EXPECT_FALSE(countRuleFor(parseRule("B3/S23").rule).twoThresholds);
    // A live centre left out lowers survival [1, 2) to [0, 1) and [0, 1) to [0, 0): equal thresholds cancel.
    CountRule lowered{};
    lowered.birth = {2, {0, 1}};
    lowered.survival = {2, {0, 1}};
    lowered = withoutLiveCentre(lowered);
    ASSERT_TRUE(lowered.twoThresholds);
    EXPECT_EQ(lowered.keptUses[0], 0u);
    EXPECT_EQ(lowered.keptUses[1], 0u);
    EXPECT_EQ(lowered.bornUses[0], ~0u);
    EXPECT_EQ(lowered.bornUses[1], ~0u);
}

TEST(BoxsumEmulation, SmallMooreColumnGroupsAndWordEdges) {
    expectMatchesReference({"life groups", parseRule("B3/S23").rule, {1100, 37}, 4, tinyDevice(32, 11)});
    for (int width : {31, 32, 33, 64, 65}) {
        for (int r : {1, 5, 15}) {
            if (width >= 2 * r + 1)
                expectMatchesReference(
                    {"word edges", scaled(r, Neighbourhood::Moore, false, 2), {width, 45}, 3, tinyDevice(256, 7)});
        }
    }
}

TEST(BoxsumEmulation, SmallMooreMoreStates) {
    expectMatchesReference({"4 states", scaled(2, Neighbourhood::Moore, true, 4), {67, 53}, 5, tinyDevice(256, 16)});
    expectMatchesReference({"3 states", scaled(5, Neighbourhood::Moore, false, 3), {40, 33}, 5, tinyDevice()});
    expectMatchesReference({"brian", parseRule("B2/S/C3").rule, {65, 40}, 5, tinyDevice(32, 5)});
    expectMatchesReference({"256 states", parseRule("R3,C256,M1,S2..12,B3..9,NM").rule, {70, 30}, 6, tinyDevice()});
}

// The von Neumann kernel, at small radii too (where the plan prefers the small lines kernel).
TEST(BoxsumEmulation, VonNeumann) {
    for (int r : {1, 2, 3, 5, 7, 13, 16})
        expectMatchesReference({"von neumann",
                                scaled(r, Neighbourhood::VonNeumann, r % 2 == 1, 2),
                                {97, 61},
                                3,
                                withoutSmallLines(tinyDevice(256, 10)),
                                {},
                                "cpu-naive",
                                BoxsumKernel::VonNeumann});
    expectMatchesReference(
        {"vn 3 states", scaled(4, Neighbourhood::VonNeumann, true, 3), {33, 40}, 4, withoutSmallLines(tinyDevice())});
    expectMatchesReference({"vn narrow blocks",
                            scaled(2, Neighbourhood::VonNeumann, false, 2),
                            {300, 30},
                            3,
                            withoutSmallLines(tinyDevice(6, 8))});
    expectMatchesReference(
        {"vn r40", scaled(40, Neighbourhood::VonNeumann, true, 2), {97, 89}, 2, tinyDevice(128, 30)});
    expectMatchesReference({"vn r33", scaled(33, Neighbourhood::VonNeumann, false, 4), {160, 70}, 2, tinyDevice(8)});
}

// The mid kernel (radius 17..127): strips shorter and longer than a chunk of 32 rows, several column
// groups, partial last groups and segments, grids narrower than a block.
// A generation computed in row ranges, in any order, is the whole generation; rows no range covers are
// left as they were (a distributed grid receives them from other ranks instead).
TEST(BoxsumEmulation, RowRangesMakeTheWholeStep) {
    struct RangeCase {
        const char* label;
        Rule rule;
        GridSize size;
    };
    const RangeCase cases[] = {
        {"small moore", scaled(3, Neighbourhood::Moore, true, 2), {75, 61}},
        {"small moore 4 states", scaled(5, Neighbourhood::Moore, false, 4), {70, 52}},
        {"von neumann", scaled(6, Neighbourhood::VonNeumann, true, 2), {69, 58}},
        {"small von neumann", scaled(2, Neighbourhood::VonNeumann, false, 3), {67, 55}},
        {"small von neumann r5", scaled(5, Neighbourhood::VonNeumann, true, 2), {70, 57}},
        {"mid moore", scaled(21, Neighbourhood::Moore, false, 2), {120, 90}},
        {"wide moore", scaled(130, Neighbourhood::Moore, true, 2), {290, 270}},
        {"star", scaled(7, Neighbourhood::Star, false, 2), {71, 66}},
        {"star r9", scaled(9, Neighbourhood::Star, true, 2), {71, 66}},
        {"saltire", scaled(5, Neighbourhood::Saltire, true, 2), {69, 60}},
        {"cross 4 states", scaled(8, Neighbourhood::Cross, false, 4), {66, 70}},
        {"hash 3 states", scaled(4, Neighbourhood::Hash, true, 3), {67, 45}},
        {"checkerboard", scaled(5, Neighbourhood::Checkerboard, false, 2), {73, 57}},
        {"checkerboard without the ring", scaled(12, Neighbourhood::AlignedCheckerboard, true, 3), {75, 67}},
    };
    for (const RangeCase& c : cases) {
        SCOPED_TRACE(std::string(c.label) + " " + c.rule.format());
        const Grid start = randomGrid(c.size, 0.35, 11, c.rule.states);
        const int h = c.size.height, r = c.rule.radius;
        EmulatedBoxsum whole(c.rule, start, tinyDevice(256, 17));
        EmulatedBoxsum parts(c.rule, start, tinyDevice(256, 17));
        whole.step();
        // The boundary strips first, then the interior, as a rank overlapping its exchange steps.
        parts.stepRows({{r, 2 * r}, {h - 2 * r, h - r}, {2 * r, h - 2 * r}, {0, r}, {h - r, h}});
        EXPECT_EQ(firstDifference(parts.snapshot(), whole.snapshot()), -1);

        // Rows outside every range keep the next-state buffer's cells.
        EmulatedBoxsum some(c.rule, start, tinyDevice(256, 17));
        const Grid before = some.nextSnapshot();
        some.stepRows({{r, h - r}});
        const Grid after = some.snapshot(), expected = whole.snapshot();
        for (int y = 0; y < h; ++y) {
            const bool computed = y >= r && y < h - r;
            const Grid& source = computed ? expected : before;
            ASSERT_TRUE(std::equal(after.row(y), after.row(y) + c.size.width, source.row(y)))
                << "row " << y << (computed ? " was computed" : " was not computed");
        }
    }
}

// The plan takes the SameFloor kernels exactly where both tests may take one n: simple sets with one first count.
TEST(BoxsumEmulation, SameFloorWhereBirthAndSurvivalStartAtOneCount) {
    const TinyDevice d = tinyDevice();
    const auto sameFloorOf = [&](const char* rule) {
        const Rule parsed = parseRule(rule).rule;
        return planBoxsum(parsed, bitGridShape({1003, 1003}, parsed.radius, parsed.states), d.device, d.tuning)
            .sameFloor;
    };
    EXPECT_TRUE(sameFloorOf("R40,C0,M1,S1900..2400,B1900..2100,NM"));
    EXPECT_TRUE(sameFloorOf("R5,C0,M1,S34..58,B34..45,NM"));                      // Bosco's rule
    EXPECT_FALSE(sameFloorOf("R40,C0,M1,S1899..2400,B1900..2100,NM"));            // one count apart
    EXPECT_FALSE(sameFloorOf("R40,C0,M1,S1900..2150,2250..2400,B1900..2100,NM")); // two intervals
    EXPECT_FALSE(sameFloorOf("R40,C0,M0,S,B610..1848,NM"));                       // survival empty, birth from 610
    EXPECT_FALSE(sameFloorOf("R40,C0,M0,S1900..2400,B1900..2100,NM")); // no centre: survival from 1901 with it
    EXPECT_TRUE(sameFloorOf("R40,C0,M0,S1899..2400,B1900..2100,NM"));
}

TEST(BoxsumEmulation, MidMoore) {
    for (int r : {17, 20, 31, 32, 33, 60})
        expectMatchesReference({"mid moore",
                                scaled(r, Neighbourhood::Moore, r % 2 == 0, 2),
                                {2 * r + 70, 2 * r + 40},
                                2,
                                tinyDevice(256, 45)});
    expectMatchesReference({"mid 3 states", scaled(18, Neighbourhood::Moore, true, 3), {65, 37}, 3, tinyDevice()});
    expectMatchesReference({"mid r127", nearTheMean(127, false, {261, 259}), {261, 259}, 1, tinyDevice(256, 70)});
    for (int segmentWords : {1, 3}) {
        for (int warps : {1, 4}) {
            TinyDevice narrow = tinyDevice(256, 13);
            narrow.tuning.midSegmentWords = segmentWords;
            narrow.tuning.midWarps = warps;
            expectMatchesReference({"mid groups", scaled(17, Neighbourhood::Moore, false, 2), {1100, 40}, 2, narrow});
        }
    }
    Rule sets = scaled(24, Neighbourhood::Moore, true, 2);
    const int n = sets.neighbourhoodSize();
    sets.birth = CountSet({{n / 8, n / 5}, {n / 3, n / 2}});
    sets.survival = CountSet({{n / 12, n / 6}, {n / 4, n / 2}});
    expectMatchesReference({"mid two intervals", sets, {77, 50}, 3, tinyDevice(256, 20)});
    Rule open = scaled(19, Neighbourhood::Moore, false, 2); // sets open to the largest count, or empty
    const int n19 = open.neighbourhoodSize();
    open.birth = CountSet({{n19 / 3, n19}});
    open.survival = CountSet();
    expectMatchesReference({"mid open sets", open, {70, 50}, 2, tinyDevice(256, 30)});
    Case same{"mid same floor", testing::oneFloorRule(23), {81, 60}, 3, tinyDevice(256, 25)};
    same.adjust = [](BoxsumPlan& p) { EXPECT_TRUE(p.sameFloor); };
    expectMatchesReference(same);
}

// Column sums past bytes (from r = 128; forced at small radii too, where the emulation is quick), 16-bit
// (deltaColumns 0) or relative to each chunk's row before (1): word and unit edges, several blocks and
// strips, more states, general sets, and the largest radius.
// deltaColumns 1: relative column sums, the cells' counts in two buffers (countRing 0) or a ring (1).
void expectWideColumnsMatch(int deltaColumns, int countRing = -1) {
    const auto expectMatches = [deltaColumns, countRing](Case c) {
        c.columns = deltaColumns != 0 ? MidColumns::Deltas : MidColumns::Halves;
        c.device.tuning.midDeltaCountRing = countRing;
        if (deltaColumns != 0) {
            const auto adjust = c.adjust;
            c.adjust = [adjust, countRing](BoxsumPlan& p) {
                if (adjust) adjust(p);
                EXPECT_EQ(p.countSlots, countRing == 1 ? p.segments.words + 1 : 2 * p.segments.words);
            };
        }
        expectMatchesReference(c);
    };
    TinyDevice halves = tinyDevice(256, 37);
    halves.tuning.midHalfColumnsFrom = 17;
    halves.tuning.midDeltaColumns = deltaColumns;
    for (int r : {17, 30, 33, 63})
        expectMatches({"mid halves",
                       scaled(r, Neighbourhood::Moore, r % 2 == 1, 2),
                       {2 * r + 67, 2 * r + 45},
                       2,
                       halves,
                       {},
                       "cpu-naive",
                       BoxsumKernel::MidMoore});
    expectMatches({"mid halves 4 states", scaled(21, Neighbourhood::Moore, false, 4), {93, 61}, 3, halves});
    Rule sets = scaled(25, Neighbourhood::Moore, true, 2);
    const int n = sets.neighbourhoodSize();
    sets.birth = CountSet({{n / 8, n / 5}, {n / 3, n / 2}});
    sets.survival = CountSet({{n / 12, n / 6}, {n / 4, n / 2}});
    expectMatches({"mid halves two intervals", sets, {81, 53}, 3, halves});
    Case same{"mid halves same floor", testing::oneFloorRule(26), {87, 57}, 3, halves};
    same.adjust = [](BoxsumPlan& p) { EXPECT_TRUE(p.sameFloor); };
    expectMatches(same);
    TinyDevice narrow = halves;
    narrow.tuning.midHalfWarps = narrow.tuning.midDeltaWarps = 2;
    narrow.tuning.midHalfSegmentWords = narrow.tuning.midDeltaSegmentWords = 3;
    expectMatches({"mid halves groups", scaled(18, Neighbourhood::Moore, false, 2), {1200, 40}, 2, narrow});
    if (deltaColumns != 0) { // segments of 3, 3, 2 and 2 words; the row's 38 words in blocks of 10, 10, 10 and 8
        TinyDevice uneven = halves;
        uneven.tuning.midDeltaWarps = 4;
        uneven.tuning.midDeltaBlockWords = 10;
        Case c{"mid uneven segments", scaled(18, Neighbourhood::Moore, true, 2), {1200, 70}, 2, uneven};
        c.adjust = [adjust = c.adjust](BoxsumPlan& p) {
            if (adjust) adjust(p);
            EXPECT_EQ(p.segments.count, 4);
            EXPECT_EQ(p.segments.words, 3);
            EXPECT_EQ(p.columnBlocks, 4);
        };
        expectMatches(c);
    }
    // Strips of several chunks of 32 rows, with counts near the intervals' ends: after a strip's first chunk,
    // each row's first count comes from the row above (16-bit sums), or each cell's from the chunk before.
    for (int r : {17, 40}) {
        for (int strip : {33, 70}) {
            const GridSize size{2 * r + 75, 150};
            Case c{"mid halves, strips of chunks", nearTheMean(r, r == 17, size), size, 2, halves};
            c.adjust = [&](BoxsumPlan& p) {
                p.stripRows = strip;
                p.blocks = p.columnBlocks * ((c.size.height + strip - 1) / strip);
            };
            expectMatches(c);
        }
    }
    for (int r : {128, 199}) {
        const GridSize size{2 * r + 9, 2 * r + 3};
        TinyDevice device = tinyDevice(256, 150);
        device.tuning.midDeltaColumns = deltaColumns;
        Case c{"mid halves, large radius", nearTheMean(r, r == 128, size), size, 1, device};
        c.reference = "cpu";
        c.kernel = BoxsumKernel::MidMoore;
        expectMatches(c);
    }
    TinyDevice widest = tinyDevice(256, 600);
    widest.tuning.midDeltaColumns = deltaColumns;
    Case c{"mid halves r500", nearTheMean(500, false, {1003, 1001}), {1003, 1001}, 1, widest};
    c.reference = "cpu";
    c.kernel = BoxsumKernel::MidMoore;
    expectMatches(c);
}

TEST(BoxsumEmulation, MidMooreHalfColumns) { expectWideColumnsMatch(0); }
TEST(BoxsumEmulation, MidMooreDeltaColumns) { expectWideColumnsMatch(1, 0); }
TEST(BoxsumEmulation, MidMooreDeltaColumnsCountRing) { expectWideColumnsMatch(1, 1); }

// A block's segments cover its words in order, once each, the longer ones first, none more than a word
// longer than another; segments past the last start past the block.
TEST(BoxsumEmulation, MidSegmentsSplitABlockEvenly) {
    for (int blockWords = 1; blockWords <= 140; ++blockWords) {
        for (int count = 1; count <= std::min(32, blockWords); ++count) {
            const MidSegments s = midSegments(blockWords, count);
            ASSERT_EQ(s.count, count);
            EXPECT_EQ(midSegmentFirst(s, 0), 0);
            EXPECT_EQ(midSegmentFirst(s, count), blockWords) << blockWords << " in " << count;
            EXPECT_GE(midSegmentFirst(s, count + 1), blockWords);
            int longest = 0, shortest = blockWords, previous = blockWords;
            for (int k = 0; k < count; ++k) {
                const int length = midSegmentFirst(s, k + 1) - midSegmentFirst(s, k);
                EXPECT_LE(length, previous) << "segment " << k << " of " << count << ", " << blockWords << " words";
                longest = std::max(longest, length);
                shortest = std::min(shortest, length);
                previous = length;
            }
            EXPECT_EQ(longest, s.words);
            EXPECT_GE(shortest, 1);
            EXPECT_LE(longest - shortest, 1) << blockWords << " words in " << count;
        }
    }
    EXPECT_EQ(midSegments(105, 16).longer, 9); // 9 of 7 words and 7 of 6
}

TEST(BoxsumEmulation, PairedUnitsCoverEachWordOnceAndAWarpsStoresEveryBank) {
    // The byte column step's units: the pairs of a word take its eight units once each, and the 32
    // threads of a warp (pairs 32q .. 32q + 31) store a row's sums to 32 different banks, both units.
    for (int warp = 0; warp < 4; ++warp) {
        std::array<std::array<int, 8>, 8> taken{}; // [word of the warp][unit of the word]
        for (int second = 0; second < 2; ++second) {
            std::array<bool, 32> banks{};
            for (int lane = 0; lane < 32; ++lane) {
                const int pair = 32 * warp + lane, unit = pairedUnit(pair, second);
                ASSERT_EQ(unit / 8, pair / 4) << "pair " << pair;
                ++taken[std::size_t(unit / 8 - 8 * warp)][std::size_t(unit % 8)];
                const int bank = unit * kMidRowPitch % 32;
                EXPECT_FALSE(banks[std::size_t(bank)]) << "pair " << pair << " (second " << second << ")";
                banks[std::size_t(bank)] = true;
            }
        }
        for (const auto& word : taken)
            for (int count : word) EXPECT_EQ(count, 1);
    }
}

TEST(BoxsumEmulation, ChangeTableGivesEachPairedUnitsChangeOfAStagedRow) {
    // For both units of a pair and any staged entering and leaving words, the table entry at the unit's
    // offset moves each of the unit's four byte sums by its column's entering bit less its leaving bit.
    std::vector<unsigned> table(kColumnChangeEntries);
    for (unsigned i = 0; i < table.size(); ++i) table[i] = columnChangeEntry(i);
    unsigned state = 12345u;
    auto next = [&state] { return state = state * 1664525u + 1013904223u; };
    for (int trial = 0; trial < 4000; ++trial) {
        const unsigned in = trial < 2 ? ~0u * unsigned(trial) : next(), out = trial < 2 ? ~in : next();
        for (unsigned nibble = 0; nibble < 8; ++nibble) {
            const unsigned offsets = pairChangeOffsets(in, out, nibble);
            for (const unsigned unit : {nibble, nibble ^ 4u}) {
                const unsigned offset = unit == nibble ? firstChangeOffset(offsets) : secondChangeOffset(offsets);
                ASSERT_LT(offset, 4u * kColumnChangeEntries);
                const unsigned sums = DeltaColumns::bias + changeAt(table.data(), offset);
                for (unsigned lane = 0; lane < 4; ++lane) {
                    const unsigned column = 4 * unit + lane;
                    const int expected = 128 + int((in >> column) & 1u) - int((out >> column) & 1u);
                    ASSERT_EQ(int((sums >> (8 * lane)) & 0xFFu), expected)
                        << "nibble " << nibble << ", unit " << unit << ", lane " << lane << ", in " << in << ", out "
                        << out;
                }
            }
        }
    }
}

TEST(BoxsumEmulation, MidMooreSmallRadii) {
    // The mid kernel at small radii, with byte and 16-bit column sums, one interval or general sets.
    for (int r : {1, 3, 8, 21}) {
        for (int halvesFrom : {128, 1, -1}) { // -1: relative column sums from r = 1
            TinyDevice mid = tinyDevice(256, 12);
            mid.tuning.smallMooreMaxRadius = 0;
            mid.tuning.midHalfColumnsFrom = std::abs(halvesFrom);
            mid.tuning.midDeltaColumns = halvesFrom < 0 ? 1 : 0;
            expectMatchesReference({"forced mid", scaled(r, Neighbourhood::Moore, r % 2 == 1, 2), {77, 50}, 3, mid});
            // Grids as high as the window: chunks of fewer rows than a thread's staged rows lie apart.
            if (r < 8)
                for (int width : {20, 77})
                    expectMatchesReference({"forced mid, few rows",
                                            scaled(r, Neighbourhood::Moore, false, 2),
                                            {width, 2 * r + 1},
                                            3,
                                            mid});
            if (r == 1) continue; // no room for two separate intervals in 9 counts
            Rule sets = scaled(r, Neighbourhood::Moore, true, 2);
            const int n = sets.neighbourhoodSize();
            sets.birth = CountSet({{n / 8, n / 5}, {n / 3, n / 2}});
            sets.survival = CountSet({{n / 12, n / 6}, {n / 4, n / 2}});
            expectMatchesReference({"forced mid, two intervals", sets, {77, 50}, 3, mid});
        }
    }
    expectMatchesReference({"two intervals",
                            parseRule("R20,C0,M1,S100..300,600..900,B200..250,NM").rule,
                            {90, 60},
                            3,
                            tinyDevice(256, 20)});
}

TEST(BoxsumEmulation, GeneralCountSets) {
    // Sets of several intervals take the threshold loop instead of the single-interval masks.
    expectMatchesReference({"highlife", parseRule("B36/S23").rule, {67, 45}, 6, tinyDevice(256, 13)});
    expectMatchesReference(
        {"small moore sets", parseRule("R4,C0,M1,S10..20,30..40,B15..18,25..27,NM").rule, {70, 41}, 4, tinyDevice()});
    expectMatchesReference(
        {"vn sets", parseRule("R5,C3,M0,S5..10,20..30,B8..12,40..50,NN").rule, {66, 40}, 4, tinyDevice(256, 9)});
}

// The carry-save tree counts every lane's ones up to 64 inputs (its slots pass a byte's signed range).
template <int N>
void expectCountsOnes(std::uint64_t seed) {
    unsigned in[N];
    for (int i = 0; i < N; ++i)
        in[i] = unsigned(seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 1 | unsigned(i % 3 == 0);
    unsigned out[bitsliced::planesFor(N)];
    bitsliced::countOnes(in, out);
    for (int lane = 0; lane < 32; ++lane) {
        int want = 0, got = 0;
        for (int i = 0; i < N; ++i) want += int((in[i] >> lane) & 1u);
        for (int k = 0; k < bitsliced::planesFor(N); ++k) got |= int((out[k] >> lane) & 1u) << k;
        EXPECT_EQ(got, want) << N << " inputs, lane " << lane;
    }
}

TEST(BoxsumEmulation, CountOnesUpTo64Inputs) {
    expectCountsOnes<3>(1);
    expectCountsOnes<33>(2);
    expectCountsOnes<43>(3);
    expectCountsOnes<62>(4);
    expectCountsOnes<64>(5);
}

// wideRowSum: lane i of word 0 counts columns i + lo .. i + hi of a random row, centred (-r..r) or the
// tripod's left arm (-r..0).
TEST(BoxsumEmulation, WideRowSumCountsEachLanesSegment) {
    constexpr int kWords = 40, kOrigin = 20; // word 0 of the sums is the row's word kOrigin
    for (unsigned seed : {1u, 2u, 3u}) {
        std::vector<unsigned> row(kWords);
        for (unsigned& w : row) w = seed = seed * 1664525u + 1013904223u;
        if (seed % 3 == 0) row[kOrigin] = ~0u, row[kOrigin + 1] = 0u; // runs that fill and empty the lanes
        const auto cell = [&](int column) { return int((row[std::size_t(column / 32)] >> (column % 32)) & 1u); };
        for (int r : {9, 16, 17, 31, 32, 33, 100, 500})
            for (const auto& [lo, hi] : {std::pair{-r, r}, std::pair{-r, 0}}) {
                unsigned sum[10];
                wideRowSum([&](int q) { return row[std::size_t(kOrigin + q)]; }, lo, hi, sum);
                for (int lane = 0; lane < 32; ++lane) {
                    int want = 0, got = 0;
                    for (int c = 32 * kOrigin + lane + lo; c <= 32 * kOrigin + lane + hi; ++c) want += cell(c);
                    for (int k = 0; k < 10; ++k) got |= int((sum[k] >> lane) & 1u) << k;
                    EXPECT_EQ(got, want) << "columns " << lo << ".." << hi << ", lane " << lane;
                }
            }
    }
}

// ---- Cross, saltire, star, hash, asterisk and tripod (boxsum_lines.cuh) ----

constexpr Neighbourhood kLineShapes[] = {Neighbourhood::Cross, Neighbourhood::Saltire,  Neighbourhood::Star,
                                         Neighbourhood::Hash,  Neighbourhood::Asterisk, Neighbourhood::Tripod};

// Eight birth and eight survival bands (general count sets), or one of each (the single-interval masks)
// around the start's density 0.35, so that the first steps stay busy.
Rule lineRule(int r, Neighbourhood n, bool centre, int states, int bands = 8) {
    if (bands == 1) return testing::bandedRule(r, n, centre, states, {1, 0.35, 2.0});
    return testing::bandedRule(r, n, centre, states, {bands, states > 2 ? 0.15 : 0.5, 0.7});
}

// The shapes the small lines kernel counts as it counts the line shapes: those, the tripod and the asterisk.
constexpr Neighbourhood kSmallLinesShapes[] = {Neighbourhood::Cross, Neighbourhood::Saltire, Neighbourhood::Star,
                                               Neighbourhood::Hash,  Neighbourhood::Tripod,  Neighbourhood::Asterisk};

// The line kernels with the small line kernels turned off.
TinyDevice linesOnly(int threads = 256, int stripRows = 1 << 30) {
    TinyDevice d = tinyDevice(threads, stripRows);
    d.tuning.smallLinesMaxCells = 0;
    return d;
}

TEST(BoxsumEmulation, LineShapesPlanTheLineKernels) {
    const TinyDevice device = tinyDevice();
    for (Neighbourhood n : kLineShapes)
        for (int r : {1, 8, 9, 16, 17, 500}) {
            const Rule rule = lineRule(r, n, false, 2);
            const BitGrid g = bitGridShape({1003, 1003}, r, 2);
            BoxsumPlan p = planBoxsum(rule, g, device.device, device.tuning);
            if (r <= kMaxSmallLinesRadius) {
                EXPECT_EQ(p.kernel, BoxsumKernel::SmallLines) << rule.format();
                EXPECT_EQ(p.sharedBytes, 0u) << rule.format();
                p = planBoxsum(rule, g, device.device, linesOnly().tuning);
            }
            EXPECT_EQ(p.kernel, BoxsumKernel::Lines) << rule.format();
            EXPECT_GE(kLineClasses[p.lineClass].maxRadius, r) << rule.format();
            EXPECT_TRUE(p.lineClass == 0 || kLineClasses[p.lineClass - 1].maxRadius < r) << rule.format();
            // A thread hands its diagonal sums on through shared memory: the saltire and the star two of them.
            const std::size_t diagonalBytes =
                std::size_t(kLineClasses[p.lineClass].linePlanes) * std::size_t(p.threads) * 4;
            const bool twoDiagonals = n == Neighbourhood::Saltire || n == Neighbourhood::Star;
            const bool oneDiagonal = n == Neighbourhood::Asterisk || n == Neighbourhood::Tripod;
            EXPECT_EQ(p.sharedBytes, (twoDiagonals ? 2 : oneDiagonal ? 1 : 0) * diagonalBytes) << rule.format();
        }
}

TEST(BoxsumEmulation, LineShapesSmallRadii) {
    for (Neighbourhood n : kLineShapes)
        for (int r : {1, 2, 3, 5, 8, 9, 16}) {
            const GridSize size{std::max(71, 2 * r + 5), std::max(41, 2 * r + 3)};
            expectMatchesReference({"lines", lineRule(r, n, r % 2 == 1, 2), size, 3, linesOnly(64, 9)});
            expectMatchesReference(
                {"lines, one interval", lineRule(r, n, r % 2 == 0, 2, 1), size, 3, linesOnly(256, 1 << 30)});
        }
}

// ---- The line shapes at small radius, one carry-save tree per count (boxsum_small_lines.cuh) ----

// The shapes' cells as catlab::inNeighbourhood has them.
TEST(BoxsumEmulation, SmallLineShapesHaveTheNeighbourhoodsCells) {
    for (Neighbourhood n : {Neighbourhood::Cross, Neighbourhood::Saltire, Neighbourhood::Star, Neighbourhood::Hash,
                            Neighbourhood::VonNeumann, Neighbourhood::Tripod, Neighbourhood::Asterisk})
        for (int r = 1; r <= kMaxSmallLinesRadius; ++r) {
            const SmallLinesShape shape = *smallLinesShapeFor(n);
            for (int dy = -r; dy <= r; ++dy)
                for (int dx = -r; dx <= r; ++dx)
                    EXPECT_EQ(inSmallLinesShape(shape, r, dx, dy), inNeighbourhood(n, r, dx, dy))
                        << toString(n) << " r=" << r << " (" << dx << ", " << dy << ")";
            EXPECT_EQ(smallLinesShapeCells(shape, r), neighbourhoodCells(n, r)) << toString(n) << " r=" << r;
        }
}

// Every shape and radius, centre in and out, general and single-interval sets, strips of a few rows.
TEST(BoxsumEmulation, SmallLineShapesEveryRadius) {
    for (Neighbourhood n : kSmallLinesShapes)
        for (int r = 1; r <= kMaxSmallLinesRadius; ++r) {
            const GridSize size{std::max(71, 2 * r + 5), std::max(41, 2 * r + 3)};
            expectMatchesReference({.label = "small lines",
                                    .rule = lineRule(r, n, r % 2 == 1, 2),
                                    .size = size,
                                    .steps = 3,
                                    .device = tinyDevice(64, 9),
                                    .kernel = BoxsumKernel::SmallLines});
            expectMatchesReference({.label = "small lines, one interval",
                                    .rule = lineRule(r, n, r % 2 == 0, 2, 1),
                                    .size = size,
                                    .steps = 3,
                                    .device = tinyDevice(256, 1 << 30),
                                    .kernel = BoxsumKernel::SmallLines});
        }
}

// Widths around word boundaries (the last word's padding and the halo words hold wrapped cells), many
// column groups of a few words, strips shorter and longer than the window, more states.
TEST(BoxsumEmulation, SmallLineShapesEdgesGroupsAndStates) {
    auto smallLines = [](const char* label, const Rule& rule, GridSize size, int steps, const TinyDevice& device) {
        expectMatchesReference({.label = label,
                                .rule = rule,
                                .size = size,
                                .steps = steps,
                                .device = device,
                                .kernel = BoxsumKernel::SmallLines});
    };
    for (Neighbourhood n : kSmallLinesShapes) {
        for (int width : {17, 31, 32, 33, 63, 65})
            for (int r : {1, 4, 8})
                if (width >= 2 * r + 1)
                    smallLines("small lines word edges", lineRule(r, n, r == 4, 2), {width, 37}, 3, tinyDevice(256, 5));
        for (int strip : {1, 2, 7, 17, 18})
            smallLines("small lines strips", lineRule(8, n, strip % 2 == 0, 2), {45, 43}, 2, tinyDevice(256, strip));
        smallLines("small lines groups", lineRule(3, n, true, 2), {1100, 29}, 3, tinyDevice(6, 4));
        smallLines("small lines 3 states", lineRule(4, n, true, 3), {67, 45}, 4, tinyDevice(64, 11));
        smallLines("small lines 5 states", lineRule(7, n, false, 5), {77, 61}, 4, tinyDevice(64, 13));
        smallLines("small lines 4 states, one interval", lineRule(5, n, true, 4, 1), {50, 40}, 4, tinyDevice());
    }
}

// ---- von Neumann at small radius: the diamond on the small line kernels ----

// Up to r = 5 (61 cells, within smallLinesMaxCells' 65) the small lines kernel, the von Neumann kernel
// beyond; smallLinesMaxCells moves the switch, and the line kernels never take the diamond.
TEST(BoxsumEmulation, VonNeumannPlansTheSmallLinesKernelUpToItsCells) {
    const auto kernelAt = [](int r, int maxCells) {
        TinyDevice d = tinyDevice();
        d.tuning.smallLinesMaxCells = maxCells;
        const Rule rule = scaled(r, Neighbourhood::VonNeumann, false, 2);
        const BoxsumPlan p = planBoxsum(rule, bitGridShape({1003, 1003}, r, 2), d.device, d.tuning);
        if (p.kernel == BoxsumKernel::SmallLines) {
            EXPECT_EQ(p.smallLinesShape, SmallLinesShape::Diamond) << rule.format();
            EXPECT_EQ(p.sharedBytes, 0u) << rule.format();
        }
        return p.kernel;
    };
    const BoxsumTuning defaults;
    for (int r : {1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 500})
        EXPECT_EQ(kernelAt(r, defaults.smallLinesMaxCells),
                  r <= 5 ? BoxsumKernel::SmallLines : BoxsumKernel::VonNeumann)
            << r;
    for (int r = 1; r <= 9; ++r) {
        EXPECT_EQ(kernelAt(r, 25), r <= 3 ? BoxsumKernel::SmallLines : BoxsumKernel::VonNeumann) << r;
        EXPECT_EQ(kernelAt(r, 145), r <= 8 ? BoxsumKernel::SmallLines : BoxsumKernel::VonNeumann) << r;
        EXPECT_EQ(kernelAt(r, 0), BoxsumKernel::VonNeumann) << r;
    }
}

// Every radius the plan takes the small kernel for, centre in and out, general and single-interval sets,
// 2 to 5 states, odd sizes, strips of a few rows; and at r = 6 the von Neumann kernel takes over.
TEST(BoxsumEmulation, SmallVonNeumannEveryRadius) {
    // These radii count the diamond both ways: afresh, and carried down from the row above.
    bool afresh = false, carried = false;
    for (int r = 1; r <= 5; ++r) (smallLinesCarriesCount(SmallLinesShape::Diamond, r) ? carried : afresh) = true;
    EXPECT_TRUE(afresh);
    EXPECT_TRUE(carried);
    for (int r = 1; r <= 5; ++r) {
        const GridSize size{std::max(71, 4 * r + 5), std::max(41, 2 * r + 3)};
        const Neighbourhood n = Neighbourhood::VonNeumann;
        for (int states : {2, 3, 5})
            expectMatchesReference({.label = "small von neumann",
                                    .rule = lineRule(r, n, (r + states) % 2 == 1, states),
                                    .size = size,
                                    .steps = 3,
                                    .device = tinyDevice(64, 9),
                                    .kernel = BoxsumKernel::SmallLines});
        expectMatchesReference({.label = "small von neumann, one interval",
                                .rule = lineRule(r, n, r % 2 == 0, 2, 1),
                                .size = size,
                                .steps = 3,
                                .device = tinyDevice(256, 1 << 30),
                                .kernel = BoxsumKernel::SmallLines});
        expectMatchesReference({.label = "small von neumann, scaled",
                                .rule = scaled(r, n, r % 2 == 1, 2),
                                .size = {67, 43},
                                .steps = 4,
                                .device = tinyDevice(128, 13),
                                .kernel = BoxsumKernel::SmallLines});
    }
    expectMatchesReference({.label = "von neumann past the small kernel",
                            .rule = lineRule(6, Neighbourhood::VonNeumann, true, 2),
                            .size = {73, 45},
                            .steps = 3,
                            .device = tinyDevice(64, 9),
                            .kernel = BoxsumKernel::VonNeumann});
}

// Widths around word boundaries, many column groups of a few words, strips shorter and longer than the
// window; and r = 6..8, the kernel's other instantiations, when smallLinesMaxCells lets them in.
TEST(BoxsumEmulation, SmallVonNeumannEdgesGroupsAndLargerCells) {
    const Neighbourhood n = Neighbourhood::VonNeumann;
    auto small = [](const char* label, const Rule& rule, GridSize size, int steps, const TinyDevice& device) {
        expectMatchesReference({.label = label,
                                .rule = rule,
                                .size = size,
                                .steps = steps,
                                .device = device,
                                .kernel = BoxsumKernel::SmallLines});
    };
    for (int width : {11, 17, 31, 32, 33, 63, 65})
        for (int r : {1, 3, 5})
            if (width >= 2 * r + 1)
                small("small von neumann word edges", lineRule(r, n, r == 3, 2), {width, 37}, 3, tinyDevice(256, 5));
    for (int strip : {1, 2, 7, 11, 12})
        small("small von neumann strips", lineRule(5, n, strip % 2 == 0, 2), {45, 43}, 2, tinyDevice(256, strip));
    small("small von neumann groups", lineRule(4, n, true, 2), {1100, 29}, 3, tinyDevice(6, 4));
    small("small von neumann 4 states, one interval", lineRule(4, n, false, 4, 1), {50, 40}, 4, tinyDevice());
    TinyDevice larger = tinyDevice(64, 10);
    larger.tuning.smallLinesMaxCells = 145;
    for (int r : {6, 7, 8}) small("small von neumann, more cells", lineRule(r, n, r % 2 == 0, 2), {59, 41}, 2, larger);
}

// Wide row sums (radius 16 and beyond) and diagonals reaching over several words.
TEST(BoxsumEmulation, LineShapesLargeRadii) {
    for (Neighbourhood n : kLineShapes)
        for (int r : {17, 31, 32, 33, 64, 127, 128}) {
            const GridSize size{2 * r + 37, 2 * r + 23};
            expectMatchesReference({"wide lines", lineRule(r, n, r % 2 == 0, 2), size, 2, tinyDevice(96, r + 20)});
        }
}

TEST(BoxsumEmulation, LineShapesLargestRadius) {
    for (Neighbourhood n : {Neighbourhood::Star, Neighbourhood::Hash}) {
        Case c{"lines r500", lineRule(500, n, n == Neighbourhood::Star, 2, 1), {1003, 1001}, 1, tinyDevice(64)};
        c.reference = "cpu";
        expectMatchesReference(c);
    }
}

// Grids one word wide and around word boundaries, strips of a few rows, many narrow column groups, more
// states.
TEST(BoxsumEmulation, LineShapesEdgesGroupsAndStates) {
    for (Neighbourhood n : kLineShapes) {
        for (int width : {31, 32, 33, 65})
            for (int r : {1, 5, 15})
                if (width >= 2 * r + 1)
                    expectMatchesReference(
                        {"line word edges", lineRule(r, n, r == 5, 2), {width, 37}, 3, linesOnly(256, 5)});
        expectMatchesReference({"line groups", lineRule(2, n, true, 2), {1100, 29}, 3, linesOnly(6, 4)});
        expectMatchesReference({"line groups r40", lineRule(40, n, false, 2), {2100, 91}, 1, linesOnly(8, 30)});
        expectMatchesReference({"line 3 states", lineRule(4, n, true, 3), {67, 45}, 4, linesOnly(64, 11)});
        expectMatchesReference({"line 5 states", lineRule(20, n, false, 5), {77, 61}, 3, linesOnly(64, 13)});
    }
}

// ---- Checkerboards (boxsum_checkerboard.cuh) ----

// Every radius; odd heights and widths, where a window that wraps around the torus sees the colours of
// unwrapped rows and columns; general and single-interval sets; more states; several column groups.
TEST(BoxsumEmulation, Checkerboards) {
    for (Neighbourhood n : {Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard}) {
        for (int r = 1; r <= kMaxCheckerboardRadius; ++r) {
            const GridSize size{std::max(67, 2 * r + 3), std::max(41, 2 * r + 5)};
            expectMatchesReference({"checkerboard", lineRule(r, n, r % 2 == 1, 2), size, 3, tinyDevice(64, 9)});
            expectMatchesReference(
                {"checkerboard, one interval", lineRule(r, n, r % 2 == 0, 2, 1), size, 2, tinyDevice()});
        }
        for (int width : {31, 32, 33, 65})
            expectMatchesReference(
                {"checkerboard word edges", lineRule(3, n, true, 2), {width, 35}, 4, tinyDevice(256, 6)});
        expectMatchesReference({"checkerboard 4 states", lineRule(6, n, false, 4), {71, 43}, 4, tinyDevice(64, 10)});
        expectMatchesReference({"checkerboard groups", lineRule(2, n, true, 2), {1100, 33}, 3, tinyDevice(32, 7)});
    }
}

// Past radius 16, the mid kernel with both colours' column sums: odd sizes (colours of unwrapped rows and
// columns), centre in and out, general and single-interval sets, more states, several blocks and strips,
// and the largest radius it takes.
TEST(BoxsumEmulation, MidCheckerboards) {
    // Bands around the 35% of live cells that the random start has: large neighbourhoods stay busy.
    const auto busyRule = [](int r, Neighbourhood n, bool centre) {
        return testing::bandedRule(r, n, centre, 2, {8, 0.35, 0.7});
    };
    for (Neighbourhood n : {Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard}) {
        for (int r : {17, 20, 33, 47}) {
            const GridSize size{2 * r + 43, 2 * r + 9};
            expectMatchesReference({"mid checkerboard",
                                    busyRule(r, n, r % 2 == 1),
                                    size,
                                    2,
                                    tinyDevice(256, 40),
                                    {},
                                    "cpu-naive",
                                    BoxsumKernel::MidCheckerboard});
            expectMatchesReference(
                {"mid checkerboard, one interval", lineRule(r, n, r % 2 == 0, 2, 1), size, 2, tinyDevice(256, 25)});
        }
        expectMatchesReference({"mid checkerboard 5 states", lineRule(18, n, false, 5), {81, 47}, 3, tinyDevice()});
        TinyDevice narrow = tinyDevice(256, 13);
        narrow.tuning.midCheckerboardWarps = 1;
        narrow.tuning.midSegmentWords = 3;
        expectMatchesReference({"mid checkerboard groups", busyRule(19, n, true), {1001, 45}, 2, narrow});
        Case widest{"mid checkerboard r254",
                    busyRule(254, n, n == Neighbourhood::Checkerboard),
                    {515, 511},
                    1,
                    tinyDevice(256, 300)};
        widest.reference = "cpu";
        expectMatchesReference(widest);
    }
}

TEST(BoxsumEmulation, LargeRadiiAgainstFastCpu) {
    Case moore{"moore r130", scaled(130, Neighbourhood::Moore, true, 2), {263, 271}, 2, tinyDevice(256, 90)};
    moore.reference = "cpu";
    expectMatchesReference(moore);
    Case vn{"vn r130", scaled(130, Neighbourhood::VonNeumann, false, 3), {270, 263}, 2, tinyDevice(256, 100)};
    vn.reference = "cpu";
    expectMatchesReference(vn);
}

} // namespace
} // namespace catlab
