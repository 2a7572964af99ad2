#pragma once

#include "catlab/rule.hpp"
#include "catlab/rule_scaling.hpp"

#include <cctype>
#include <string>

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

inline std::string describe(const Rule& r) {
    std::string s = r.format();
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

} // namespace catlab::testing
