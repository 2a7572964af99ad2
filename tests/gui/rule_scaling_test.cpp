#include "catlab/error.hpp"
#include "catlab/rule_scaling.hpp"

#include <gtest/gtest.h>

namespace catlab {
namespace {

TEST(RuleScaling, SameShapeIsTheSameRule) {
    for (const char* text : {"B3/S23", "R5,C0,M1,S34..58,B34..45,NM", "B2/S/C3", "R3,C0,S2,4-9,B3,12,NN"}) {
        const Rule rule = parseRule(text).rule;
        EXPECT_EQ(reshapeRule(rule, shapeOf(rule)), rule) << text;
    }
}

TEST(RuleScaling, RangesKeepTheirFractionOfTheNeighbourhood) {
    const Rule life = parseRule("B3/S23").rule;
    const Rule r5 = reshapeRule(life, {5, Neighbourhood::Moore, false});
    EXPECT_EQ(r5.format(), "R5,C0,M0,S23..52,B38..52,NM");
    // And back again.
    EXPECT_EQ(reshapeRule(r5, shapeOf(life)), life);
}

TEST(RuleScaling, EveryIntervalSurvivesShrinking) {
    const Rule bosco = parseRule("R5,C0,M1,S34..58,B34..45,NM").rule;
    const Rule small = reshapeRule(bosco, {1, Neighbourhood::VonNeumann, true});
    EXPECT_FALSE(small.birth.empty());
    EXPECT_FALSE(small.survival.empty());
    EXPECT_LE(small.survival.max(), small.neighbourhoodSize());
    EXPECT_EQ(small.states, bosco.states);
}

TEST(RuleScaling, KeepsStatesAndRefusesBadRadius) {
    const Rule brain = parseRule("B2/S/C3").rule;
    EXPECT_EQ(reshapeRule(brain, {4, Neighbourhood::Circular, false}).states, 3);
    EXPECT_THROW(reshapeRule(brain, {0, Neighbourhood::Moore, false}), Error);
    EXPECT_THROW(reshapeRule(brain, {kMaxRadius + 1, Neighbourhood::Moore, false}), Error);
}

} // namespace
} // namespace catlab
