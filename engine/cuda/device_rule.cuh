#pragma once

#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/host_device.hpp"
#include "catlab/rule.hpp"

#include <optional>
#include <string>
#include <vector>

namespace catlab::cuda {

inline constexpr int kMaxDeviceIntervals = 16;

// A rule in a form kernels take by value. Counts are "live cells in the whole neighbourhood, the
// centre included"; the survival intervals are shifted so the centre needs no special case.
struct DeviceRule {
    int radius;
    int states;
    int neighbourhood; // catlab::Neighbourhood
    int birthCount;
    int survivalCount;
    int birthLo[kMaxDeviceIntervals], birthHi[kMaxDeviceIntervals];
    int survivalLo[kMaxDeviceIntervals], survivalHi[kMaxDeviceIntervals];
};

// Whether the GPU kernels take the rule's count sets: at most kMaxDeviceIntervals intervals each. Kernels
// that count other shapes than row spans ask this alone.
inline std::optional<std::string> deviceCountSetsUnsupported(const Rule& rule) {
    if (rule.birth.intervals().size() > kMaxDeviceIntervals || rule.survival.intervals().size() > kMaxDeviceIntervals)
        return "the GPU backends take at most " + std::to_string(kMaxDeviceIntervals) +
               " count intervals per birth or survival set";
    return std::nullopt;
}

// nullopt when the rule fits a DeviceRule: a neighbourhood of row spans (catlab::isRowSpans) and few
// enough count intervals.
inline std::optional<std::string> deviceRuleUnsupported(const Rule& rule) {
    if (!isRowSpans(rule.neighbourhood))
        return std::string("the row-span GPU kernels sum one span of cells per row (Moore, von Neumann, circular, "
                           "Euclidean, cross, hexagonal); the ") +
               toString(rule.neighbourhood) + " neighbourhood is not made of them (the general backend computes it)";
    return deviceCountSetsUnsupported(rule);
}

// The rule as kernels take it: a shape of row spans, or the triangular one (whose columns are spans too,
// deviceColumnSpan), and its count sets.
inline DeviceRule makeDeviceRule(const Rule& rule) {
    if (rule.neighbourhood != Neighbourhood::Triangular)
        if (auto why = deviceRuleUnsupported(rule)) throw Error(*why);
    if (auto why = deviceCountSetsUnsupported(rule)) throw Error(*why);
    DeviceRule d{};
    d.radius = rule.radius;
    d.states = rule.states;
    d.neighbourhood = int(rule.neighbourhood);
    for (const Interval& i : rule.birth.intervals()) {
        d.birthLo[d.birthCount] = i.lo;
        d.birthHi[d.birthCount++] = i.hi;
    }
    // A live centre is part of the whole-neighbourhood count; shift when the rule excludes it.
    const int shift = rule.includeCentre ? 0 : 1;
    for (const Interval& i : rule.survival.intervals()) {
        d.survivalLo[d.survivalCount] = i.lo + shift;
        d.survivalHi[d.survivalCount++] = i.hi + shift;
    }
    return d;
}

CATLAB_HD bool inIntervals(const int* lo, const int* hi, int n, int count) {
    bool hit = false;
    for (int i = 0; i < n; ++i) hit |= (count >= lo[i]) & (count <= hi[i]);
    return hit;
}

// catlab::Transition as per-count bit tables (bit c: count c, centre included, gives birth / survives),
// so kernels never walk the interval lists per cell. The table holds `words` birth words, then `words`
// survival words.
inline std::vector<unsigned> transitionBits(const DeviceRule& r, int maxCount, int& words) {
    words = maxCount / 32 + 1;
    std::vector<unsigned> bits(2 * std::size_t(words), 0u);
    for (int c = 0; c <= maxCount; ++c) {
        bits[c / 32] |= unsigned(inIntervals(r.birthLo, r.birthHi, r.birthCount, c)) << (c % 32);
        bits[words + c / 32] |= unsigned(inIntervals(r.survivalLo, r.survivalHi, r.survivalCount, c)) << (c % 32);
    }
    return bits;
}

// The bytes of transitionBits' table for a rule.
inline std::uint64_t transitionTableBytes(const Rule& rule) {
    const int maxCount = rule.neighbourhoodSize() + (rule.includeCentre ? 0 : 1); // the centre included
    return 2 * std::uint64_t(maxCount / 32 + 1) * sizeof(unsigned);
}

CATLAB_HD Cell tableNextCell(const unsigned* birth, const unsigned* survival, int states, Cell state, int count) {
    const bool born = (birth[count >> 5] >> (count & 31)) & 1;
    const bool kept = (survival[count >> 5] >> (count & 31)) & 1;
    const Cell decayed = state + 1 < states ? Cell(state + 1) : Cell(0); // 1 -> 2 (or 0 with two states)
    return state == 0 ? Cell(born) : state == 1 && kept ? Cell(1) : decayed;
}

#if defined(__CUDACC__)
// Two states: the survival words follow the birth words, so the state picks the set.
__device__ __forceinline__ Cell binaryNextCell(const unsigned* __restrict__ table, int words, Cell state, int count) {
    return Cell((__ldg(table + state * words + (count >> 5)) >> (count & 31)) & 1u);
}
#endif

// The span of the neighbourhood row at vertical offset dy, as catlab::rowSpan (the row-span shapes
// deviceRuleUnsupported lets through). The shapes are their own transposes: column dx spans the rows
// deviceRowSpan(r, dx). Two shorts, so that kernels keep a table of them in shared memory in an int each.
struct DeviceSpan {
    short lo, hi;
};
static_assert(sizeof(DeviceSpan) == sizeof(int));

CATLAB_HD int deviceIsqrt(int v) {
    int w = 0;
    while ((w + 1) * (w + 1) <= v) ++w;
    return w;
}

CATLAB_HD DeviceSpan deviceRowSpan(const DeviceRule& r, int dy) {
    const int ady = dy < 0 ? -dy : dy;
    int lo = r.radius, hi = r.radius; // Moore; lo is negated below
    if (r.neighbourhood == int(Neighbourhood::VonNeumann)) {
        lo = hi = r.radius - ady;
    } else if (r.neighbourhood == int(Neighbourhood::Circular)) {
        lo = hi = deviceIsqrt(r.radius * r.radius + r.radius - ady * ady);
    } else if (r.neighbourhood == int(Neighbourhood::Euclidean)) {
        lo = hi = deviceIsqrt(r.radius * r.radius - ady * ady);
    } else if (r.neighbourhood == int(Neighbourhood::Cross)) {
        lo = hi = dy == 0 ? r.radius : 0;
    } else if (r.neighbourhood == int(Neighbourhood::Hexagonal)) {
        // Rows above the centre end r + dy to the right, rows below start at dy - r.
        if (dy < 0)
            hi = r.radius + dy;
        else
            lo = r.radius - dy;
    }
    return {short(-lo), short(hi)};
}

// How far the neighbourhood reaches across: the triangular shape 2r columns, the others r.
CATLAB_HD int deviceReachX(const DeviceRule& r) {
    return r.neighbourhood == int(Neighbourhood::Triangular) ? 2 * r.radius : r.radius;
}

// Whether the shape flips vertically on cells of odd x + y (the triangular one): kernels then keep two
// tables of column spans, for the cells of even x + y and for the others.
CATLAB_HD bool deviceFlipsOnOddCells(const DeviceRule& r) { return r.neighbourhood == int(Neighbourhood::Triangular); }

// The spans the tile kernels keep in shared memory, an int each: one per neighbourhood line across the
// reach, twice where the shape flips on odd cells.
CATLAB_HD int deviceSpanTableEntries(const DeviceRule& r) {
    return (deviceFlipsOnOddCells(r) ? 2 : 1) * (2 * deviceReachX(r) + 1);
}

// The rows dy of the neighbourhood's column dx (|dx| <= deviceReachX) for a cell of even x + y, or
// (oddCell) of odd x + y. Every shape kernels take has columns of one span: the row-span shapes are their
// own transposes; the triangular shape's columns are catlab::triangularColumnSpan, mirrored on odd cells.
CATLAB_HD DeviceSpan deviceColumnSpan(const DeviceRule& r, int dx, bool oddCell) {
    if (r.neighbourhood != int(Neighbourhood::Triangular)) return deviceRowSpan(r, dx);
    const RowSpan rows = triangularColumnSpan(r.radius, dx);
    return oddCell ? DeviceSpan{short(-rows.hi), short(-rows.lo)} : DeviceSpan{short(rows.lo), short(rows.hi)};
}

} // namespace catlab::cuda
