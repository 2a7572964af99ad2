#include "catlab/rule.hpp"

#include "catlab/error.hpp"
#include "neighbourhood_weights.hpp"
#include "rule_text_parts.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace catlab {

CountSet::CountSet(std::vector<Interval> intervals) {
    std::erase_if(intervals, [](const Interval& i) { return i.lo > i.hi; });
    std::sort(intervals.begin(), intervals.end(), [](auto& a, auto& b) { return a.lo < b.lo; });
    for (const Interval& i : intervals) {
        if (!intervals_.empty() && i.lo <= intervals_.back().hi + 1)
            intervals_.back().hi = std::max(intervals_.back().hi, i.hi);
        else
            intervals_.push_back(i);
    }
}

bool CountSet::contains(int count) const {
    return std::any_of(intervals_.begin(), intervals_.end(),
                       [count](const Interval& i) { return i.lo <= count && count <= i.hi; });
}

int Rule::neighbourhoodSize() const { return neighbourhoodCountRange(*this).hi; }

void Rule::validate() const {
    const int largest = maxRadius(neighbourhood);
    if (radius < 1 || radius > largest)
        throw Error("radius " + std::to_string(radius) + " is out of range 1.." + std::to_string(largest) +
                    (largest == kMaxRadius ? std::string()
                                           : std::string(" for the ") + toString(neighbourhood) + " neighbourhood"));
    if (states < kMinStates || states > kMaxStates)
        throw Error("state count " + std::to_string(states) + " is out of range " + std::to_string(kMinStates) + ".." +
                    std::to_string(kMaxStates));
    validateNeighbourhoodWeights(*this);
    const int size = neighbourhoodSize();
    auto checkSet = [size](const CountSet& set, const char* what) {
        for (const Interval& i : set.intervals())
            if (i.lo < 0 || i.hi > size)
                throw Error(std::string(what) + " count " + std::to_string(i.lo < 0 ? i.lo : i.hi) + " is outside 0.." +
                            std::to_string(size) + ", the largest count of the neighbourhood");
    };
    checkSet(survival, "survival");
    checkSet(birth, "birth");
}

std::string Rule::format() const {
    using rule_text::digits, rule_text::hrotList, rule_text::neighbourhoodText;
    std::ostringstream out;
    if (rule_text::lifeLikeShape(*this)) {
        out << 'B' << digits(birth) << "/S" << digits(survival);
        if (states > 2) out << "/C" << states;
        if (neighbourhood == Neighbourhood::VonNeumann) out << 'V';
        return out.str();
    }
    out << 'R' << radius << ",C" << (states == 2 ? 0 : states) << ",M" << (includeCentre ? 1 : 0);
    const bool simple = survival.intervals().size() == 1 && birth.intervals().size() == 1;
    if (simple) {
        const Interval s = survival.intervals()[0], b = birth.intervals()[0];
        out << ",S" << s.lo << ".." << s.hi << ",B" << b.lo << ".." << b.hi;
    } else {
        out << ",S" << hrotList(survival) << ",B" << hrotList(birth);
    }
    out << ",N" << neighbourhoodText(*this);
    return out.str();
}

int neighbourhoodReach(const Rule& rule) {
    return rule.neighbourhood == Neighbourhood::Triangular ? 2 * rule.radius : rule.radius;
}

std::string formatRuleSpec(const RuleSpec& spec) {
    std::string s = spec.rule.format();
    if (spec.size) s += formatTopologySuffix(spec.rule.topology, *spec.size);
    return s;
}

} // namespace catlab
