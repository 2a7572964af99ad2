#pragma once

#include "catlab/rule.hpp"

#include <string>

namespace catlab::testing {

// A Larger-than-Life rule of the given shape whose birth and survival intervals scale with the
// neighbourhood size, so that random starts stay busy (neither die out nor fill) for many steps.
inline Rule scaledRule(int radius, Neighbourhood neighbourhood, bool includeCentre, int states) {
    Rule r;
    r.radius = radius;
    r.neighbourhood = neighbourhood;
    r.includeCentre = includeCentre;
    r.states = states;
    const int n = r.neighbourhoodSize();
    if (radius == 1) {
        const int max = n;
        r.survival = CountSet({{2 * max / 8, 3 * max / 8}});
        r.birth = CountSet({{3 * max / 8, 3 * max / 8}});
    } else {
        r.survival = CountSet({{n * 25 / 100, n * 45 / 100}});
        r.birth = CountSet({{n * 28 / 100, n * 37 / 100}});
    }
    r.validate();
    return r;
}

inline std::string describe(const Rule& r) {
    std::string s = r.format();
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

} // namespace catlab::testing
