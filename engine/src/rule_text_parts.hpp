#pragma once
// The pieces of rule text that catlab's own notation (rule.cpp) and Golly's (golly_rule_text.cpp) share.

#include "catlab/rule.hpp"
#include "neighbourhood_weights.hpp"

#include <string>

namespace catlab::rule_text {

// Radius 1, Moore or von Neumann, without the centre: the rules life-like notation can write.
inline bool lifeLikeShape(const Rule& r) {
    return r.radius == 1 && !r.includeCentre &&
           (r.neighbourhood == Neighbourhood::Moore || r.neighbourhood == Neighbourhood::VonNeumann);
}

// "3" "23": every count of the set as one digit (counts up to 9).
inline std::string digits(const CountSet& set) {
    std::string out;
    for (const Interval& i : set.intervals())
        for (int c = i.lo; c <= i.hi; ++c) out += char('0' + c);
    return out;
}

// "3,5-8" style list; "" for the empty set.
inline std::string hrotList(const CountSet& set) {
    std::string out;
    for (const Interval& i : set.intervals()) {
        if (!out.empty()) out += ',';
        out += std::to_string(i.lo);
        if (i.hi != i.lo) out += '-' + std::to_string(i.hi);
    }
    return out;
}

// What follows ",N": the letter, and for NW and N@ their hex data ("M", "W0810080A850A081008", "@891891").
inline std::string neighbourhoodText(const Rule& r) {
    return neighbourhoodLetter(r.neighbourhood) + formatNeighbourhoodWeights(r);
}

} // namespace catlab::rule_text
