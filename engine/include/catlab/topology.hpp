#pragma once
// How the edges of a bounded grid are joined: Golly's topologies (its Help, "Bounded Grids"), written as
// the suffix of a rule string. A grid W x H holds cells (0..W-1, 0..H-1); every topology says which cell,
// if any, a position outside the grid stands for when a neighbourhood reaches past an edge.
//   :Tw,h     torus                        :Tw+s,h / :Tw,h+s  torus with the horizontal / vertical
//   :Pw,h     plane, dead outside                               edges joined s cells apart
//   :Kw*,h    Klein bottle, the horizontal edges (top, bottom) joined reversed; :Kw,h* the vertical ones;
//             :Kw*+1,h a shift of one on the twisted edges (an even side; every shift is one)
//   :Cw,h     cross-surface: both pairs of edges joined reversed
//   :Sn       sphere: the top edge joined to the left one, the right edge to the bottom one (w = h)
//   :T0,h     tube: unbounded across, the horizontal edges joined (:Tw,0 unbounded downwards)
//   :P0,h     plane of height h, unbounded across (:Pw,0 of width w, unbounded downwards)
// A side of 0 is unbounded (Golly allows it on a torus or a plane, unshifted): the grid is finite, grows
// that way with its pattern (Simulator::growWithPattern), and what lies past those edges is dead.
// :T0,0 and :P0,0 are Golly's unbounded universe, which a rule string writes with no suffix at all.
#include "catlab/grid_size.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace catlab {

enum class TopologyKind : std::uint8_t { Torus, Plane, KleinBottle, CrossSurface, Sphere };

// A pair of opposite edges: the horizontal ones (top and bottom) or the vertical ones (left and right).
enum class Edges : std::uint8_t { Horizontal, Vertical };

struct Topology {
    TopologyKind kind = TopologyKind::Torus;
    Edges twisted = Edges::Horizontal; // a Klein bottle's reversed pair
    Edges shifted = Edges::Horizontal; // the pair a shift applies to (a torus or a Klein bottle)
    int shift = 0;                     // cells along the edge a crossing moves by (0: none)
    // Sides written 0 in the suffix (a torus or a plane): the grid grows across them with its pattern.
    bool unboundedWidth = false, unboundedHeight = false;

    // A plain torus: catlab's fastest case, with no edge handling at all.
    bool plainTorus() const { return kind == TopologyKind::Torus && shift == 0 && !unboundedSide(); }
    bool unboundedSide() const { return unboundedWidth || unboundedHeight; }

    friend bool operator==(const Topology&, const Topology&) = default;
};

// A cell of the grid, or nothing: a position outside a plane.
struct CellPosition {
    int x = 0;
    int y = 0;
    friend bool operator==(const CellPosition&, const CellPosition&) = default;
};

// The cell that position (x, y) stands for on a grid of this size, or nullopt when it is dead (outside a
// plane). Positions may lie up to one side's length outside the grid (a neighbourhood never reaches
// farther: validateTopology() keeps the sides at least 2r + 1 except on a plane).
std::optional<CellPosition> resolvePosition(const Topology& topology, GridSize size, long long x, long long y);

// Throws catlab::Error naming the problem when the topology cannot join a grid of this size for a
// neighbourhood of this reach (neighbourhoodReach): a sphere that is not square, a Klein bottle shifted on
// an odd side, sides below 2 * reach + 1 (all but the plane).
void validateTopology(const Topology& topology, GridSize size, int reach);
// The joins' own conditions alone (a square sphere, a shifted twist on an even side), which a rule string
// or a pattern file is held to; the sides' minimum waits for the grid (validateTopology).
void validateTopologyJoins(const Topology& topology, GridSize size);

// ":T64,32", ":P30,20", ":K30*+1,20", ":C30,20", ":S30" (Golly's canonical suffix); an unbounded side is
// written 0 whatever the grid's side (":T0,32").
std::string formatTopologySuffix(const Topology& topology, GridSize size);

struct TopologySuffix {
    Topology topology;
    GridSize size;
};

// The text after the rule's ':' ("T64,32", "p30,20", "K30,20*", "T0,32", ...); an unbounded side's length
// is 0, and ":T0,0" or ":P0,0" gives a plane with both sides unbounded and size 0 x 0. Throws
// catlab::Error naming the problem (`whole`, the rule string, is quoted in the message).
TopologySuffix parseTopologySuffix(std::string_view whole, std::string_view suffix);

const char* toString(TopologyKind kind);

// "torus", "plane", "Klein bottle (horizontal edges twisted, shifted by one)", "tube (unbounded across,
// joined top to bottom)", ... for reports.
std::string describeTopology(const Topology& topology);

} // namespace catlab
