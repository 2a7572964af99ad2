#include "catlab/rule.hpp"

#include "catlab/error.hpp"
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

const char* toString(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Moore: return "Moore";
    case Neighbourhood::VonNeumann: return "von Neumann";
    case Neighbourhood::Circular: return "circular";
    }
    return "?";
}

namespace {

int isqrt(int v) {
    int r = 0;
    while ((r + 1) * (r + 1) <= v) ++r;
    return r;
}

} // namespace

int rowHalfWidth(Neighbourhood n, int radius, int dy) {
    const int ady = std::abs(dy);
    switch (n) {
    case Neighbourhood::Moore: return radius;
    case Neighbourhood::VonNeumann: return radius - ady;
    // Golly: Euclidean distance below r + 0.5, i.e. dx^2 + dy^2 <= r^2 + r for integers.
    case Neighbourhood::Circular: return isqrt(radius * radius + radius - ady * ady);
    }
    return radius;
}

bool inNeighbourhood(Neighbourhood n, int radius, int dx, int dy) {
    return std::abs(dy) <= radius && std::abs(dx) <= rowHalfWidth(n, radius, dy);
}

int neighbourhoodCells(Neighbourhood n, int radius) {
    int cells = 0;
    for (int dy = -radius; dy <= radius; ++dy) cells += 2 * rowHalfWidth(n, radius, dy) + 1;
    return cells;
}

int Rule::neighbourhoodSize() const { return neighbourhoodCells(neighbourhood, radius) - (includeCentre ? 0 : 1); }

void Rule::validate() const {
    if (radius < 1 || radius > kMaxRadius)
        throw Error("radius " + std::to_string(radius) + " is out of range 1.." + std::to_string(kMaxRadius));
    if (states < kMinStates || states > kMaxStates)
        throw Error("state count " + std::to_string(states) + " is out of range " + std::to_string(kMinStates) + ".." +
                    std::to_string(kMaxStates));
    const int size = neighbourhoodSize();
    auto checkSet = [size](const CountSet& set, const char* what) {
        for (const Interval& i : set.intervals())
            if (i.lo < 0 || i.hi > size)
                throw Error(std::string(what) + " count " + std::to_string(i.lo < 0 ? i.lo : i.hi) + " is outside 0.." +
                            std::to_string(size) + ", the neighbourhood size");
    };
    checkSet(survival, "survival");
    checkSet(birth, "birth");
}

std::string Rule::format() const {
    using rule_text::digits, rule_text::hrotList, rule_text::neighbourhoodLetter;
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
    out << ",N" << neighbourhoodLetter(neighbourhood);
    return out.str();
}

std::string formatRuleSpec(const RuleSpec& spec) {
    std::string s = spec.rule.format();
    if (spec.size) s += formatTopologySuffix(spec.rule.topology, *spec.size);
    return s;
}

} // namespace catlab
