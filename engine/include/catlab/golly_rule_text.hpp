#pragma once

#include "catlab/rule.hpp"

#include <string>

namespace catlab {

// The rule in the notation Golly reads for its family, for files Golly opens:
// - two-state life-like rules: "B3/S23" ("B3/S23V" for von Neumann), as Rule::format();
// - Generations with the Moore neighbourhood: "S/B/C" digits ("345/2/4"), which Golly's Generations
//   algorithm reads (it refuses "B2/S345/C4");
// - every other rule whose survival and birth sets are single ranges: Larger than Life
//   "R5,C0,M1,S34..58,B34..45,NM", which Golly 3 and 4 read (Generations with von Neumann too);
// - the rest: HROT lists "R2,C0,S3,5-8,B4,NM" without the M field, which Golly 4's parser refuses; a
//   rule that counts the centre is written as the equivalent one that does not (survival counts less one).
// parseRule reads every one of them back to a rule that steps the same cells.
std::string formatRuleForGolly(const Rule& rule);
std::string formatRuleSpecForGolly(const RuleSpec& spec);

// How Golly shows this rule differently from catlab's literal run, or "" when it shows the same cells.
// Golly emulates life-like rules with B0 (empty cells with no live neighbour are born) by alternating
// complementary rules so that the background stays empty; catlab runs the rule as written, so its whole
// torus flips. Without S8 catlab's even generations are Golly's and its odd ones their complement; with
// S8 every generation from 1 on is the complement of Golly's.
std::string gollyDisplayDifference(const Rule& rule);

} // namespace catlab
