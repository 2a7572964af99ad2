#pragma once
// The neighbourhood shapes of Golly 4's Larger than Life / HROT rules (and LifeViewer's): the letter after N
// in a rule string names one. Definitions follow Golly's gollybase/ltlalgo.cpp and its Help page
// Algorithms/Larger_than_Life.html; engine/src/neighbourhood.cpp holds each shape's cell set.

#include "catlab/host_device.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace catlab {

inline constexpr int kMaxRadius = 500;
inline constexpr int kMaxGaussianRadius = 50;    // Golly: NG is limited to range 50
inline constexpr int kMaxTriangularRadius = 250; // Golly: NL reaches 2r columns, within its range limit 500
inline constexpr int kMaxNeighbourWeight = 127;  // NW weights are -127..127

enum class Neighbourhood : std::uint8_t {
    Moore,               // NM  the (2r+1)^2 square
    VonNeumann,          // NN  |dx| + |dy| <= r
    Circular,            // NC  dx^2 + dy^2 <= r^2 + r (Euclidean distance below r + 1/2)
    Cross,               // N+  the centre row and column
    Saltire,             // NX  both diagonals
    Star,                // N*  cross and saltire together
    Euclidean,           // N2  dx^2 + dy^2 <= r^2
    Hexagonal,           // NH  the hexagon on a square grid: the square less two opposite corner triangles
    Checkerboard,        // NB  cells of the other colour: dx + dy odd
    AlignedCheckerboard, // ND  cells of the same colour: dx + dy even
    Hash,                // N#  two rows (dy = +-1) and two columns (dx = +-1) across the square
    Tripod,              // N3  three arms of the hexagonal grid: up, left, down-right
    Asterisk,            // NA  six arms of the hexagonal grid: the row, the column and one diagonal
    Triangular,          // NL  the triangular grid's neighbourhood; flips vertically on cells with odd x + y
    Gaussian,            // NG  weights (r + 1 - |dx|)(r + 1 - |dy|), the centre's included
    Weighted,            // NW  a weight per cell of the square, centre included, written in hex
    Custom,              // N@  a set of cells of the square, centre left out, written in hex
};

// Every neighbourhood, in the order above.
inline constexpr Neighbourhood kNeighbourhoods[] = {
    Neighbourhood::Moore,        Neighbourhood::VonNeumann,
    Neighbourhood::Circular,     Neighbourhood::Cross,
    Neighbourhood::Saltire,      Neighbourhood::Star,
    Neighbourhood::Euclidean,    Neighbourhood::Hexagonal,
    Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard,
    Neighbourhood::Hash,         Neighbourhood::Tripod,
    Neighbourhood::Asterisk,     Neighbourhood::Triangular,
    Neighbourhood::Gaussian,     Neighbourhood::Weighted,
    Neighbourhood::Custom,
};

// How Golly lays out the cells of NW and N@ neighbourhoods (the H or L after their hex digits). Only the
// triangular grid changes the count: it flips the neighbourhood vertically on cells with odd x + y.
enum class CellGrid : std::uint8_t { Square, Hexagonal, Triangular };

// The data of NW and N@ neighbourhoods: one value per cell of the (2r+1)^2 square, row by row from
// (-r, -r). N@: 1 for the cells of the neighbourhood, 0 else, the centre always 0 (M0/M1 decides it).
// NW: the weights, -127..127, the centre's included. Empty for every other neighbourhood.
struct NeighbourhoodWeights {
    std::vector<int> values;
    CellGrid grid = CellGrid::Square;
    friend bool operator==(const NeighbourhoodWeights&, const NeighbourhoodWeights&) = default;
};

const char* toString(Neighbourhood n);
// The letter after N in Golly's notation ('M', 'N', 'C', '+', 'X', '*', '2', 'H', 'B', 'D', '#', '3', 'A',
// 'L', 'G', 'W', '@'), and back (case-insensitive; nullopt for any other character).
char neighbourhoodLetter(Neighbourhood n);
std::optional<Neighbourhood> neighbourhoodFromLetter(char letter);

// Radii the shape allows: 1..500, the Gaussian 1..50, the triangular 1..250.
int maxRadius(Neighbourhood n);

// Shapes whose cells are given by the letter and the radius alone (all but NW and N@).
bool isFixedShape(Neighbourhood n);

// Shapes made of centred row spans, dx in [-w(dy), w(dy)] for every |dy| <= r: Moore, von Neumann,
// circular, Euclidean and cross.
bool isCentredRowSpans(Neighbourhood n);

// The offsets dx in [lo, hi] of one row of a row-span shape; lo <= 0 <= hi.
struct RowSpan {
    int lo, hi;
    friend bool operator==(const RowSpan&, const RowSpan&) = default;
};

// Shapes made of one span per row that holds the centre column: the centred ones and the hexagonal
// (its rows above the centre end short on the right, those below start late on the left). Each is its
// own transpose, so its columns are the same spans: column dx holds dy in rowSpan(dx). Row-span
// backends compute these and refuse the rest.
bool isRowSpans(Neighbourhood n);

// True when offset (dx, dy) belongs to a fixed shape of the given radius, the centre included (whether
// it counts is the rule's M0/M1). The triangular shape is given for cells with even x + y. Weights of the
// Gaussian are neighbourWeight's. Throws catlab::Error for NW and N@ (their cells are the rule's data).
bool inNeighbourhood(Neighbourhood n, int radius, int dx, int dy);

// Cells of a fixed shape, the centre included. Throws catlab::Error for NW and N@.
int neighbourhoodCells(Neighbourhood n, int radius);

// Half-width of the row at vertical offset dy (|dy| <= radius) of a centred row-span shape. Throws
// catlab::Error for a shape that is not made of centred row spans.
int rowHalfWidth(Neighbourhood n, int radius, int dy);

// The span of the row at vertical offset dy (|dy| <= radius) of a row-span shape. Throws catlab::Error for
// a shape that is not made of row spans.
RowSpan rowSpan(Neighbourhood n, int radius, int dy);

// The triangular shape as Golly's fast_Triangular has it for cells of even x + y (cells of odd x + y see
// it mirrored vertically): its row dy (|dy| <= radius) reaches this many columns either side of the centre,
// 2r + 1 + dy above the centre and 2r - dy from it down.
CATLAB_HD constexpr int triangularRowHalfWidth(int radius, int dy) {
    return dy < 0 ? 2 * radius + 1 + dy : 2 * radius - dy;
}

// Its column dx (|dx| <= 2 radius): the rows |dx| - 2r - 1 .. 2r - |dx| within -r..r, at least two of them.
CATLAB_HD constexpr RowSpan triangularColumnSpan(int radius, int dx) {
    const int adx = dx < 0 ? -dx : dx;
    const int lo = adx - 2 * radius - 1, hi = 2 * radius - adx;
    return {lo > -radius ? lo : -radius, hi < radius ? hi : radius};
}

} // namespace catlab
