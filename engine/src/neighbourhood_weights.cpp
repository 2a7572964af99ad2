#include "neighbourhood_weights.hpp"

#include "catlab/error.hpp"

#include <cstddef>

namespace catlab {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

char hexDigit(int v) { return "0123456789ABCDEF"[v & 15]; }

int squareCells(int radius) { return (2 * radius + 1) * (2 * radius + 1); }

// Splits "<hex>[H|L]" into the digits and the grid.
std::string_view splitGrid(std::string_view text, CellGrid& grid) {
    grid = CellGrid::Square;
    if (!text.empty() && (text.back() == 'H' || text.back() == 'h')) grid = CellGrid::Hexagonal;
    if (!text.empty() && (text.back() == 'L' || text.back() == 'l')) grid = CellGrid::Triangular;
    if (grid != CellGrid::Square) text.remove_suffix(1);
    for (char c : text)
        if (hexValue(c) < 0)
            throw Error(std::string("'") + c + "' is not a hex digit (only H or L may follow the digits)");
    return text;
}

// A sign-and-magnitude value of `bits` bits: the top bit is the sign.
int signedValue(int v, int bits) {
    const int sign = 1 << (bits - 1);
    return v & sign ? -(v & (sign - 1)) : v;
}

} // namespace

NeighbourhoodWeights parseNeighbourhoodWeights(Neighbourhood n, int radius, std::string_view text) {
    NeighbourhoodWeights w;
    const std::string_view digits = splitGrid(text, w.grid);
    const int cells = squareCells(radius);
    const std::string r = std::to_string(radius);
    if (n == Neighbourhood::Custom) {
        const std::size_t needed = std::size_t(cells - 1) / 4; // r(r + 1)
        if (digits.size() != needed)
            throw Error("a custom neighbourhood of radius " + r + " takes " + std::to_string(needed) +
                        " hex digits (4 cells each, the centre left out), not " + std::to_string(digits.size()));
        w.values.assign(std::size_t(cells), 0);
        const std::size_t centre = std::size_t(cells / 2);
        for (std::size_t bit = 0; bit < 4 * needed; ++bit) {
            const int on = (hexValue(digits[bit / 4]) >> (3 - bit % 4)) & 1;
            w.values[bit < centre ? bit : bit + 1] = on;
        }
        return w;
    }
    if (n != Neighbourhood::Weighted)
        throw Error(std::string("the ") + toString(n) + " neighbourhood takes no cell data");
    const std::size_t one = std::size_t(cells), two = 2 * one;
    if (digits.size() != one && digits.size() != two)
        throw Error("a weighted neighbourhood of radius " + r + " takes " + std::to_string(one) +
                    " hex digits (one per weight) or " + std::to_string(two) + " (two per weight), not " +
                    std::to_string(digits.size()));
    const bool pairs = digits.size() == two;
    w.values.resize(one);
    for (std::size_t i = 0; i < one; ++i)
        w.values[i] = pairs ? signedValue(hexValue(digits[2 * i]) << 4 | hexValue(digits[2 * i + 1]), 8)
                            : signedValue(hexValue(digits[i]), 4);
    return w;
}

std::string formatNeighbourhoodWeights(const Rule& rule) {
    const std::vector<int>& v = rule.weights.values;
    std::string out;
    if (rule.neighbourhood == Neighbourhood::Custom) {
        const std::size_t centre = v.size() / 2;
        int digit = 0, bits = 0;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i == centre) continue;
            digit = digit << 1 | (v[i] != 0);
            if (++bits == 4) {
                out += hexDigit(digit);
                digit = bits = 0;
            }
        }
    } else if (rule.neighbourhood == Neighbourhood::Weighted) {
        bool small = true;
        for (int w : v) small = small && w >= -7 && w <= 7;
        for (int w : v) {
            const int magnitude = w < 0 ? -w : w;
            if (small) {
                out += hexDigit((w < 0 ? 8 : 0) | magnitude);
            } else {
                const int byte = (w < 0 ? 0x80 : 0) | magnitude;
                out += hexDigit(byte >> 4);
                out += hexDigit(byte);
            }
        }
    }
    if (rule.weights.grid == CellGrid::Hexagonal) out += 'H';
    if (rule.weights.grid == CellGrid::Triangular) out += 'L';
    return out;
}

void validateNeighbourhoodWeights(const Rule& rule) {
    const auto& v = rule.weights.values;
    const std::string name = toString(rule.neighbourhood);
    if (isFixedShape(rule.neighbourhood)) {
        if (!v.empty() || rule.weights.grid != CellGrid::Square)
            throw Error("the " + name + " neighbourhood takes no cell weights");
        return;
    }
    const std::size_t cells = std::size_t(squareCells(rule.radius));
    if (v.size() != cells)
        throw Error("the " + name + " neighbourhood of radius " + std::to_string(rule.radius) + " needs " +
                    std::to_string(cells) + " cell values, not " + std::to_string(v.size()));
    if (rule.neighbourhood == Neighbourhood::Custom) {
        for (int x : v)
            if (x != 0 && x != 1) throw Error("a custom neighbourhood's cells are 0 or 1, not " + std::to_string(x));
        if (v[cells / 2] != 0)
            throw Error("a custom neighbourhood leaves its centre out (M0 or M1 decides whether it counts)");
        return;
    }
    for (int x : v)
        if (x < -kMaxNeighbourWeight || x > kMaxNeighbourWeight)
            throw Error("weight " + std::to_string(x) + " is outside -" + std::to_string(kMaxNeighbourWeight) + ".." +
                        std::to_string(kMaxNeighbourWeight));
    if (rule.includeCentre)
        throw Error("M1 does not apply to a weighted neighbourhood: its weights give the centre its own weight");
}

Interval neighbourhoodCountRange(const Rule& rule) {
    const int r = rule.radius, centre = rule.includeCentre ? 1 : 0;
    switch (rule.neighbourhood) {
    case Neighbourhood::Gaussian: {
        const int side = (r + 1) * (r + 1); // the weights' sum over a row: 1 + 2 + .. + r + 1 + r + .. + 1
        return {0, side * side + centre};
    }
    case Neighbourhood::Weighted:
    case Neighbourhood::Custom: {
        Interval range{0, 0};
        for (int w : rule.weights.values) (w < 0 ? range.lo : range.hi) += w;
        if (rule.neighbourhood == Neighbourhood::Custom) range.hi += centre;
        return range;
    }
    default: return {0, neighbourhoodCells(rule.neighbourhood, r) - 1 + centre};
    }
}

NeighbourhoodShape neighbourhoodShape(const Rule& rule) {
    NeighbourhoodShape s;
    const int r = rule.radius;
    const Neighbourhood n = rule.neighbourhood;
    s.reachY = r;
    s.reachX = n == Neighbourhood::Triangular ? 2 * r : r;
    s.centreWeight = rule.includeCentre ? 1 : 0;
    s.flipsOnOddCells = n == Neighbourhood::Triangular || rule.weights.grid == CellGrid::Triangular;
    const int side = 2 * r + 1;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -s.reachX; dx <= s.reachX; ++dx) {
            int weight = 0;
            if (!isFixedShape(n))
                weight = rule.weights.values[std::size_t((dy + r) * side + dx + r)];
            else if (n == Neighbourhood::Gaussian) // Golly's fast_Gaussian
                weight = (r + 1 - (dx < 0 ? -dx : dx)) * (r + 1 - (dy < 0 ? -dy : dy));
            else
                weight = inNeighbourhood(n, r, dx, dy) ? 1 : 0;
            if (dx == 0 && dy == 0) {
                // fast_Gaussian weighs the centre (r + 1)^2 and adds 1 for any live centre, which its M0
                // survival shift then takes away again; fast_Weighted ignores M and takes the centre's weight.
                if (n == Neighbourhood::Gaussian) s.centreWeight += weight;
                if (n == Neighbourhood::Weighted) s.centreWeight = weight;
            } else if (weight != 0) {
                s.offsets.push_back({dx, dy, weight});
            }
        }
    const Interval range = neighbourhoodCountRange(rule);
    s.minCount = range.lo;
    s.maxCount = range.hi;
    return s;
}

} // namespace catlab
