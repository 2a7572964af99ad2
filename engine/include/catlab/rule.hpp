#pragma once

#include "catlab/grid_size.hpp"
#include "catlab/neighbourhood.hpp"
#include "catlab/topology.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace catlab {

inline constexpr int kMinStates = 2;
inline constexpr int kMaxStates = 256;

// Inclusive range of neighbour counts.
struct Interval {
    int lo = 0;
    int hi = 0;
    friend bool operator==(const Interval&, const Interval&) = default;
};

// A set of neighbour counts, kept as sorted, disjoint, non-adjacent intervals.
class CountSet {
  public:
    CountSet() = default;
    explicit CountSet(std::vector<Interval> intervals);

    bool contains(int count) const;
    bool empty() const { return intervals_.empty(); }
    const std::vector<Interval>& intervals() const { return intervals_; }
    int max() const { return empty() ? -1 : intervals_.back().hi; }

    friend bool operator==(const CountSet&, const CountSet&) = default;

  private:
    std::vector<Interval> intervals_;
};

// A Larger-than-Life / Generations rule. Only state 1 counts as alive; with more than two states a
// live cell that does not survive decays through 2, 3, ... C-1 and then dies (Golly's convention).
struct Rule {
    int radius = 1;
    int states = 2;
    bool includeCentre = false;
    Neighbourhood neighbourhood = Neighbourhood::Moore;
    NeighbourhoodWeights weights; // the cells of NW and N@; empty for the other shapes
    CountSet survival;
    CountSet birth;
    // How the grid's edges are joined (a plain torus unless the rule string's suffix says otherwise).
    Topology topology;

    // Throws catlab::Error naming the offending field.
    void validate() const;

    // The largest count: for unweighted shapes the cells of the neighbourhood, the centre included when
    // includeCentre is set; for weighted ones the sum of the positive weights.
    int neighbourhoodSize() const;

    // Golly notation: life-like "B3/S23" when the rule is one, else "R5,C0,M1,S34..58,B34..45,NM"
    // (or HROT lists "S3,5-8" when a set is not a single interval), without the topology (formatRuleSpec
    // adds it with the size). parseRule(format()).rule == *this for a rule on a plain torus.
    std::string format() const;

    friend bool operator==(const Rule&, const Rule&) = default;
};

struct NeighbourOffset {
    int dx = 0;
    int dy = 0;
    int weight = 1;
    friend bool operator==(const NeighbourOffset&, const NeighbourOffset&) = default;
};

// A rule's neighbourhood in the one form every backend can compute from. A cell's count is the sum of
// the weights of the offsets whose cell is in state 1, plus centreWeight when the cell itself is in
// state 1; a dead cell is born when the count is in the birth set, a live one survives when it is in the
// survival set. Counts may be negative (NW's negative weights): no count below 0 is in either set.
struct NeighbourhoodShape {
    std::vector<NeighbourOffset> offsets; // the centre left out; weights never 0
    // includeCentre (0 or 1) for unweighted shapes. Golly's Gaussian counts its centre with weight
    // (r + 1)^2, plus 1 under M1; a weighted neighbourhood gives the centre its own weight.
    int centreWeight = 0;
    bool flipsOnOddCells = false; // NL (and NW/N@ on the triangular grid): cells with odd x + y use (dx, -dy)
    int reachX = 0, reachY = 0;   // the largest |dx| and |dy|: a torus needs sides of 2 * reach + 1
    int minCount = 0, maxCount = 0;
};

NeighbourhoodShape neighbourhoodShape(const Rule& rule);

// How far the neighbourhood reaches along either axis: the radius, twice it for the triangular shape
// (max(reachX, reachY) of neighbourhoodShape, without building it).
int neighbourhoodReach(const Rule& rule);

// A rule string may carry Golly's topology suffix (":Tw,h", ":Pw,h", ... topology.hpp), which also
// gives the grid's size; rule.topology holds the rest of it. An unbounded side (":T0,h", a tube) has
// length 0 in `size`: the grid's side is for whoever opens the pattern to choose (it grows).
struct RuleSpec {
    Rule rule;
    std::optional<GridSize> size;
};

// Parses Golly's Larger-than-Life ("R5,C0,M1,S34..58,B34..45,NM"), HROT ("R1,C0,S3,5-8,B4,6-8,NM", any
// neighbourhood letter of catlab::Neighbourhood, "NW<hex>" and "N@<hex>" with an optional H or L),
// life-like ("B3/S23", "B3/S23V", "B2/S/C3", "23/3"), Generations ("345/2/4": S/B/C) and Kellie Evans'
// ("5,34,45,34,58": r,bmin,bmax,smin,smax) notations with an optional topology suffix (topology.hpp).
// Throws catlab::Error naming the bad token.
RuleSpec parseRule(const std::string& text);

std::string formatRuleSpec(const RuleSpec& spec);

} // namespace catlab
