// CATLAB_BOXSUM_TUNING's text: named settings over the defaults, each checked against its range.
#include "boxsum_tuning_text.hpp"

#include "support/error_of.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <string>

namespace catlab {
namespace {

using namespace catlab::cuda;
using testing::errorOf;

TEST(BoxsumTuningText, SetsTheNamedFieldsAndKeepsTheOthers) {
    const BoxsumTuning defaults;
    const BoxsumTuning t = parseBoxsumTuning("midHalfWarps=4,midWarps=6,maxStripRows=512,midHalfSegmentWords=5");
    EXPECT_EQ(t.midHalfWarps, 4);
    EXPECT_EQ(t.midHalfSegmentWords, 5);
    EXPECT_EQ(t.midWarps, 6);
    EXPECT_EQ(t.maxStripRows, 512);
    EXPECT_EQ(t.midSegmentWords, defaults.midSegmentWords);
    EXPECT_EQ(t.smallMooreThreads, defaults.smallMooreThreads);
    EXPECT_EQ(parseBoxsumTuning("").midHalfWarps, defaults.midHalfWarps);
}

// Bit planes' rows hold the row's words and both halos, and one word more where those make a multiple of 16
// words (the mid kernels' 32 rows of a word then lie in at most 8 ways of L1's banks); oddPitchMultiple=2
// makes every pitch odd, 0 none.
TEST(BoxsumTuningText, RowsOfAMultipleOf16WordsGetOneMore) {
    int padded = 0;
    for (const int width : {1, 31, 33, 300, 60416, 60417})
        for (const int r : {1, 16, 31, 32, 127, 128, 255, 256, 479, 480, 500}) {
            const int words = (width + 31) / 32, halos = 2 * (r / 32 + 1), plain = words + halos;
            const BitGrid g = bitGridShape({width, 40}, r, 2);
            EXPECT_EQ(g.pitch, plain % 16 == 0 ? plain + 1 : plain) << width << " " << r;
            EXPECT_NE(g.pitch % 16, 0) << width << " " << r;
            EXPECT_EQ(g.planeWords(), std::size_t(40) * std::size_t(g.pitch));
            EXPECT_EQ(bitGridShape({width, 40}, r, 2, 2).pitch, plain | 1) << width << " " << r;
            EXPECT_EQ(bitGridShape({width, 40}, r, 2, 0).pitch, plain) << width << " " << r;
            padded += g.pitch != plain;
        }
    EXPECT_GT(padded, 0); // n = 60416 at r = 480: 1920 words
    EXPECT_EQ(bitGridShape({60416, 40}, 480, 2).pitch, 1921);
    EXPECT_EQ(bitGridShape({60416, 40}, 256, 2).pitch, 1906);
    EXPECT_EQ(bitGridShape({60416, 40}, 352, 2).pitch, 1912); // 8 ways: faster than odd
    EXPECT_EQ(parseBoxsumTuning("oddPitchMultiple=0").oddPitchMultiple, 0);
    EXPECT_EQ(BoxsumTuning{}.oddPitchMultiple, 16);
    EXPECT_NE(errorOf([] { parseBoxsumTuning("oddPitchMultiple=33"); }).find("oddPitchMultiple"), std::string::npos);
}

// smallLinesMaxCells moves von Neumann's switch from the small lines kernel to its own (r = 5 by default,
// 61 cells) as it does the line shapes'.
TEST(BoxsumTuningText, SmallLinesMaxCellsMovesTheVonNeumannSwitch) {
    const BoxsumDevice device{1, [](const BoxsumPlan&) { return 1; }};
    const auto kernelAt = [&](int r, const BoxsumTuning& tuning) {
        const Rule rule = testing::scaledRule(r, Neighbourhood::VonNeumann, true, 2);
        return planBoxsum(rule, bitGridShape({500, 500}, r, 2), device, tuning).kernel;
    };
    EXPECT_EQ(kernelAt(4, parseBoxsumTuning("")), BoxsumKernel::SmallLines);
    EXPECT_EQ(kernelAt(5, parseBoxsumTuning("")), BoxsumKernel::SmallLines);
    EXPECT_EQ(kernelAt(6, parseBoxsumTuning("")), BoxsumKernel::VonNeumann);
    const BoxsumTuning fewer = parseBoxsumTuning("smallLinesMaxCells=25");
    EXPECT_EQ(kernelAt(3, fewer), BoxsumKernel::SmallLines);
    EXPECT_EQ(kernelAt(4, fewer), BoxsumKernel::VonNeumann);
    const BoxsumTuning more = parseBoxsumTuning("smallLinesMaxCells=85");
    EXPECT_EQ(kernelAt(6, more), BoxsumKernel::SmallLines);
    EXPECT_EQ(kernelAt(7, more), BoxsumKernel::VonNeumann);
}

// smallMooreRegisterRings: bit r - 1 keeps radius r's ring in registers, which the kernel's name says.
TEST(BoxsumTuningText, SmallMooreRegisterRingsPicksTheRadii) {
    const BoxsumDevice device{1, [](const BoxsumPlan&) { return 1; }};
    const auto planAt = [&](int r, const BoxsumTuning& tuning) {
        const Rule rule = testing::scaledRule(r, Neighbourhood::Moore, false, 2);
        return planBoxsum(rule, bitGridShape({500, 500}, r, 2), device, tuning);
    };
    const BoxsumTuning fifthOnly = parseBoxsumTuning("smallMooreRegisterRings=16");
    for (int r = 1; r <= kMaxSmallMooreRadius; ++r) {
        EXPECT_EQ(planAt(r, fifthOnly).registerRing, r == 5) << r;
        EXPECT_EQ(planAt(r, parseBoxsumTuning("smallMooreRegisterRings=0")).registerRing, false) << r;
    }
    EXPECT_STREQ(kernelName(planAt(5, fifthOnly)), "small moore registers");
    EXPECT_STREQ(kernelName(planAt(6, fifthOnly)), "small moore");
    EXPECT_EQ(planAt(5, fifthOnly).sharedBytes, 0u);
    EXPECT_GT(planAt(6, fifthOnly).sharedBytes, 0u);
    const std::string tooMany = "smallMooreRegisterRings=" + std::to_string(1 << kMaxRegisterRingRadius);
    const std::string error = errorOf([&] { parseBoxsumTuning(tooMany); });
    EXPECT_NE(error.find("takes 0.." + std::to_string((1 << kMaxRegisterRingRadius) - 1)), std::string::npos) << error;
}

// Past byte column sums, the mid Moore kernel keeps relative sums unless midDeltaColumns=0 asks for
// 16-bit ones (or midHalfColumnsFrom moves the switch), with their own strips' warm-up weight; the plan's
// description says which.
TEST(BoxsumTuningText, MidColumnsPickTheWideSums) {
    const BoxsumDevice device{16, [](const BoxsumPlan&) { return 1; }}; // 3 column blocks: waves trade with warm-ups
    const auto planAt = [&](int r, const BoxsumTuning& tuning) {
        const Rule rule = testing::scaledRule(r, Neighbourhood::Moore, false, 2);
        return planBoxsum(rule, bitGridShape({8000, 8000}, r, 2), device, tuning);
    };
    const BoxsumPlan relative = planAt(160, {}), halves = planAt(160, parseBoxsumTuning("midDeltaColumns=0"));
    EXPECT_EQ(relative.midColumns, MidColumns::Deltas);
    EXPECT_EQ(halves.midColumns, MidColumns::Halves);
    EXPECT_EQ(planAt(127, {}).midColumns, MidColumns::Bytes);
    EXPECT_EQ(planAt(127, parseBoxsumTuning("midHalfColumnsFrom=127")).midColumns, MidColumns::Deltas);
    EXPECT_NE(
        describePlan(relative).find("mid moore, relative columns: " + std::to_string(relative.threads) + " threads"),
        std::string::npos)
        << describePlan(relative);
    EXPECT_NE(describePlan(halves).find("16-bit columns"), std::string::npos) << describePlan(halves);
    const BoxsumPlan lighterWarmup = planAt(200, parseBoxsumTuning("midDeltaWarmupPercent=10"));
    const BoxsumPlan relative200 = planAt(200, {});
    EXPECT_GT(lighterWarmup.blocks / lighterWarmup.columnBlocks, relative200.blocks / relative200.columnBlocks)
        << describePlan(lighterWarmup) << " against " << describePlan(relative200);
}

// Relative column sums: by default every warp of the block walks a segment, as long as the block's threads
// still stage the span (kMidStageRowStep a span word) and its shared memory stays within midDeltaSharedKiB,
// and the row's blocks are alike: at n = 60416 (1888 words) 17 blocks of 112 words up to r = 255 (from 192
// with the cells' counts in a ring), 18 of 105 to r = 351 (from 320 in a ring), 20 of 95 beyond.
// midDeltaBlockWords and midDeltaSegmentWords fix the block, midDeltaCountRing the counts' slots.
TEST(BoxsumTuningText, RelativeColumnsLetEveryWarpWalk) {
    const BoxsumDevice device{132, [](const BoxsumPlan&) { return 1; }};
    const auto planAt = [&](int r, const BoxsumTuning& tuning) {
        const Rule rule = testing::scaledRule(r, Neighbourhood::Moore, false, 2);
        return planBoxsum(rule, bitGridShape({60416, 4096}, r, 2), device, tuning);
    };
    const auto walkingThreads = [](const BoxsumPlan& p) { return 32 * p.segments.count; };
    for (int r : {128, 191, 192, 200, 223, 224, 255, 256, 300, 319, 320, 351, 352, 400, 480, 500}) {
        const BoxsumPlan p = planAt(r, {});
        ASSERT_EQ(p.midColumns, MidColumns::Deltas);
        const int words = r < 256 ? 112 : r < 352 ? 105 : 95;
        EXPECT_EQ(p.blockWords, words) << describePlan(p);
        EXPECT_EQ(p.columnBlocks, (1888 + words - 1) / words) << describePlan(p);
        EXPECT_EQ(p.segments.count, 16) << describePlan(p);
        EXPECT_EQ(p.segments.words, r < 352 ? 7 : 6) << describePlan(p);
        // From 192 (halos of 7 words) seven words with two buffers of counts would pass 196 KiB of shared
        // memory with the KiB reserved for the block, the ring keeps them within; 105 words in two buffers fit
        // up to halos of 10 words (r = 319).
        const bool ring = (r >= 192 && r < 256) || (r >= 320 && r < 352);
        EXPECT_EQ(p.countSlots, ring ? p.segments.words + 1 : 2 * p.segments.words) << describePlan(p);
        EXPECT_EQ(describePlan(p).find("counts in a ring") != std::string::npos, ring) << describePlan(p);
        EXPECT_LE(p.sharedBytes + kReservedSharedBytesPerBlock, 196u * 1024u) << describePlan(p);
        EXPECT_EQ(p.threads, 512) << describePlan(p);
        EXPECT_EQ(walkingThreads(p), p.threads) << describePlan(p);
        EXPECT_LE(kMidStageRowStep * (p.blockWords + 2 * p.spanHalo), p.threads) << describePlan(p);
    }
    const BoxsumPlan unbounded = planAt(255, parseBoxsumTuning("midDeltaSharedKiB=0"));
    EXPECT_EQ(unbounded.segments.words, 7);
    EXPECT_EQ(unbounded.countSlots, 14); // no bound: two buffers
    EXPECT_GT(unbounded.sharedBytes, 196u * 1024u) << describePlan(unbounded);
    // Two buffers at r = 255: 112 words do not fit, the 18 blocks of 105 words do.
    const BoxsumPlan buffers = planAt(255, parseBoxsumTuning("midDeltaCountRing=0"));
    EXPECT_EQ(buffers.blockWords, 105) << describePlan(buffers);
    EXPECT_EQ(buffers.countSlots, 14) << describePlan(buffers);
    const BoxsumPlan ringAt128 = planAt(128, parseBoxsumTuning("midDeltaCountRing=1"));
    EXPECT_EQ(ringAt128.countSlots, 8) << describePlan(ringAt128);
    EXPECT_LT(ringAt128.sharedBytes, planAt(128, {}).sharedBytes);
    // The ring's 16 segments of 7 words save 16 x 6 slots of 32 counts against two buffers.
    EXPECT_EQ(planAt(128, {}).sharedBytes - ringAt128.sharedBytes, 16u * 6u * 32u * sizeof(unsigned));
    const BoxsumPlan tighter = planAt(255, parseBoxsumTuning("midDeltaSharedKiB=180"));
    EXPECT_EQ(tighter.blockWords, 105) << describePlan(tighter);
    EXPECT_LE(tighter.sharedBytes, 180u * 1024u) << describePlan(tighter);
    const BoxsumPlan eight = planAt(200, parseBoxsumTuning("midDeltaSegmentWords=8"));
    EXPECT_EQ(eight.segments.words, 8);
    EXPECT_GT(eight.threads, walkingThreads(eight)) << describePlan(eight); // warps that only stage
    // midDeltaBlockWords fixes a block's words: at r = 480, 96 words, 16 segments of 6 (span 128).
    const BoxsumPlan ninetySix = planAt(480, parseBoxsumTuning("midDeltaBlockWords=96"));
    EXPECT_EQ(ninetySix.blockWords, 96) << describePlan(ninetySix);
    EXPECT_EQ(ninetySix.segments.words, 6) << describePlan(ninetySix);
    EXPECT_EQ(walkingThreads(ninetySix), 512) << describePlan(ninetySix);
    EXPECT_EQ(ninetySix.columnBlocks, 20) << describePlan(ninetySix);
    // The more a chunk costs besides the walks, the fewer blocks pay: at r = 128, 16 blocks of 118 words
    // (six segments of 8) once it weighs 100 words.
    const BoxsumPlan heavyChunks = planAt(128, parseBoxsumTuning("midDeltaChunkWords=100"));
    EXPECT_EQ(heavyChunks.blockWords, 118) << describePlan(heavyChunks);
    EXPECT_EQ(heavyChunks.segments.words, 8) << describePlan(heavyChunks);
    // Where a block of 16 warps does not fit, two fewer.
    const BoxsumDevice small{132, [](const BoxsumPlan& p) { return p.threads <= 448 ? 1 : 0; }};
    const BoxsumPlan fewer = planBoxsum(testing::scaledRule(300, Neighbourhood::Moore, false, 2),
                                        bitGridShape({60416, 4096}, 300, 2), small);
    EXPECT_EQ(fewer.threads, 448) << describePlan(fewer);
    EXPECT_EQ(walkingThreads(fewer), fewer.threads) << describePlan(fewer);
}

TEST(BoxsumTuningText, RefusesWhatItCannotSet) {
    EXPECT_NE(errorOf([] { parseBoxsumTuning("midWraps=4"); }).find("no setting named 'midWraps'"), std::string::npos);
    EXPECT_NE(errorOf([] { parseBoxsumTuning("midWarps"); }).find("'midWarps' is not name=value"), std::string::npos);
    EXPECT_NE(errorOf([] { parseBoxsumTuning("midWarps=0"); }).find("midWarps takes 1..32, not '0'"),
              std::string::npos);
    EXPECT_NE(errorOf([] { parseBoxsumTuning("midHalfColumnsFrom=129"); }).find("takes 17..128"), std::string::npos);
    EXPECT_NE(errorOf([] { parseBoxsumTuning("midWarps=4x"); }).find("not '4x'"), std::string::npos);
}

} // namespace
} // namespace catlab
