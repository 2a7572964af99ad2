#include "catlab/rule_scaling.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace catlab {
namespace {

long long ceilDiv(long long a, long long b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

// Counts of the new neighbourhood (size to) whose fraction lies in the old interval's fraction range:
// the smallest c' with c' / to >= (lo - 1/2) / from, up to the largest with c' / to < (hi + 1/2) / from.
Interval scaleInterval(Interval interval, long long from, long long to) {
    long long lo = ceilDiv((2LL * interval.lo - 1) * to, 2 * from);
    long long hi = ceilDiv((2LL * interval.hi + 1) * to, 2 * from) - 1;
    if (lo > hi) lo = hi = ((interval.lo + interval.hi) * to + from) / (2 * from); // the nearest count
    lo = std::clamp(lo, 0LL, to);
    hi = std::clamp(hi, 0LL, to);
    return {int(lo), int(hi)};
}

CountSet scaleSet(const CountSet& set, int from, int to) {
    std::vector<Interval> scaled;
    for (const Interval& i : set.intervals()) scaled.push_back(scaleInterval(i, from, to));
    return CountSet(std::move(scaled)); // merges intervals that scaling made touch
}

} // namespace

RuleShape shapeOf(const Rule& rule) { return {rule.radius, rule.neighbourhood, rule.includeCentre}; }

Rule reshapeRule(const Rule& rule, const RuleShape& shape) {
    if (shape.radius < 1 || shape.radius > kMaxRadius)
        throw Error("radius " + std::to_string(shape.radius) + " is outside 1.." + std::to_string(kMaxRadius));
    Rule result = rule;
    result.radius = shape.radius;
    result.neighbourhood = shape.neighbourhood;
    result.includeCentre = shape.includeCentre;
    if (isFixedShape(shape.neighbourhood)) {
        result.weights = {};
    } else if (shape.neighbourhood != rule.neighbourhood || shape.radius != rule.radius) {
        throw Error(std::string("a ") + toString(shape.neighbourhood) +
                    " neighbourhood is drawn cell by cell for its radius: set it with a rule string");
    }
    if (shape.radius > maxRadius(shape.neighbourhood))
        throw Error("radius " + std::to_string(shape.radius) + " is outside 1.." +
                    std::to_string(maxRadius(shape.neighbourhood)) + " for the " + toString(shape.neighbourhood) +
                    " neighbourhood");
    const int from = rule.neighbourhoodSize();
    const int to = result.neighbourhoodSize();
    if (from != to) {
        result.birth = scaleSet(rule.birth, from, to);
        result.survival = scaleSet(rule.survival, from, to);
    }
    result.validate(); // the counts lie in 0..to; this also refuses M1 on a weighted neighbourhood
    return result;
}

} // namespace catlab
