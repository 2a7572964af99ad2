// CATLAB_BOXSUM_TUNING's text: named settings over the defaults, each checked against its range.
#include "boxsum_tuning_text.hpp"

#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <string>

namespace catlab {
namespace {

using namespace catlab::cuda;
using testing::errorOf;

TEST(BoxsumTuningText, SetsTheNamedFieldsAndKeepsTheOthers) {
    const BoxsumTuning defaults;
    const BoxsumTuning t = parseBoxsumTuning("midHalfWarps=4,midWarps=6,maxStripRows=512");
    EXPECT_EQ(t.midHalfWarps, 4);
    EXPECT_EQ(t.midWarps, 6);
    EXPECT_EQ(t.maxStripRows, 512);
    EXPECT_EQ(t.midSegmentWords, defaults.midSegmentWords);
    EXPECT_EQ(t.smallMooreThreads, defaults.smallMooreThreads);
    EXPECT_EQ(parseBoxsumTuning("").midHalfWarps, defaults.midHalfWarps);
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
