#include "catlab/pattern_signature.hpp"

#include <bit>
#include <vector>

namespace catlab {

AxisSpan occupiedSpan(std::span<const std::uint32_t> words, int n) {
    // Walk the occupied positions in order; the gap before each is its distance from the previous one.
    int first = -1, previous = -1;
    int longestGap = 0, gapEnd = 0; // the longest gap so far ends just before position gapEnd
    for (std::size_t w = 0; w < words.size(); ++w) {
        for (std::uint32_t bits = words[w]; bits != 0; bits &= bits - 1) {
            const int position = int(w * 32) + std::countr_zero(bits);
            if (position >= n) break;
            if (first < 0) {
                first = position;
            } else if (position - previous - 1 > longestGap) {
                longestGap = position - previous - 1;
                gapEnd = position;
            }
            previous = position;
        }
    }
    if (first < 0) return {};
    // The gap across the edge, from after the last occupied position round to the first; it wins ties
    // only when it is longer, so the choice does not depend on where the walk started.
    const int wrapGap = n - 1 - previous + first;
    if (wrapGap > longestGap) return {first, previous - first + 1};
    if (longestGap == 0) return {0, n};
    return {gapEnd, n - longestGap};
}

PatternSignature signatureOf(const Grid& grid) {
    const int width = grid.width(), height = grid.height();
    std::vector<std::uint32_t> columns(std::size_t(width + 31) / 32), rows(std::size_t(height + 31) / 32);
    PatternSignature s;
    for (int y = 0; y < height; ++y) {
        const Cell* row = grid.row(y);
        bool any = false;
        for (int x = 0; x < width; ++x)
            if (row[x] != 0) {
                columns[std::size_t(x) / 32] |= 1u << (x % 32);
                any = true;
                ++s.population;
            }
        if (any) rows[std::size_t(y) / 32] |= 1u << (y % 32);
    }
    const AxisSpan xs = occupiedSpan(columns, width), ys = occupiedSpan(rows, height);
    s.box = {xs.start, ys.start, xs.length, ys.length};
    std::uint64_t sum = 0;
    for (int j = 0; j < ys.length; ++j) {
        const Cell* row = grid.row((ys.start + j) % height);
        for (int i = 0; i < xs.length; ++i)
            if (const Cell c = row[(xs.start + i) % width]; c != 0) sum += cellSignatureTerm(i, j, c);
    }
    s.hash = finishSignatureHash(sum, xs.length, ys.length);
    return s;
}

} // namespace catlab
