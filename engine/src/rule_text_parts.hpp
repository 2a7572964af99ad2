#pragma once
// The pieces of rule text that catlab's own notation (rule.cpp) and Golly's (golly_rule_text.cpp) share.

#include "catlab/rule.hpp"

#include <string>

namespace catlab::rule_text {

// Radius 1, Moore or von Neumann, without the centre: the rules life-like notation can write.
inline bool lifeLikeShape(const Rule& r) {
    return r.radius == 1 && !r.includeCentre && r.neighbourhood != Neighbourhood::Circular;
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

inline char neighbourhoodLetter(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Moore: return 'M';
    case Neighbourhood::VonNeumann: return 'N';
    case Neighbourhood::Circular: return 'C';
    }
    return 'M';
}

} // namespace catlab::rule_text
