#pragma once
// The data of NW and N@ neighbourhoods: their hex text in Golly's notation, and the checks a rule's
// weights must pass.

#include "catlab/rule.hpp"

#include <string>
#include <string_view>

namespace catlab {

// Golly 4 (Help: Larger than Life, "Weighted" and "Custom"): NW is one hex digit per cell of the
// (2r+1)^2 square when every weight is within -7..7, else two; the top bit of a digit (or pair) is the
// sign, so 8..f are 0..-7 and 80..ff are 0..-127. N@ is the square without its centre, row by row, four
// cells to a hex digit, the first cell in the digit's top bit: r(r + 1) digits. Either may end in H
// (hexagonal grid: the same count) or L (triangular grid: the shape flips on cells with odd x + y).
// Throws catlab::Error saying what is wrong with the text.
NeighbourhoodWeights parseNeighbourhoodWeights(Neighbourhood n, int radius, std::string_view text);
// The text after "NW" or "N@" (upper-case hex, then H or L when the grid is not square).
std::string formatNeighbourhoodWeights(const Rule& rule);

// Throws catlab::Error when the rule's weights do not fit its neighbourhood and radius (NW and N@ need
// one value per cell of the square, the other shapes none; N@ is 0/1 without the centre; NW weights are
// -127..127 and decide the centre themselves, so NW takes no M1).
void validateNeighbourhoodWeights(const Rule& rule);

// The smallest and the largest count of the rule's neighbourhood (neighbourhoodShape's minCount and
// maxCount), without listing its cells.
Interval neighbourhoodCountRange(const Rule& rule);

} // namespace catlab
