#pragma once

#include "catlab/rule.hpp"

namespace catlab {

// The geometry of a rule's neighbourhood, without its counts.
struct RuleShape {
    int radius = 1;
    Neighbourhood neighbourhood = Neighbourhood::Moore;
    bool includeCentre = false;
};

RuleShape shapeOf(const Rule& rule);

// The rule on another neighbourhood with the same character: each birth and survival interval keeps
// the same fraction of the neighbourhood. A count c stands for the fraction range [(c - 1/2) / N,
// (c + 1/2) / N) of a neighbourhood of N cells; the new interval holds the counts whose fraction falls
// in the old interval's range (at least one count, so no interval vanishes). Scaling to the same shape
// returns the rule unchanged; B3/S23 at radius 5 becomes B38..52/S23..52. Throws catlab::Error when
// the shape is invalid (radius outside 1..kMaxRadius).
Rule reshapeRule(const Rule& rule, const RuleShape& shape);

} // namespace catlab
