#pragma once
// How `boxsum` runs a rule on a grid: the bit-plane layout, which step kernel, and its launch shape.
// Plain C++ (no CUDA runtime), shared by the backend and the CPU tests that run the kernel bodies.
#include "bit_planes.cuh"
#include "boxsum_checkerboard.cuh"
#include "boxsum_lines.cuh"
#include "boxsum_mid_moore.cuh"
#include "boxsum_small_lines.cuh"
#include "boxsum_small_moore.cuh"
#include "boxsum_step.cuh"
#include "compile_time_int.hpp"

#include "catlab/rule.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cuda {

inline constexpr int kMaxSmallMooreRadius = 16;

enum class BoxsumKernel { SmallMoore, MidMoore, VonNeumann, Lines, SmallLines, Checkerboard, MidCheckerboard };

// The kernel's name, as benchmarks report which one ran.
constexpr const char* kernelName(BoxsumKernel k) {
    switch (k) {
    case BoxsumKernel::SmallMoore: return "small moore";
    case BoxsumKernel::MidMoore: return "mid moore";
    case BoxsumKernel::VonNeumann: return "von neumann";
    case BoxsumKernel::Lines: return "lines";
    case BoxsumKernel::SmallLines: return "small lines";
    case BoxsumKernel::Checkerboard: return "checkerboard";
    case BoxsumKernel::MidCheckerboard: return "mid checkerboard";
    }
    return "?";
}

// Mid Moore column sums: bytes (r <= 127), and past that 16-bit lanes or bytes relative to each chunk's
// row before (boxsum_mid_moore.cuh).
enum class MidColumns { Bytes, Halves, Deltas };

struct BoxsumPlan {
    BoxsumKernel kernel = BoxsumKernel::SmallMoore;
    int threads = 0;
    long long blocks = 0;
    std::size_t sharedBytes = 0;
    int columnBlocks = 0, stripRows = 0, blockWords = 0, spanHalo = 0, chunkRows = 0;
    MidSegments segments{}; // mid kernels: a block's output words, a warp walking each segment
    int countSlots = 0;     // relative column sums: word slots of cell counts a segment (midCellCountsOffset)
    MidColumns midColumns = MidColumns::Bytes; // mid Moore: how column sums are kept
    bool registerRing = false;                 // small Moore: the ring of window sums in registers
    bool simpleSets = false;                   // birth and survival are each at most one interval
    bool sameFloor = false; // simple sets whose birth and survival start at one count (mid Moore: one add less a cell)
    CountTests smallMooreTests = CountTests::Sets; // small Moore: how the counts are tested
    int armPlanes = 0, countPlanes = 0;            // von Neumann: planes of the diagonal arms and of the counts
    LineShape lineShape = LineShape::Cross;        // lines: the shape and its radius class
    int lineClass = 0;
    SmallLinesShape smallLinesShape = SmallLinesShape::Cross; // small lines: the shape
    bool aligned = false;                                     // checkerboards: ND (the centre's colour) rather than NB
};

// A plan's launch shape in words, for tuning sweeps (CATLAB_BOXSUM_PLAN): the kernel, the mid Moore
// column sums, and the blocks.
inline std::string describePlan(const BoxsumPlan& p) {
    std::string text = kernelName(p.kernel);
    if (p.kernel == BoxsumKernel::MidMoore)
        text += p.midColumns == MidColumns::Bytes    ? ", byte columns"
                : p.midColumns == MidColumns::Halves ? ", 16-bit columns"
                                                     : ", relative columns";
    if (p.kernel == BoxsumKernel::MidMoore && p.midColumns == MidColumns::Deltas &&
        midCountsInRing(p.segments.words, p.countSlots))
        text += ", counts in a ring";
    if (p.kernel == BoxsumKernel::SmallMoore && p.smallMooreTests == CountTests::TwoThresholds)
        text += ", two thresholds";
    text += ": " + std::to_string(p.threads) + " threads, " + std::to_string(p.blockWords) + " words (halo " +
            std::to_string(p.spanHalo) + ", segments of " + std::to_string(p.segments.words) + "), " +
            std::to_string(p.columnBlocks) + " x " +
            std::to_string(p.columnBlocks > 0 ? p.blocks / p.columnBlocks : 0) + " blocks of " +
            std::to_string(p.stripRows) + " rows, " + std::to_string(p.sharedBytes) + " shared bytes";
    return text;
}

// The name of the kernel a plan runs, and of its variant where it has two.
inline const char* kernelName(const BoxsumPlan& p) {
    return p.kernel == BoxsumKernel::SmallMoore && p.registerRing ? "small moore registers" : kernelName(p.kernel);
}

inline constexpr int kMaxCheckerboardRadius = 16;

inline bool isCheckerboard(Neighbourhood n) {
    return n == Neighbourhood::Checkerboard || n == Neighbourhood::AlignedCheckerboard;
}

// The shapes the line kernels count (running sums, any radius).
inline std::optional<LineShape> lineShapeFor(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Cross: return LineShape::Cross;
    case Neighbourhood::Saltire: return LineShape::Saltire;
    case Neighbourhood::Star: return LineShape::Star;
    case Neighbourhood::Hash: return LineShape::Hash;
    case Neighbourhood::Asterisk: return LineShape::Asterisk;
    case Neighbourhood::Tripod: return LineShape::Tripod;
    default: return std::nullopt;
    }
}

// The shapes the small lines kernel counts (a carry-save tree over the cells, small radii): the line
// shapes and the von Neumann diamond.
inline std::optional<SmallLinesShape> smallLinesShapeFor(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Cross: return SmallLinesShape::Cross;
    case Neighbourhood::Saltire: return SmallLinesShape::Saltire;
    case Neighbourhood::Star: return SmallLinesShape::Star;
    case Neighbourhood::Hash: return SmallLinesShape::Hash;
    case Neighbourhood::VonNeumann: return SmallLinesShape::Diamond;
    case Neighbourhood::Tripod: return SmallLinesShape::Tripod;
    case Neighbourhood::Asterisk: return SmallLinesShape::Asterisk;
    default: return std::nullopt;
    }
}

// Words each row keeps on either side for the widest read of any kernel (r / 32 + 1 words).
constexpr int haloWordsFor(int radius) { return radius / 32 + 1; }

// Rows one word longer (an odd pitch) where their words and halos make a multiple of `oddPitchMultiple` words
// (0: never): the mid kernels' lanes read and write a word of 32 consecutive rows, and with a pitch of 2^k
// words times an odd number those lie in 32 / 2^k banks of L1 (at n = 60416, r = 480..500: all 32 rows in one
// bank, 10% slower on an H200). Up to 8 ways cost less than the odd pitch's misaligned rows (H200, n = 60416:
// 0.2% slower at r = 256..400, 0.35% at r = 352..383), hence 16 by default.
constexpr int kDefaultOddPitchMultiple = 16;
constexpr int kEveryRowPadded = 1; // as oddPitchMultiple: a word past the halos at any width, the longest rows
inline BitGrid bitGridShape(GridSize size, int radius, int states, int oddPitchMultiple = kDefaultOddPitchMultiple) {
    BitGrid g;
    g.width = size.width;
    g.height = size.height;
    g.words = (size.width + 31) / 32;
    g.halo = haloWordsFor(radius);
    g.pitch = g.words + 2 * g.halo;
    if (oddPitchMultiple > 0 && g.pitch % oddPitchMultiple == 0) ++g.pitch;
    g.statePlanes = statePlanesFor(states);
    return g;
}

inline bitsliced::Thresholds thresholdsFor(const CountSet& set, int shift, int maxCount) {
    bitsliced::Thresholds t{};
    for (const Interval& i : set.intervals()) {
        if (i.lo + shift <= maxCount) t.value[t.count++] = i.lo + shift;
        if (i.hi + shift + 1 <= maxCount) t.value[t.count++] = i.hi + shift + 1;
    }
    return t;
}

// What the bit-sliced kernels test, from the thresholds: the intervals' masks, and the two thresholds when
// the sets have no more between them.
inline void withThresholdTests(CountRule& c) {
    c.simple = simpleSets(c);
    c.birthMasks = bitsliced::intervalMasks(c.birth);
    c.survivalMasks = bitsliced::intervalMasks(c.survival);
    std::vector<int> values(c.birth.value, c.birth.value + c.birth.count);
    values.insert(values.end(), c.survival.value, c.survival.value + c.survival.count);
    std::ranges::sort(values);
    values.erase(std::unique(values.begin(), values.end()), values.end());
    c.twoThresholds = c.simple && values.size() <= 2;
    if (!c.twoThresholds) return;
    bitsliced::Thresholds pair{};
    for (const int v : values) pair.value[pair.count++] = v;
    c.thresholdPair = bitsliced::intervalMasks(pair);
    // An odd number of equal thresholds counts once, an even number not at all (inSet's xor).
    const auto uses = [&](const bitsliced::Thresholds& set, unsigned(&out)[2]) {
        for (int k = 0; k < 2; ++k)
            out[k] = k < pair.count && std::ranges::count(set.value, set.value + set.count, pair.value[k]) % 2 != 0
                         ? ~0u
                         : 0u;
    };
    uses(c.birth, c.bornUses);
    uses(c.survival, c.keptUses);
}

// Counts include the centre (catlab::Transition): a live cell's survival set moves up by one when the
// rule leaves the centre out. Needs at most 16 intervals per set.
inline CountRule countRuleFor(const Rule& rule) {
    const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
    CountRule c{};
    c.birth = thresholdsFor(rule.birth, 0, maxCount);
    c.survival = thresholdsFor(rule.survival, rule.includeCentre ? 0 : 1, maxCount);
    c.states = rule.states;
    withThresholdTests(c);
    return c;
}

// The count rule of a neighbourhood whose live centre is not counted: survival thresholds one lower (a
// threshold of 0 stays 0: every count reaches it).
inline CountRule withoutLiveCentre(CountRule c) {
    for (int k = 0; k < c.survival.count; ++k) c.survival.value[k] = std::max(0, c.survival.value[k] - 1);
    withThresholdTests(c);
    return c;
}

// Planes of the von Neumann arms (up to r + 1 cells) and counts (up to 2r^2 + 2r + 1), by radius class.
struct ArmClass {
    int maxRadius, armPlanes, countPlanes;
};
inline constexpr ArmClass kArmClasses[] = {{6, 3, 7},    {14, 4, 9},   {30, 5, 11}, {62, 6, 13},
                                           {126, 7, 15}, {254, 8, 17}, {500, 9, 19}};
inline constexpr int kMinArmPlanes = kArmClasses[0].armPlanes;
inline constexpr int kMaxArmPlanes = kArmClasses[std::size(kArmClasses) - 1].armPlanes;
// The counts grow as the square of the arms: the kernels are compiled for 2 * armPlanes + 1 count planes.
static_assert(std::ranges::all_of(kArmClasses, [](const ArmClass& c) { return c.countPlanes == 2 * c.armPlanes + 1; }));

// Resident blocks of a plan per multiprocessor, and the multiprocessor count (the backend asks the
// device; the CPU tests pass small numbers so that grids split into many blocks).
struct BoxsumDevice {
    int multiprocessors = 1;
    std::function<int(const BoxsumPlan&)> residentBlocks;
};

// Launch shapes; the defaults are the measured best on an H200 (docs/benchmarks.md).
struct BoxsumTuning {
    int smallMooreMaxRadius = kMaxSmallMooreRadius; // Moore beyond it: the mid kernel
    int midHalfColumnsFrom = 128; // mid Moore from this radius (at most 128): 16-bit or relative column sums
    int midDeltaColumns = 1;      // 1: relative byte column sums there, 0: 16-bit ones
    // Warps per block with relative column sums, each walking a segment: as many as fit a multiprocessor,
    // from this many down in steps of two (one block resident: the more warps, the faster; 13 and 9
    // measured slower than 12 and 10). Segments of midDeltaSegmentWords output words, or with 0 the widest
    // block that leaves no warp only staging (deltaBlock: 7 words a warp up to r = 255; 7 measured 1 to 5%
    // faster than 8 words and two or four warps that only stage).
    int midDeltaWarps = 16;
    int midDeltaSegmentWords = 0;
    int midDeltaBlockWords = 0; // output words a block, or with 0 as deltaBlock chooses
    // What a chunk of a block costs besides its walks, in words a warp walks: the walks are about half of the
    // step at r = 128 .. 500 (docs/benchmarks.md), where a warp walks 6 or 7 words a chunk.
    int midDeltaChunkWords = 7;
    // Automatic segments also keep a block's shared memory, with the KiB the multiprocessor reserves for it,
    // within this many KiB (0: no bound): at r = 224..255 seven words with two buffers of counts (197.4 KiB)
    // measured 3% slower than six; past 196 KiB a multiprocessor keeps 28 KiB of L1 instead of 60 (its last
    // carve-out step), the likely cause.
    int midDeltaSharedKiB = 196;
    // The cells' counts in the row before a chunk: 1 in a ring of segment words + 1 slots a segment, 0 in two
    // buffers, -1 in the ring where two buffers would leave deltaBlock a costlier block within midDeltaSharedKiB
    // (at n = 60416, r = 192 .. 255: 17 blocks of 112 words in at most 186.4 KiB, not 18 of 105; r = 320 .. 351).
    int midDeltaCountRing = -1;
    int midWarps = 8;             // segments per block (a warp walks 32 rows of one)
    int midSegmentWords = 8;      // output words each lane walks
    int midCheckerboardWarps = 4; // the same for checkerboards (twice the column sums in shared memory)
    int midHalfWarps = 32;        // the same with 16-bit column sums (twice the units): as many as fit
    int midHalfSegmentWords = 4;  // output words each lane walks with 16-bit column sums
    int midWarmupPercent = 10;    // what a mid Moore strip's warm-up costs, in percent of r output rows
    // The same with relative column sums: 25 gives r = 128..255 31 strips (4 waves of 1949 rows on 132
    // multiprocessors; r = 154 1.1% and r = 255 0.3% faster than 23 strips at 50); 10 gives r = 256..438 33
    // strips instead of 13 (r = 400 2.6% slower); farther radii keep theirs.
    int midDeltaWarmupPercent = 25;
    int smallMooreThreads = 128; // word columns per block
    // Small Moore radii (bit r - 1 for radius r, up to kMaxRegisterRingRadius) that keep the ring in registers:
    // 1, 8 and 9 measured faster so; 2..7 no faster or slower (fewer warps resident).
    int smallMooreRegisterRings = 0b110000001;
    int smallMooreTwoThresholds = 1; // rules with two thresholds between birth and survival test each once (0: four)
    // Line shapes and von Neumann of radius up to kMaxSmallLinesRadius with at most this many cells: the
    // small lines kernel (one carry-save tree per count); more cells, the line and von Neumann kernels
    // (running sums).
    int smallLinesMaxCells = 65;
    int smallLinesThreads = 128;   // word columns per block
    int vonNeumannThreads = 128;   // span words per block
    int linesThreads = 128;        // span words per block (word columns without diagonals)
    int checkerboardThreads = 128; // word columns per block
    int maxStripRows = 1 << 30;
    int oddPitchMultiple = kDefaultOddPitchMultiple; // bitGridShape: 2 makes every pitch odd, 0 none
};

inline int midSpanHalo(int r) { return r / 32 + 1; } // words each side of a mid block's output words

// Shared memory a multiprocessor sets aside for each resident block (sm_80 and later), which the L1
// carve-out counts with the block's own.
inline constexpr std::size_t kReservedSharedBytesPerBlock = 1024;

// The block shape of the mid kernels: `blockWords` output words (at most the row's) in `segments` segments
// (MidSegments, a warp walking each), and threads enough for the walks, the column sums (kMidUnitsPerThread
// units each) and staging.
inline void planMid(BoxsumPlan& p, int r, const BitGrid& g, int segments, int blockWords, int columnArrays) {
    const int unitsPerWord = p.midColumns == MidColumns::Halves ? 16 : 8;
    p.spanHalo = midSpanHalo(r);
    p.blockWords = std::max(1, std::min(blockWords, g.words));
    p.segments = midSegments(p.blockWords, std::max(1, std::min(segments, p.blockWords)));
    const int spanWords = p.blockWords + 2 * p.spanHalo;
    const int columnThreads =
        (midSpanUnits(p.blockWords, p.spanHalo, unitsPerWord) + kMidUnitsPerThread - 1) / kMidUnitsPerThread;
    const int threads = std::max({32 * p.segments.count, columnThreads, kMidStageRowStep * spanWords});
    p.threads = std::min((threads + 31) / 32 * 32, 1024);
    p.chunkRows = kMidChunkRows;
    p.columnBlocks = (g.words + p.blockWords - 1) / p.blockWords;
    p.sharedBytes = (p.midColumns == MidColumns::Deltas
                         ? midDeltaSharedWords(p.blockWords, p.spanHalo, p.segments.count, p.countSlots)
                         : midSharedWords(p.blockWords, p.spanHalo, columnArrays, unitsPerWord)) *
                    sizeof(unsigned);
}

// The same with up to `warps` segments of `segmentWords` words (fewer where the row is shorter).
inline void planMidSegments(BoxsumPlan& p, int r, const BitGrid& g, int warps, int segmentWords, int columnArrays) {
    const int words = std::max(1, std::min(warps * segmentWords, g.words));
    planMid(p, r, g, (words + segmentWords - 1) / segmentWords, words, columnArrays);
}

// Relative column sums: a block's output words and the slots of its segments' cells' counts.
struct DeltaBlock {
    int words, countSlots;
};

// A block of `warps` segments: the words that midDeltaBlockWords fixes, or `warps` times midDeltaSegmentWords,
// or with both 0 the cheapest of the blocks for which the warps stage the whole span (kMidStageRowStep threads
// a span word), so that every warp also walks, within midDeltaSharedKiB: for each number of blocks a row
// takes, the fewest words that make it (the row's blocks alike), costing that many blocks times their longest
// segment plus midDeltaChunkWords (at n = 60416: 18 blocks of 105 words at r = 256 .. 351 rather than 20 of
// 96; 17 of 112 at r = 128 .. 191 rather than 16 of 118). The counts in a ring or in two buffers by
// midDeltaCountRing (-1: the ring where it makes the block cheaper).
inline DeltaBlock deltaBlock(int r, int warps, int rowWords, const BoxsumTuning& tuning) {
    const auto slots = [&](int words, bool ring) {
        return midCountSlots(midSegments(words, std::min(warps, words)).words, ring);
    };
    const auto fits = [&](int words, bool ring) {
        const std::size_t shared =
            midDeltaSharedWords(words, midSpanHalo(r), std::min(warps, words), slots(words, ring));
        return tuning.midDeltaSharedKiB == 0 ||
               shared * sizeof(unsigned) + kReservedSharedBytesPerBlock <= std::size_t(tuning.midDeltaSharedKiB) * 1024;
    };
    const bool automatic = tuning.midDeltaBlockWords == 0 && tuning.midDeltaSegmentWords == 0;
    struct Choice {
        int words;
        long long cost;
    };
    const auto choose = [&](bool ring) -> Choice {
        if (!automatic) {
            const int words =
                tuning.midDeltaBlockWords > 0 ? tuning.midDeltaBlockWords : warps * tuning.midDeltaSegmentWords;
            return {words, fits(words, ring) ? 0 : 1};
        }
        int widest = std::max(1, 32 * warps / kMidStageRowStep - 2 * midSpanHalo(r));
        while (widest > 1 && !fits(widest, ring)) --widest;
        widest = std::min(widest, rowWords);
        Choice best{widest, -1};
        for (int blocks = (rowWords + widest - 1) / widest; blocks <= rowWords; ++blocks) {
            const int words = (rowWords + blocks - 1) / blocks;
            const int longest = (words + warps - 1) / warps;
            const long long cost = 1LL * blocks * (longest + tuning.midDeltaChunkWords);
            if (best.cost < 0 || cost < best.cost) best = {words, cost};
            if (longest == 1) break; // more blocks cost more from here
        }
        return best;
    };
    const Choice inBuffers = choose(false), inRing = choose(true);
    const bool ring = tuning.midDeltaCountRing >= 0 ? tuning.midDeltaCountRing != 0 : inRing.cost < inBuffers.cost;
    const int words = std::max(1, std::min((ring ? inRing : inBuffers).words, rowWords));
    return {words, slots(words, ring)};
}

// Strips so that the blocks fill whole waves of the device, weighing the rows each strip spends
// warming up its running sums (`warmupRows`, in units of an output row's work).
inline void chooseStrips(BoxsumPlan& p, int height, double warmupRows, const BoxsumDevice& device,
                         const BoxsumTuning& tuning) {
    const long long capacity = std::max(1LL, 1LL * device.multiprocessors * std::max(1, device.residentBlocks(p)));
    double best = 1e300;
    for (int strips = 1; strips <= height; strips = strips < 64 ? strips + 1 : strips + strips / 16) {
        const int rows = std::min((height + strips - 1) / strips, tuning.maxStripRows);
        const long long blocks = 1LL * p.columnBlocks * ((height + rows - 1) / rows);
        const double waves = double((blocks + capacity - 1) / capacity);
        const double cost = waves * (rows + warmupRows);
        if (cost < best * 0.999) {
            best = cost;
            p.stripRows = rows;
            p.blocks = blocks;
        }
    }
}

// The plan of a step over `rows` rows of the grid (0: all of them).
inline BoxsumPlan planBoxsum(const Rule& rule, const BitGrid& g, const BoxsumDevice& device,
                             const BoxsumTuning& tuning = {}, int rows = 0) {
    BoxsumPlan p;
    const int r = rule.radius;
    const int height = rows > 0 ? rows : g.height;
    const CountRule counts = countRuleFor(rule);
    p.simpleSets = counts.simple;
    p.sameFloor = counts.simple && firstThreshold(counts.birth) == firstThreshold(counts.survival);
    const auto roundUp32 = [](int n) { return (n + 31) / 32 * 32; };
    const auto smallShape = smallLinesShapeFor(rule.neighbourhood);
    const auto shape = lineShapeFor(rule.neighbourhood);
    if (smallShape && r <= kMaxSmallLinesRadius && smallLinesShapeCells(*smallShape, r) <= tuning.smallLinesMaxCells) {
        p.kernel = BoxsumKernel::SmallLines;
        p.smallLinesShape = *smallShape;
        p.threads = std::min(tuning.smallLinesThreads, roundUp32(g.words));
        p.blockWords = p.threads;
        p.columnBlocks = (g.words + p.threads - 1) / p.threads;
        // A strip's warm-up loads its first 2r rows' words and, where each row's count is carried down from
        // the row above, counts one afresh (about two carried rows' work).
        chooseStrips(p, height, 0.25 * r + (smallLinesCarriesCount(*smallShape, r) ? 2.0 : 0.0), device, tuning);
    } else if (shape) {
        p.kernel = BoxsumKernel::Lines;
        p.lineShape = *shape;
        p.lineClass = lineClassFor(r);
        if (hasDiagonals(*shape)) {
            p.spanHalo = r / 32 + 1;
            p.blockWords = std::max(1, std::min(tuning.linesThreads - 2 * p.spanHalo, g.words));
            p.threads = p.blockWords + 2 * p.spanHalo;
            p.sharedBytes = std::size_t(diagonalLines(*shape)) * std::size_t(kLineClasses[p.lineClass].linePlanes) *
                            std::size_t(p.threads) * sizeof(unsigned);
        } else {
            p.threads = std::min(tuning.linesThreads, roundUp32(g.words));
            p.blockWords = p.threads;
        }
        p.columnBlocks = (g.words + p.blockWords - 1) / p.blockWords;
        chooseStrips(p, height, 2.0 * r + 1, device, tuning);
    } else if (isCheckerboard(rule.neighbourhood) && r <= kMaxCheckerboardRadius) {
        p.kernel = BoxsumKernel::Checkerboard;
        p.aligned = rule.neighbourhood == Neighbourhood::AlignedCheckerboard;
        p.threads = std::min(tuning.checkerboardThreads, roundUp32(g.words));
        p.blockWords = p.threads;
        p.columnBlocks = (g.words + p.threads - 1) / p.threads;
        const int window = 2 * r + 1;
        if (r <= kMaxCheckerboardRingRadius)
            p.sharedBytes = std::size_t(window) * 2 * std::size_t(bitsliced::planesFor(r + 1)) *
                            std::size_t(p.threads) * sizeof(unsigned);
        chooseStrips(p, height, double(r), device, tuning);
    } else if (isCheckerboard(rule.neighbourhood)) {
        p.kernel = BoxsumKernel::MidCheckerboard;
        p.aligned = rule.neighbourhood == Neighbourhood::AlignedCheckerboard;
        planMidSegments(p, r, g, tuning.midCheckerboardWarps, tuning.midSegmentWords, 2);
        chooseStrips(p, height, 0.8 * r, device, tuning);
    } else if (rule.neighbourhood == Neighbourhood::VonNeumann) {
        p.kernel = BoxsumKernel::VonNeumann;
        for (const ArmClass& c : kArmClasses)
            if (r <= c.maxRadius) {
                p.armPlanes = c.armPlanes;
                p.countPlanes = c.countPlanes;
                break;
            }
        p.spanHalo = r / 32 + 1;
        p.blockWords = std::max(1, std::min(tuning.vonNeumannThreads - 2 * p.spanHalo, g.words));
        p.threads = p.blockWords + 2 * p.spanHalo;
        p.columnBlocks = (g.words + p.blockWords - 1) / p.blockWords;
        p.sharedBytes = 4 * std::size_t(p.armPlanes) * std::size_t(p.threads) * sizeof(unsigned);
        chooseStrips(p, height, 2.0 * r + 2, device, tuning);
    } else if (r <= tuning.smallMooreMaxRadius) {
        p.kernel = BoxsumKernel::SmallMoore;
        p.threads = std::min(tuning.smallMooreThreads, roundUp32(g.words));
        p.blockWords = p.threads;
        p.columnBlocks = (g.words + p.threads - 1) / p.threads;
        const int window = 2 * r + 1;
        p.registerRing = r <= kMaxRegisterRingRadius && (tuning.smallMooreRegisterRings >> (r - 1) & 1) != 0;
        p.smallMooreTests = !counts.simple                                                ? CountTests::Sets
                            : counts.twoThresholds && tuning.smallMooreTwoThresholds != 0 ? CountTests::TwoThresholds
                                                                                          : CountTests::Intervals;
        if (!p.registerRing)
            p.sharedBytes = std::size_t(window) * std::size_t(bitsliced::planesFor(window)) * std::size_t(p.threads) *
                            sizeof(unsigned);
        chooseStrips(p, height, double(r), device, tuning);
    } else {
        p.kernel = BoxsumKernel::MidMoore;
        const bool wide = r >= std::min(tuning.midHalfColumnsFrom, 128);
        p.midColumns = !wide                         ? MidColumns::Bytes
                       : tuning.midDeltaColumns != 0 ? MidColumns::Deltas
                                                     : MidColumns::Halves;
        if (p.midColumns == MidColumns::Bytes) {
            planMidSegments(p, r, g, tuning.midWarps, tuning.midSegmentWords, 1);
        } else if (p.midColumns == MidColumns::Deltas) { // the widest that fits, in steps of two warps
            const auto planDeltas = [&](int warps) {
                const DeltaBlock block = deltaBlock(r, warps, g.words, tuning);
                p.countSlots = block.countSlots;
                planMid(p, r, g, warps, block.words, 1);
            };
            int warps = tuning.midDeltaWarps;
            planDeltas(warps);
            while (warps > 2 && device.residentBlocks(p) < 1) planDeltas(warps -= 2);
        } else { // the widest block that fits a multiprocessor
            int warps = tuning.midHalfWarps;
            planMidSegments(p, r, g, warps, tuning.midHalfSegmentWords, 1);
            while (warps > 1 && device.residentBlocks(p) < 1)
                planMidSegments(p, r, g, --warps, tuning.midHalfSegmentWords, 1);
        }
        const int warmupPercent =
            p.midColumns == MidColumns::Deltas ? tuning.midDeltaWarmupPercent : tuning.midWarmupPercent;
        chooseStrips(p, height, 0.01 * warmupPercent * r, device, tuning);
    }
    return p;
}

inline StepArgs stepArgs(const BoxsumPlan& p, const Rule& rule, const BitGrid& in, const BitGrid& out) {
    StepArgs a{};
    a.in = in;
    a.out = out;
    a.rule = p.kernel == BoxsumKernel::MidCheckerboard && !p.aligned ? withoutLiveCentre(countRuleFor(rule))
                                                                     : countRuleFor(rule);
    a.radius = rule.radius;
    a.columnBlocks = p.columnBlocks;
    a.rowBegin = 0;
    a.rowEnd = in.height;
    a.stripRows = p.stripRows;
    a.blockWords = p.blockWords;
    a.spanHalo = p.spanHalo;
    a.chunkRows = p.chunkRows;
    a.segments = p.segments;
    a.countSlots = p.countSlots;
    return a;
}

} // namespace catlab::cuda

namespace catlab::cuda {

// Calls f.template operator()<...>() with the compile-time parameters of a plan's kernel.
template <class F>
void dispatchSimple(bool simple, F&& f) {
    if (simple) return f.template operator()<true>();
    return f.template operator()<false>();
}

template <class F>
void dispatchSmallMoore(int radius, F&& f) {
    withCompileTimeInt<1, kMaxSmallMooreRadius>(radius, "boxsum small Moore", "radius", f);
}

// f.template operator()<Tests>() for a kernel's CountTests.
template <class F>
void dispatchCountTests(CountTests tests, F&& f) {
    if (tests == CountTests::TwoThresholds) return f.template operator()<CountTests::TwoThresholds>();
    if (tests == CountTests::Intervals) return f.template operator()<CountTests::Intervals>();
    f.template operator()<CountTests::Sets>();
}

// f.template operator()<R, Tests, InRegisters>() for a small Moore plan of radius R.
template <class F>
void dispatchSmallMoore(const BoxsumPlan& p, int radius, F&& f) {
    dispatchSmallMoore(radius, [&]<int R>() {
        dispatchCountTests(p.smallMooreTests, [&]<CountTests Tests>() {
            if constexpr (R <= kMaxRegisterRingRadius)
                if (p.registerRing) return f.template operator()<R, Tests, true>();
            f.template operator()<R, Tests, false>();
        });
    });
}

// f.template operator()<ArmPlanes, CountPlanes>() for one of kArmClasses.
template <class F>
void dispatchVonNeumann(int armPlanes, F&& f) {
    withCompileTimeInt<kMinArmPlanes, kMaxArmPlanes>(armPlanes, "boxsum von Neumann", "arm planes",
                                                     [&]<int A>() { f.template operator()<A, 2 * A + 1>(); });
}

// f.template operator()<R, Aligned>() for a checkerboard of radius R.
template <class F>
void dispatchCheckerboard(int radius, bool aligned, F&& f) {
    withCompileTimeInt<1, kMaxCheckerboardRadius>(radius, "boxsum checkerboard", "radius", [&]<int R>() {
        if (aligned) return f.template operator()<R, true>();
        return f.template operator()<R, false>();
    });
}

// f.template operator()<Simple, Shape>() for a mid checkerboard plan.
template <class F>
void dispatchMidCheckerboard(bool simpleSets, bool aligned, F&& f) {
    dispatchSimple(simpleSets, [&]<bool Simple>() {
        if (aligned) return f.template operator()<Simple, MidShape::AlignedCheckerboard>();
        return f.template operator()<Simple, MidShape::Checkerboard>();
    });
}

// f.template operator()<Shape, R>() for a small lines shape of radius R.
template <class F>
void dispatchSmallLines(SmallLinesShape shape, int radius, F&& f) {
    withCompileTimeInt<0, kSmallLinesShapeCount - 1>(int(shape), "boxsum small lines", "shape", [&]<int S>() {
        withCompileTimeInt<1, kMaxSmallLinesRadius>(radius, "boxsum small lines", "radius",
                                                    [&]<int R>() { f.template operator()<SmallLinesShape(S), R>(); });
    });
}

// f.template operator()<Shape, Class>() for a plan's line shape and radius class.
template <class F>
void dispatchLines(LineShape shape, int lineClass, F&& f) {
    withCompileTimeInt<0, kLineShapeCount - 1>(int(shape), "boxsum lines", "shape", [&]<int S>() {
        withCompileTimeInt<0, kLineClassCount - 1>(lineClass, "boxsum lines", "radius class",
                                                   [&]<int K>() { f.template operator()<LineShape(S), K>(); });
    });
}

// f.template operator()<Simple, Columns, SameFloor>() for a mid Moore plan.
template <class F>
void dispatchMidMoore(MidColumns columns, bool simpleSets, bool sameFloor, F&& f) {
    const auto withColumns = [&]<bool Simple, bool SameFloor>() {
        if (columns == MidColumns::Halves) return f.template operator()<Simple, HalfColumns, SameFloor>();
        if (columns == MidColumns::Deltas) return f.template operator()<Simple, DeltaColumns, SameFloor>();
        return f.template operator()<Simple, ByteColumns, SameFloor>();
    };
    if (simpleSets && sameFloor) return withColumns.template operator()<true, true>();
    dispatchSimple(simpleSets, [&]<bool Simple>() { withColumns.template operator()<Simple, false>(); });
}

} // namespace catlab::cuda
