#include "catlab/topology.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/number_text.hpp"

#include <cctype>
#include <string>

namespace catlab {

const char* toString(TopologyKind kind) {
    switch (kind) {
    case TopologyKind::Torus: return "torus";
    case TopologyKind::Plane: return "plane";
    case TopologyKind::KleinBottle: return "Klein bottle";
    case TopologyKind::CrossSurface: return "cross-surface";
    case TopologyKind::Sphere: return "sphere";
    }
    return "?";
}

std::string describeTopology(const Topology& t) {
    const char* pair = t.shifted == Edges::Horizontal ? "horizontal" : "vertical";
    if (t.unboundedWidth && t.unboundedHeight) return "unbounded plane";
    if (t.unboundedSide()) {
        const char* across = t.unboundedWidth ? "unbounded across" : "unbounded downwards";
        if (t.kind == TopologyKind::Torus)
            return std::string("tube (") + across +
                   (t.unboundedWidth ? ", joined top to bottom)" : ", joined left to right)");
        return std::string("strip (") + across + ", dead past its other edges)";
    }
    switch (t.kind) {
    case TopologyKind::Torus:
        if (t.shift == 0) return "torus";
        return std::string("torus (") + pair + " edges shifted by " + std::to_string(t.shift) + ")";
    case TopologyKind::KleinBottle:
        return std::string("Klein bottle (") + (t.twisted == Edges::Horizontal ? "horizontal" : "vertical") +
               " edges twisted" + (t.shift != 0 ? ", shifted by one)" : ")");
    case TopologyKind::Plane: return "plane (dead outside)";
    default: return toString(t.kind);
    }
}

namespace {

long long floorDiv(long long v, long long d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }
long long wrap(long long v, long long d) { return v - floorDiv(v, d) * d; }

// Golly's diagrams in its Help ("Bounded Grids") define each join at depth one; a position d + 1 cells
// past an edge stands for the cell d + 1 cells inside the joined edge, the same rule followed inwards.
std::optional<CellPosition> resolveOnce(const Topology& t, long long w, long long h, long long x, long long y) {
    const long long crossedX = floorDiv(x, w), crossedY = floorDiv(y, h); // edges crossed, with their sign
    if ((t.unboundedWidth && crossedX != 0) || (t.unboundedHeight && crossedY != 0)) return std::nullopt;
    switch (t.kind) {
    case TopologyKind::Plane:
        if (crossedX != 0 || crossedY != 0) return std::nullopt;
        break;
    case TopologyKind::Torus:
        if (t.shift != 0 && t.shifted == Edges::Horizontal) x += crossedY * t.shift;
        if (t.shift != 0 && t.shifted == Edges::Vertical) y += crossedX * t.shift;
        break;
    case TopologyKind::KleinBottle: {
        // A shifted twist moves one cell further back along the edge: what Golly computes
        // (lifealgo.cpp, JoinTwistedAndShiftedEdges); its Help draws the mirror image, one cell forward.
        const int shift = t.shift != 0 ? 1 : 0;
        if (t.twisted == Edges::Horizontal && crossedY % 2 != 0) x = w - 1 - x - shift;
        if (t.twisted == Edges::Vertical && crossedX % 2 != 0) y = h - 1 - y - shift;
        break;
    }
    case TopologyKind::CrossSurface: {
        const long long flippedX = crossedY % 2 != 0 ? w - 1 - x : x; // from the positions before either flip
        const long long flippedY = crossedX % 2 != 0 ? h - 1 - y : y;
        x = flippedX;
        y = flippedY;
        break;
    }
    case TopologyKind::Sphere: {
        // Top joined to left and right to bottom: a position past one of them is its mirror image in the
        // diagonal through the corner they share. A corner position takes two such steps.
        for (int steps = 0; steps < 4 && (x < 0 || x >= w || y < 0 || y >= h); ++steps) {
            if (y < 0) {
                const long long depth = -1 - y;
                y = x;
                x = depth;
            } else if (y >= h) {
                const long long depth = y - h;
                y = x;
                x = w - 1 - depth;
            } else if (x < 0) {
                const long long depth = -1 - x;
                x = y;
                y = depth;
            } else {
                const long long depth = x - w;
                x = y;
                y = h - 1 - depth;
            }
        }
        break;
    }
    }
    return CellPosition{int(wrap(x, w)), int(wrap(y, h))};
}

} // namespace

std::optional<CellPosition> resolvePosition(const Topology& topology, GridSize size, long long x, long long y) {
    if (x >= 0 && x < size.width && y >= 0 && y < size.height) return CellPosition{int(x), int(y)};
    return resolveOnce(topology, size.width, size.height, x, y);
}

void validateTopology(const Topology& topology, GridSize size, int reach) {
    validateTopologyJoins(topology, size);
    const int minSide = 2 * reach + 1;
    if (topology.kind != TopologyKind::Plane && (size.width < minSide || size.height < minSide))
        throw Error(std::string("a ") + toString(topology.kind) + " of " + formatGridSize(size) +
                    " is too small for a neighbourhood reaching " + std::to_string(reach) +
                    " cells: each side needs at least " + std::to_string(minSide) + " cells");
}

void validateTopologyJoins(const Topology& topology, GridSize size) {
    const std::string where = std::string("a ") + toString(topology.kind) + " of " + formatGridSize(size);
    if (topology.unboundedSide()) {
        if (topology.kind != TopologyKind::Torus && topology.kind != TopologyKind::Plane)
            throw Error(std::string("a ") + toString(topology.kind) +
                        " cannot have an unbounded side (only a torus or a plane can, as in Golly)");
        if (topology.shift != 0) throw Error("a grid with an unbounded side cannot be shifted (as in Golly)");
    }
    if (topology.kind == TopologyKind::Sphere && size.width != size.height)
        throw Error(where + ": a sphere joins adjacent edges, so its sides must be equal");
    if (topology.shift != 0) {
        if (topology.kind != TopologyKind::Torus && topology.kind != TopologyKind::KleinBottle)
            throw Error(where + " cannot be shifted (only a torus or a Klein bottle's twisted edges can)");
        if (topology.kind == TopologyKind::KleinBottle) {
            if (topology.shifted != topology.twisted)
                throw Error(where + ": a Klein bottle can be shifted only along its twisted edges");
            const int side = topology.twisted == Edges::Horizontal ? size.width : size.height;
            if (side % 2 != 0)
                throw Error(where +
                            ": a Klein bottle can be shifted only where the twisted edges have an even "
                            "number of cells (" +
                            std::to_string(side) + " is odd)");
        }
    }
}

namespace {

// Written out: GCC 12 warns wrongly about "+" + std::to_string(...) once inlined.
std::string signedText(int v) {
    std::string s(1, v < 0 ? '-' : '+');
    s += std::to_string(v < 0 ? -(long long)v : (long long)v);
    return s;
}

// One side of the suffix: its length, whether it is twisted ('*') and its shift.
std::string sideText(int length, bool twisted, int shift) {
    std::string s = std::to_string(length);
    if (twisted) s += '*';
    if (shift != 0) s += signedText(shift);
    return s;
}

} // namespace

std::string formatTopologySuffix(const Topology& t, GridSize size) {
    const bool horizontalShift = t.shift != 0 && t.shifted == Edges::Horizontal;
    const bool verticalShift = t.shift != 0 && t.shifted == Edges::Vertical;
    const int width = t.unboundedWidth ? 0 : size.width, height = t.unboundedHeight ? 0 : size.height;
    switch (t.kind) {
    case TopologyKind::Torus:
        return ":T" + sideText(width, false, horizontalShift ? t.shift : 0) + "," +
               sideText(height, false, verticalShift ? t.shift : 0);
    case TopologyKind::Plane: return ":P" + std::to_string(width) + "," + std::to_string(height);
    case TopologyKind::KleinBottle:
        return ":K" + sideText(size.width, t.twisted == Edges::Horizontal, horizontalShift ? 1 : 0) + "," +
               sideText(size.height, t.twisted == Edges::Vertical, verticalShift ? 1 : 0);
    case TopologyKind::CrossSurface: return ":C" + std::to_string(size.width) + "," + std::to_string(size.height);
    case TopologyKind::Sphere: return ":S" + std::to_string(size.width);
    }
    return "";
}

namespace {

struct SideText {
    int length = 0;
    bool twisted = false;
    int shift = 0;
};

class SuffixReader {
  public:
    SuffixReader(std::string_view whole, std::string_view suffix) : whole_(whole), suffix_(suffix) {}

    [[noreturn]] void fail(const std::string& why) const {
        throw Error("bad topology ':" + std::string(suffix_) + "' in rule '" + std::string(whole_) + "': " + why);
    }

    // "30", "30*", "30+5", "30*-1".
    SideText side(std::string_view text, const char* what) const {
        SideText s;
        std::size_t digits = 0;
        while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
        if (digits == 0) fail(std::string("expected ") + what + " as a whole number");
        if (parseInteger(text.substr(0, digits), s.length, 0, kMaxGridSide) != IntegerText::Ok)
            fail(std::string(what) + " " + std::string(text.substr(0, digits)) + " is outside 0.." +
                 std::to_string(kMaxGridSide));
        std::string_view rest = text.substr(digits);
        if (!rest.empty() && rest[0] == '*') {
            s.twisted = true;
            rest.remove_prefix(1);
        }
        if (rest.empty()) return s;
        if (rest[0] != '+' && rest[0] != '-') fail("unexpected '" + std::string(rest) + "' after the " + what);
        int amount = 0;
        if (rest.size() < 2 || !std::isdigit(static_cast<unsigned char>(rest[1])) ||
            parseInteger(rest.substr(1), amount, 0, kMaxGridSide) != IntegerText::Ok)
            fail("expected a shift of 0.." + std::to_string(kMaxGridSide) + " after '" + rest[0] + "'");
        s.shift = rest[0] == '-' ? -amount : amount;
        return s;
    }

  private:
    std::string_view whole_, suffix_;
};

} // namespace

TopologySuffix parseTopologySuffix(std::string_view whole, std::string_view suffix) {
    const SuffixReader reader(whole, suffix);
    if (suffix.empty()) reader.fail("empty topology (expected e.g. :T64,64 or :P64,64)");
    TopologySuffix out;
    const char letter = char(std::toupper(static_cast<unsigned char>(suffix[0])));
    const std::string_view body = suffix.substr(1);
    const std::size_t comma = body.find(',');
    if (letter == 'S') {
        const SideText n = reader.side(body.substr(0, comma), "side");
        SideText other = n;
        if (comma != std::string_view::npos) other = reader.side(body.substr(comma + 1), "side");
        if (n.twisted || n.shift || other.twisted || other.shift)
            reader.fail("a sphere is neither twisted nor shifted");
        if (other.length != n.length) reader.fail("a sphere's sides must be equal (:Sn)");
        if (n.length == 0) reader.fail("a sphere cannot have an unbounded side (0)");
        out.topology.kind = TopologyKind::Sphere;
        out.size = {n.length, n.length};
        return out;
    }
    switch (letter) {
    case 'T': out.topology.kind = TopologyKind::Torus; break;
    case 'P': out.topology.kind = TopologyKind::Plane; break;
    case 'K': out.topology.kind = TopologyKind::KleinBottle; break;
    case 'C': out.topology.kind = TopologyKind::CrossSurface; break;
    default:
        reader.fail(std::string("unknown topology '") + suffix[0] +
                    "' (T torus, P plane, K Klein bottle, C cross-surface, S sphere)");
    }
    if (comma == std::string_view::npos || body.find(',', comma + 1) != std::string_view::npos)
        reader.fail(std::string("expected :") + letter + "width,height");
    const SideText w = reader.side(body.substr(0, comma), "width");
    const SideText h = reader.side(body.substr(comma + 1), "height");
    out.size = {w.length, h.length};
    Topology& t = out.topology;
    if (w.shift != 0 && h.shift != 0) reader.fail("only one pair of edges can be shifted");
    t.shifted = h.shift != 0 ? Edges::Vertical : Edges::Horizontal;
    t.shift = w.shift != 0 ? w.shift : h.shift;
    if (t.kind == TopologyKind::KleinBottle) {
        if (w.twisted == h.twisted)
            reader.fail("a Klein bottle twists exactly one pair of edges: mark the width or the height with '*'");
        t.twisted = w.twisted ? Edges::Horizontal : Edges::Vertical;
        if (t.shift != 0 && t.shifted != t.twisted)
            reader.fail("a Klein bottle can be shifted only on its twisted edges");
        if (t.shift != 0) t.shift = 1; // every shift of a twisted join is the same as a shift of one
    } else if (w.twisted || h.twisted) {
        reader.fail("only a Klein bottle (:K) marks a twisted side with '*'");
    }
    if (t.shift != 0 && (t.kind == TopologyKind::Plane || t.kind == TopologyKind::CrossSurface))
        reader.fail(std::string("a ") + toString(t.kind) + " cannot be shifted");
    t.unboundedWidth = w.length == 0;
    t.unboundedHeight = h.length == 0;
    if (t.unboundedSide()) {
        if (t.kind != TopologyKind::Torus && t.kind != TopologyKind::Plane)
            reader.fail(std::string("a ") + toString(t.kind) + " cannot have an unbounded side (0)");
        if (t.shift != 0) reader.fail("a grid with an unbounded side (0) cannot be shifted");
        // Both unbounded: Golly's unbounded universe, a plane whichever letter named it.
        if (t.unboundedWidth && t.unboundedHeight) t.kind = TopologyKind::Plane;
    }
    return out;
}

} // namespace catlab
