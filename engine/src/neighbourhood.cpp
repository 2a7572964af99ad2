// The cell sets of the HROT neighbourhoods. Each follows Golly 4's gollybase/ltlalgo.cpp (the fast_*
// count of that letter and max_neighbors) and the diagrams of its Help page Algorithms/Larger_than_Life.html;
// dy grows downwards, as rows do in Golly and in catlab grids.
#include "catlab/neighbourhood.hpp"

#include "catlab/error.hpp"

#include <cstdlib>
#include <string>

namespace catlab {
namespace {

struct ShapeName {
    Neighbourhood kind;
    char letter;
    const char* name;
};

constexpr ShapeName kShapes[] = {
    {Neighbourhood::Moore, 'M', "Moore"},
    {Neighbourhood::VonNeumann, 'N', "von Neumann"},
    {Neighbourhood::Circular, 'C', "circular"},
    {Neighbourhood::Cross, '+', "cross"},
    {Neighbourhood::Saltire, 'X', "saltire"},
    {Neighbourhood::Star, '*', "star"},
    {Neighbourhood::Euclidean, '2', "Euclidean"},
    {Neighbourhood::Hexagonal, 'H', "hexagonal"},
    {Neighbourhood::Checkerboard, 'B', "checkerboard"},
    {Neighbourhood::AlignedCheckerboard, 'D', "aligned checkerboard"},
    {Neighbourhood::Hash, '#', "hash"},
    {Neighbourhood::Tripod, '3', "tripod"},
    {Neighbourhood::Asterisk, 'A', "asterisk"},
    {Neighbourhood::Triangular, 'L', "triangular"},
    {Neighbourhood::Gaussian, 'G', "Gaussian"},
    {Neighbourhood::Weighted, 'W', "weighted"},
    {Neighbourhood::Custom, '@', "custom"},
};

const ShapeName& shapeName(Neighbourhood n) {
    for (const ShapeName& s : kShapes)
        if (s.kind == n) return s;
    throw Error("unknown neighbourhood " + std::to_string(int(n)));
}

int isqrt(int v) {
    int r = 0;
    while ((r + 1) * (r + 1) <= v) ++r;
    return r;
}

[[noreturn]] void needsRuleData(Neighbourhood n) {
    throw Error(std::string("the ") + toString(n) +
                " neighbourhood's cells are the rule's own data, not a fixed shape");
}

} // namespace

const char* toString(Neighbourhood n) { return shapeName(n).name; }

char neighbourhoodLetter(Neighbourhood n) { return shapeName(n).letter; }

std::optional<Neighbourhood> neighbourhoodFromLetter(char letter) {
    const char upper = letter >= 'a' && letter <= 'z' ? char(letter - 'a' + 'A') : letter;
    for (const ShapeName& s : kShapes)
        if (s.letter == upper) return s.kind;
    return std::nullopt;
}

int maxRadius(Neighbourhood n) {
    if (n == Neighbourhood::Gaussian) return kMaxGaussianRadius;
    if (n == Neighbourhood::Triangular) return kMaxTriangularRadius;
    return kMaxRadius;
}

bool isFixedShape(Neighbourhood n) { return n != Neighbourhood::Weighted && n != Neighbourhood::Custom; }

bool isCentredRowSpans(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Moore:
    case Neighbourhood::VonNeumann:
    case Neighbourhood::Circular:
    case Neighbourhood::Euclidean:
    case Neighbourhood::Cross: return true;
    default: return false;
    }
}

bool isRowSpans(Neighbourhood n) { return isCentredRowSpans(n) || n == Neighbourhood::Hexagonal; }

RowSpan rowSpan(Neighbourhood n, int radius, int dy) {
    // fast_Hex: rows above the centre reach r + dy to the right, rows below start at -r + dy.
    if (n == Neighbourhood::Hexagonal) return dy < 0 ? RowSpan{-radius, radius + dy} : RowSpan{dy - radius, radius};
    if (!isCentredRowSpans(n))
        throw Error(std::string("the ") + toString(n) + " neighbourhood is not made of row spans");
    const int w = rowHalfWidth(n, radius, dy);
    return {-w, w};
}

int rowHalfWidth(Neighbourhood n, int radius, int dy) {
    const int ady = std::abs(dy);
    switch (n) {
    case Neighbourhood::Moore: return radius;
    case Neighbourhood::VonNeumann: return radius - ady;
    // Golly: Euclidean distance below r + 0.5, i.e. dx^2 + dy^2 <= r^2 + r for integers.
    case Neighbourhood::Circular: return isqrt(radius * radius + radius - ady * ady);
    // Golly's L2: dx^2 + dy^2 <= r^2.
    case Neighbourhood::Euclidean: return isqrt(radius * radius - ady * ady);
    case Neighbourhood::Cross: return dy == 0 ? radius : 0;
    default: throw Error(std::string("the ") + toString(n) + " neighbourhood is not made of centred row spans");
    }
}

bool inNeighbourhood(Neighbourhood n, int radius, int dx, int dy) {
    const int r = radius, ax = std::abs(dx), ay = std::abs(dy);
    if (ay > r) return false;
    if (isRowSpans(n)) {
        const RowSpan span = rowSpan(n, r, dy);
        return dx >= span.lo && dx <= span.hi;
    }
    switch (n) {
    case Neighbourhood::Saltire: return ax == ay; // fast_Saltire: (+-j, +-j), and the centre
    case Neighbourhood::Star:
        return ax <= r && (dy == 0 || dx == 0 || ax == ay); // fast_Star
    // fast_Checker: the cells whose colour differs from the centre's (the centre itself counts under M1).
    case Neighbourhood::Checkerboard: return ax <= r && ((dx + dy) % 2 != 0 || (dx == 0 && dy == 0));
    // fast_Aligned: the cells of the centre's own colour.
    case Neighbourhood::AlignedCheckerboard: return ax <= r && (dx + dy) % 2 == 0;
    // fast_Hash: full rows at dy = +-1, columns dx = +-1 elsewhere (and the centre on row 0).
    case Neighbourhood::Hash: return ax <= r && (ay == 1 || ax == 1 || (dx == 0 && dy == 0));
    // fast_Tripod: up (0, -j), left (-j, 0), down-right (j, j).
    case Neighbourhood::Tripod: return (dx == 0 && dy <= 0) || (dy == 0 && dx <= 0 && ax <= r) || (dx == dy && dx > 0);
    // fast_Asterisk: the row, the column and the main diagonal dx == dy.
    case Neighbourhood::Asterisk: return ax <= r && (dx == 0 || dy == 0 || dx == dy);
    // fast_Triangular (for cells with even x + y): rows above the centre reach 2r + 1 + dy columns either
    // side, the centre row and those below 2r - dy. Cells with odd x + y use the vertical mirror.
    case Neighbourhood::Triangular: return ax <= triangularRowHalfWidth(r, dy);
    // fast_Gaussian weighs every cell of the square.
    case Neighbourhood::Gaussian: return ax <= r;
    default: needsRuleData(n);
    }
}

int neighbourhoodCells(Neighbourhood n, int radius) {
    if (!isFixedShape(n)) needsRuleData(n);
    int cells = 0;
    if (isRowSpans(n)) {
        for (int dy = -radius; dy <= radius; ++dy) {
            const RowSpan span = rowSpan(n, radius, dy);
            cells += span.hi - span.lo + 1;
        }
        return cells;
    }
    const int reachX = n == Neighbourhood::Triangular ? 2 * radius : radius;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -reachX; dx <= reachX; ++dx) cells += inNeighbourhood(n, radius, dx, dy);
    return cells;
}

} // namespace catlab
