// Golly rule notations: Larger than Life (MCell), HROT lists, life-like B/S, and the topology suffix.
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/number_text.hpp"
#include "catlab/rule.hpp"
#include "neighbourhood_weights.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string_view>

namespace catlab {
namespace {

[[noreturn]] void fail(std::string_view rule, std::string_view token, std::string_view why) {
    throw Error("bad token '" + std::string(token) + "' in rule '" + std::string(rule) + "': " + std::string(why));
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

// Whole-token non-negative integer (digits only: no sign, no junk), in [0, max].
int requireNumber(std::string_view rule, std::string_view token, std::string_view digits, std::string_view what,
                  int max = std::numeric_limits<int>::max()) {
    int v = 0;
    const bool digitsOnly = !digits.empty() && std::isdigit(static_cast<unsigned char>(digits[0]));
    const IntegerText read = digitsOnly ? parseInteger(digits, v, 0, max) : IntegerText::NotAnInteger;
    if (read == IntegerText::NotAnInteger)
        fail(rule, token, "expected " + std::string(what) + " as a non-negative integer");
    if (read == IntegerText::OutOfRange)
        fail(rule, token, "expected " + std::string(what) + " of at most " + std::to_string(max));
    return v;
}

// "a", "a..b" or "a-b".
Interval parseRange(std::string_view rule, std::string_view token, std::string_view text) {
    size_t sep = text.find("..");
    size_t sepLen = 2;
    if (sep == std::string_view::npos) {
        sep = text.find('-');
        sepLen = 1;
    }
    if (sep == std::string_view::npos) {
        int v = requireNumber(rule, token, text, "a count");
        return {v, v};
    }
    int lo = requireNumber(rule, token, text.substr(0, sep), "a count");
    int hi = requireNumber(rule, token, text.substr(sep + sepLen), "a count");
    if (lo > hi) fail(rule, token, "range runs backwards (" + std::to_string(lo) + " > " + std::to_string(hi) + ")");
    return {lo, hi};
}

Rule parseLargerThanLife(std::string_view rule) {
    Rule r;
    bool seen[128] = {};
    std::vector<Interval>* list = nullptr; // the S or B list that bare numbers (HROT) extend
    std::vector<Interval> survival, birth;
    std::string_view neighbourhoodToken; // "N..." as written, decoded once the radius is known
    bool afterWeights = false;           // the previous field was NW...
    for (std::string_view token : split(rule, ',')) {
        if (token.empty()) fail(rule, token, "empty field");
        const char letter = char(std::toupper(static_cast<unsigned char>(token[0])));
        const std::string_view rest = token.substr(1);
        // Golly's NW may be followed by a hex digit per state (state weights); "B3" after NW is a birth list.
        const bool birthField = letter == 'B' && !seen[int('B')];
        if (afterWeights && !birthField && std::all_of(token.begin(), token.end(), [](char c) {
                return std::isxdigit(static_cast<unsigned char>(c)) != 0;
            }))
            fail(rule, token,
                 "state weights after NW are not supported: catlab counts cells in state 1 only, each with its "
                 "cell's weight");
        afterWeights = false;
        if (std::isdigit(static_cast<unsigned char>(token[0]))) {
            if (!list) fail(rule, token, "a bare count may only follow an S or B list");
            list->push_back(parseRange(rule, token, token));
            continue;
        }
        if (letter < 0 || seen[int(letter)]) fail(rule, token, "field given twice");
        seen[int(letter)] = true;
        list = nullptr;
        switch (letter) {
        case 'R': r.radius = requireNumber(rule, token, rest, "a radius"); break;
        case 'C': r.states = std::max(2, requireNumber(rule, token, rest, "a state count")); break;
        case 'M': {
            int m = requireNumber(rule, token, rest, "0 or 1");
            if (m > 1) fail(rule, token, "expected M0 or M1");
            r.includeCentre = m == 1;
            break;
        }
        case 'S':
        case 'B':
            list = letter == 'S' ? &survival : &birth;
            if (!rest.empty()) list->push_back(parseRange(rule, token, rest));
            break;
        case 'N': {
            const auto kind = rest.empty() ? std::nullopt : neighbourhoodFromLetter(rest[0]);
            if (!kind)
                fail(rule, token,
                     "expected a neighbourhood: NM, NN, NC, N+, NX, N*, N2, NH, NB, ND, N#, N3, NA, NL, NG, "
                     "NW<hex> or N@<hex>");
            if (isFixedShape(*kind) && rest.size() > 1)
                fail(rule, token,
                     std::string("the ") + toString(*kind) + " neighbourhood takes nothing after N" +
                         std::string(1, neighbourhoodLetter(*kind)));
            r.neighbourhood = *kind;
            neighbourhoodToken = token;
            afterWeights = *kind == Neighbourhood::Weighted;
            continue;
        }
        default: fail(rule, token, "unknown field (expected R, C, M, S, B or N)");
        }
    }
    for (char required : {'R', 'S', 'B'})
        if (!seen[int(required)])
            throw Error("rule '" + std::string(rule) + "' lacks its " + std::string(1, required) + " field");
    r.survival = CountSet(std::move(survival));
    r.birth = CountSet(std::move(birth));
    if (!isFixedShape(r.neighbourhood)) {
        if (r.radius < 1 || r.radius > kMaxRadius)
            fail(rule, neighbourhoodToken,
                 "radius " + std::to_string(r.radius) + " is out of range 1.." + std::to_string(kMaxRadius));
        try {
            r.weights = parseNeighbourhoodWeights(r.neighbourhood, r.radius, neighbourhoodToken.substr(2));
        } catch (const Error& e) {
            fail(rule, neighbourhoodToken, e.what());
        }
    }
    return r;
}

// Kellie Evans' "r,bmin,bmax,smin,smax", which Golly reads as R<r>,C0,M1,S<smin>..<smax>,B<bmin>..<bmax>,NM.
Rule parseEvans(std::string_view rule) {
    const auto fields = split(rule, ',');
    if (fields.size() != 5)
        throw Error("rule '" + std::string(rule) +
                    "': Evans' notation has five numbers, r,bmin,bmax,smin,smax (e.g. 5,34,45,34,58)");
    int v[5];
    for (size_t i = 0; i < 5; ++i) v[i] = requireNumber(rule, fields[i], fields[i], "a whole number");
    for (size_t lo : {size_t(1), size_t(3)})
        if (v[lo] > v[lo + 1])
            fail(rule, fields[lo],
                 "range runs backwards (" + std::to_string(v[lo]) + " > " + std::to_string(v[lo + 1]) + ")");
    Rule r;
    r.radius = v[0];
    r.includeCentre = true;
    r.birth = CountSet({{v[1], v[2]}});
    r.survival = CountSet({{v[3], v[4]}});
    return r;
}

CountSet parseDigits(std::string_view rule, std::string_view token, std::string_view digits, int maxCount) {
    std::vector<Interval> counts;
    for (char c : digits) {
        if (c < '0' || c > '0' + maxCount)
            fail(rule, token, "expected neighbour counts 0.." + std::to_string(maxCount) + ", one digit each");
        counts.push_back({c - '0', c - '0'});
    }
    return CountSet(std::move(counts));
}

// B3/S23, S23/B3, B2/S/C3, 23/3 (S/B), 23/3/4 (S/B/C), with V appended for von Neumann.
Rule parseLifeLike(std::string_view rule) {
    Rule r;
    std::string_view body = rule;
    if (!body.empty() && (body.back() == 'V' || body.back() == 'v')) {
        r.neighbourhood = Neighbourhood::VonNeumann;
        body.remove_suffix(1);
    } else if (!body.empty() && (body.back() == 'H' || body.back() == 'h')) {
        throw Error("rule '" + std::string(rule) + "': hexagonal neighbourhoods are not supported");
    }
    const int maxCount = r.neighbourhood == Neighbourhood::VonNeumann ? 4 : 8;
    const auto parts = split(body, '/');
    if (parts.size() < 2 || parts.size() > 3)
        throw Error("rule '" + std::string(rule) + "': expected B.../S... with an optional /C...");
    const bool lettered = std::any_of(parts.begin(), parts.end(), [](std::string_view p) {
        return !p.empty() && std::isalpha(static_cast<unsigned char>(p[0]));
    });
    bool haveB = false, haveS = false, haveC = false;
    for (size_t i = 0; i < parts.size(); ++i) {
        std::string_view p = parts[i];
        char letter;
        if (lettered) {
            if (p.empty()) fail(rule, p, "empty part");
            letter = char(std::toupper(static_cast<unsigned char>(p[0])));
            p.remove_prefix(1);
        } else {
            letter = "SBC"[i]; // Golly's old S/B/C order
        }
        bool& have = letter == 'B' ? haveB : letter == 'S' ? haveS : haveC;
        if (letter != 'B' && letter != 'S' && letter != 'C') fail(rule, parts[i], "expected B, S or C");
        if (have) fail(rule, parts[i], "given twice");
        have = true;
        if (letter == 'B')
            r.birth = parseDigits(rule, parts[i], p, maxCount);
        else if (letter == 'S')
            r.survival = parseDigits(rule, parts[i], p, maxCount);
        else
            r.states = std::max(2, requireNumber(rule, parts[i], p, "a state count"));
    }
    if (!haveB || !haveS) throw Error("rule '" + std::string(rule) + "' needs both a B and an S part");
    // "/" reads as S/B with neither counts nor letters: a slip, not the rule where nothing is born and
    // nothing survives (that one is written B/S).
    if (!lettered && body.find_first_not_of('/') == std::string_view::npos)
        throw Error("rule '" + std::string(rule) +
                    "' names no counts (the rule where nothing is born and nothing survives is B/S)");
    return r;
}

} // namespace

RuleSpec parseRule(const std::string& text) {
    std::string_view whole = text;
    while (!whole.empty() && std::isspace(static_cast<unsigned char>(whole.front()))) whole.remove_prefix(1);
    while (!whole.empty() && std::isspace(static_cast<unsigned char>(whole.back()))) whole.remove_suffix(1);
    if (whole.empty()) throw Error("empty rule string");
    for (char c : whole)
        if (std::isspace(static_cast<unsigned char>(c))) fail(whole, std::string(1, c), "spaces are not allowed");

    RuleSpec spec;
    std::string_view body = whole;
    if (size_t colon = whole.find(':'); colon != std::string_view::npos) {
        const TopologySuffix suffix = parseTopologySuffix(whole, whole.substr(colon + 1));
        // :T0,0 and :P0,0 are Golly's unbounded universe: the same as no suffix (Golly drops it too).
        if (!(suffix.topology.unboundedWidth && suffix.topology.unboundedHeight)) {
            spec.size = suffix.size;
            spec.rule.topology = suffix.topology;
        }
        body = whole.substr(0, colon);
        if (body.empty()) throw Error("rule '" + std::string(whole) + "' has a topology but no rule before the ':'");
    }
    const Topology topology = spec.rule.topology;
    if (body.find('/') != std::string_view::npos)
        spec.rule = parseLifeLike(body);
    else if (body[0] == 'R' || body[0] == 'r')
        spec.rule = parseLargerThanLife(body);
    else if (std::isdigit(static_cast<unsigned char>(body[0])) && body.find(',') != std::string_view::npos)
        spec.rule = parseEvans(body);
    else
        throw Error("rule '" + std::string(whole) +
                    "' is in no known notation (expected e.g. B3/S23, 345/2/4, R5,C0,M1,S34..58,B34..45,NM, "
                    "R1,C0,S3,5-8,B4,6-8,NM or 5,34,45,34,58)");
    spec.rule.topology = topology;
    try {
        spec.rule.validate();
        if (spec.size) validateTopologyJoins(topology, *spec.size);
    } catch (const Error& e) {
        throw Error("rule '" + std::string(whole) + "': " + e.what());
    }
    return spec;
}

} // namespace catlab
