#pragma once

#include "catlab/grid_size.hpp"
#include "catlab/topology.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace catlab {

inline constexpr int kMaxRadius = 500;
inline constexpr int kMinStates = 2;
inline constexpr int kMaxStates = 256;

enum class Neighbourhood : std::uint8_t { Moore, VonNeumann, Circular };

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
    CountSet survival;
    CountSet birth;
    // How the grid's edges are joined (a plain torus unless the rule string's suffix says otherwise).
    Topology topology;

    // Throws catlab::Error naming the offending field.
    void validate() const;

    // Cells in the neighbourhood, the centre included when includeCentre is set.
    int neighbourhoodSize() const;

    // Golly notation: life-like "B3/S23" when the rule is one, else "R5,C0,M1,S34..58,B34..45,NM"
    // (or HROT lists "S3,5-8" when a set is not a single interval), without the topology (formatRuleSpec
    // adds it with the size). parseRule(format()).rule == *this for a rule on a plain torus.
    std::string format() const;

    friend bool operator==(const Rule&, const Rule&) = default;
};

// Cells in the (2r+1)^2 box that belong to the neighbourhood, centre included.
int neighbourhoodCells(Neighbourhood n, int radius);

// True when offset (dx, dy) belongs to the neighbourhood of the given radius (centre not special-cased).
bool inNeighbourhood(Neighbourhood n, int radius, int dx, int dy);

// Half-width of the neighbourhood's row at vertical offset dy (|dy| <= radius): the row spans
// dx in [-w, w]. Every supported neighbourhood is a union of such centred row spans.
int rowHalfWidth(Neighbourhood n, int radius, int dy);

// A rule string may carry Golly's topology suffix (":Tw,h", ":Pw,h", ... topology.hpp), which also
// gives the grid's size; rule.topology holds the rest of it.
struct RuleSpec {
    Rule rule;
    std::optional<GridSize> size;
};

// Parses Golly's Larger-than-Life ("R5,C0,M1,S34..58,B34..45,NM"), HROT ("R1,C0,S3,5-8,B4,6-8,NM"),
// life-like ("B3/S23", "B3/S23V", "B2/S/C3", "23/3"), Generations ("345/2/4": S/B/C) and Kellie Evans'
// ("5,34,45,34,58": r,bmin,bmax,smin,smax) notations with an optional topology suffix (topology.hpp).
// Throws catlab::Error naming the bad token.
RuleSpec parseRule(const std::string& text);

std::string formatRuleSpec(const RuleSpec& spec);

const char* toString(Neighbourhood n);

} // namespace catlab
