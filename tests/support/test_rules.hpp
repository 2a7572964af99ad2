#pragma once

#include "catlab/rule.hpp"
#include "catlab/rule_scaling.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace catlab::testing {

// A Larger-than-Life rule of the given shape whose birth and survival intervals keep the same fractions
// of the neighbourhood at every radius (catlab::reshapeRule, as the window's radius control does), so that
// random starts stay busy (neither die out nor fill) for many steps: survival at 25..45% of the
// neighbourhood, birth at 28..37%. At radius 1 the Moore rule is Life (B3/S23).
inline Rule scaledRule(int radius, Neighbourhood neighbourhood, bool includeCentre, int states) {
    static const Rule kFractions = parseRule("R100,C0,M0,S10100..18180,B11312..14948,NM").rule; // of 40400
    Rule rule = reshapeRule(kFractions, {radius, neighbourhood, includeCentre});
    rule.states = states;
    rule.validate();
    return rule;
}

// How bandedRule lays its bands: `count` birth and `count` survival bands, alternating, each about
// `width` * sqrt(N) counts wide, around `middle` * N (the live fraction the rule settles at).
struct Bands {
    int count = 8;
    double middle = 0.5;
    double width = 0.7;
};

// A rule that stays busy from a random start on a torus barely wider than its neighbourhood, whatever
// the radius and shape: birth and survival alternate in bands around the typical count, so band edges
// throughout the typical counts make any wrong count show.
inline Rule bandedRule(Rule shape, int states, Bands bands) {
    Rule rule = std::move(shape); // its radius, neighbourhood, weights and centre
    rule.states = states;
    const int size = rule.neighbourhoodSize();
    const int middle = int(std::lround(size * bands.middle));
    const int width = std::max(1, int(std::lround(bands.width * std::sqrt(double(size)))));
    auto band = [&](int lo) { return Interval{std::clamp(lo, 0, size), std::clamp(lo + width - 1, 0, size)}; };
    std::vector<Interval> birth, survival;
    for (int k = 0; k < bands.count; ++k) {
        const int lo = middle + (2 * k - bands.count) * width;
        birth.push_back(band(lo));
        survival.push_back(band(lo + width));
    }
    rule.birth = CountSet(birth);
    rule.survival = CountSet(survival);
    rule.validate();
    return rule;
}

inline Rule bandedRule(int radius, Neighbourhood n, bool includeCentre, int states, Bands bands) {
    Rule shape;
    shape.radius = radius;
    shape.neighbourhood = n;
    shape.includeCentre = includeCentre;
    return bandedRule(shape, states, bands);
}

// Moore, the centre counted, simple sets that start at one count (30% of the neighbourhood) and end at 34%
// (birth) and 40% (survival), about a random start of a third live: the mid Moore kernels' SameFloor variants.
// Without the centre, survival's counts would be shifted one above birth's.
inline Rule oneFloorRule(int radius) {
    Rule rule = scaledRule(radius, Neighbourhood::Moore, true, 2);
    const int n = rule.neighbourhoodSize();
    rule.birth = CountSet({{n * 30 / 100, n * 34 / 100}});
    rule.survival = CountSet({{n * 30 / 100, n * 40 / 100}});
    return rule;
}

// Eight bands; with decay fewer cells are alive, so the bands sit lower.
inline Rule bandedRule(int radius, Neighbourhood n, bool includeCentre, int states) {
    return bandedRule(radius, n, includeCentre, states, {8, states > 2 ? 0.15 : 0.5, 0.7});
}

// At large radii a random start's counts lie within a few standard deviations of their mean, far from the
// scaled rules' interval ends, so that a count off by a little changes no cell. These sets end at the mean
// count of a start whose live fraction is `density`: many cells are within one count of an end.
inline Rule setsEndingAtTheMean(Rule rule, double density) {
    const double n = rule.neighbourhoodSize();
    const int mean = int(density * n), spread = int(std::sqrt(n * density * (1.0 - density)));
    rule.birth = CountSet({{mean - spread, mean}});
    rule.survival = CountSet({{mean - spread / 2, mean + spread}});
    return rule;
}

inline std::string describe(const Rule& r) {
    std::string s = r.format();
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

} // namespace catlab::testing
