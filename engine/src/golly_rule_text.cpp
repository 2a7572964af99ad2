#include "catlab/golly_rule_text.hpp"
#include "rule_text_parts.hpp"

#include <sstream>

namespace catlab {
namespace {

using rule_text::digits;
using rule_text::hrotList;
using rule_text::neighbourhoodText;

bool singleRange(const CountSet& set) { return set.intervals().size() == 1; }

// A live cell counts itself when the centre is included; without it every survival count is one less.
CountSet withoutCentre(const CountSet& survival) {
    std::vector<Interval> shifted;
    for (const Interval& i : survival.intervals())
        if (i.hi >= 1) shifted.push_back({std::max(0, i.lo - 1), i.hi - 1});
    return CountSet(std::move(shifted));
}

// The counts of `set` that `most` neighbours can reach: with the centre counted, a birth count of the
// whole neighbourhood plus one never happens (a dead centre adds nothing), and the centre-free notation has
// no digit for it.
CountSet reachable(const CountSet& set, int most) {
    std::vector<Interval> kept;
    for (const Interval& i : set.intervals())
        if (i.lo <= most) kept.push_back({i.lo, std::min(i.hi, most)});
    return CountSet(std::move(kept));
}

} // namespace

std::string formatRuleForGolly(const Rule& rule) {
    if (rule_text::lifeLikeShape(rule) && rule.states == 2) return rule.format();
    if (rule_text::lifeLikeShape(rule) && rule.neighbourhood == Neighbourhood::Moore)
        return digits(rule.survival) + "/" + digits(rule.birth) + "/" + std::to_string(rule.states);
    std::ostringstream out;
    out << 'R' << rule.radius << ",C" << (rule.states == 2 ? 0 : rule.states);
    auto ranges = [&](const CountSet& survival, const CountSet& birth, bool centre) {
        const Interval s = survival.intervals()[0], b = birth.intervals()[0];
        out << ",M" << (centre ? 1 : 0) << ",S" << s.lo << ".." << s.hi << ",B" << b.lo << ".." << b.hi;
    };
    if (singleRange(rule.survival) && singleRange(rule.birth)) {
        ranges(rule.survival, rule.birth, rule.includeCentre);
    } else {
        // Golly's lists leave the centre out: the equivalent rule without it is written, in life-like or
        // Generations notation where it has that shape (as the file is read back).
        Rule plain = rule;
        plain.includeCentre = false;
        plain.survival = rule.includeCentre ? withoutCentre(rule.survival) : rule.survival;
        if (rule.includeCentre) plain.birth = reachable(rule.birth, plain.neighbourhoodSize());
        if (rule.includeCentre && rule_text::lifeLikeShape(plain)) return formatRuleForGolly(plain);
        if (singleRange(plain.survival) && singleRange(plain.birth)) // single ranges once the centre is left out
            ranges(plain.survival, plain.birth, false);
        else
            out << ",S" << hrotList(plain.survival) << ",B" << hrotList(plain.birth);
    }
    out << ",N" << neighbourhoodText(rule);
    return out.str();
}

std::string gollyDisplayDifference(const Rule& rule) {
    if (!rule_text::lifeLikeShape(rule) || rule.states != 2 || !rule.birth.contains(0)) return "";
    const int all = rule.neighbourhood == Neighbourhood::VonNeumann ? 4 : 8;
    if (rule.survival.contains(all))
        return "B0 rule run as written: the empty background is born at generation 1 and stays; Golly shows "
               "every generation from 1 on as the complement of catlab's";
    return "B0 rule run as written: the background flips every generation; Golly shows the even generations "
           "as catlab does and the odd ones as the complement of catlab's";
}

std::string formatRuleSpecForGolly(const RuleSpec& spec) {
    std::string s = formatRuleForGolly(spec.rule);
    if (spec.size) s += formatTopologySuffix(spec.rule.topology, *spec.size);
    return s;
}

} // namespace catlab
