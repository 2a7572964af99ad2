#include "catlab/identify.hpp"

#include "catlab/error.hpp"
#include "catlab/pattern_signature.hpp"
#include "catlab/simulator.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <vector>

namespace catlab {
namespace {

// The shortest signed way round a torus side of n for a difference d: in (-n/2, n/2].
int shortestDelta(long long d, int n) {
    const int m = wrapCoordinate(d, n);
    return m > n / 2 ? m - n : m;
}

struct Span {
    long long start = 0;
    long long length = 0;
};

// The union of two spans of a torus side of n, the second moved by whole turns to lie nearest the first.
Span unite(Span a, Span b, int n) {
    if (a.length == 0) return b;
    if (b.length == 0) return a;
    const long long bStart = a.start + shortestDelta(b.start - a.start, n);
    const long long low = std::min(a.start, bStart), high = std::max(a.start + a.length, bStart + b.length);
    if (high - low >= n) return {0, n};
    return {wrapCoordinate(low, n), high - low};
}

CellRect unite(const CellRect& a, const CellRect& b, GridSize grid) {
    const Span x = unite({a.x, a.width}, {b.x, b.width}, grid.width);
    const Span y = unite({a.y, a.height}, {b.y, b.height}, grid.height);
    return {x.start, y.start, int(x.length), int(y.length)};
}

void stepBy(Simulator& sim, std::uint64_t generations) {
    for (std::uint64_t left = generations; left > 0;) {
        const int n = int(std::min<std::uint64_t>(left, std::numeric_limits<int>::max()));
        sim.step(n);
        left -= std::uint64_t(n);
    }
}

// Whether generation `now` (where `sim` is) holds exactly the cells of generation `earlier`, moved. The
// earlier cells are computed again from the start; on success `sim` is left at generation `earlier`,
// otherwise back at `now`.
bool repeatsExactly(Simulator& sim, const Grid& start, const PatternSignature& earlierSignature, std::uint64_t earlier,
                    const PatternSignature& nowSignature, std::uint64_t now) {
    const std::vector<Cell> nowCells = sim.readCells(nowSignature.box);
    sim.load(start);
    stepBy(sim, earlier);
    if (sim.readCells(earlierSignature.box) == nowCells) return true;
    stepBy(sim, now - earlier);
    return false;
}

// Cells whose state differs between the generation `sim` is at and the next, which it steps to. Only
// cells live in one of them can change, so the union of their boxes is all that is read.
std::uint64_t changedCells(Simulator& sim, const CellRect& before, const CellRect& after) {
    const CellRect region = unite(before, after, sim.size());
    const std::vector<Cell> old = sim.readCells(region);
    sim.step();
    const std::vector<Cell> next = sim.readCells(region);
    std::uint64_t changed = 0;
    for (std::size_t i = 0; i < old.size(); ++i) changed += old[i] != next[i] ? 1 : 0;
    return changed;
}

// Everything about the cycle from `start` to `start + period`, `sim` at generation `start`;
// `signatures` holds the signatures of generations 0 .. start + period.
IdentifyResult describeCycle(Simulator& sim, const std::vector<PatternSignature>& signatures, std::uint64_t start,
                             std::uint64_t period) {
    IdentifyResult r;
    r.backend = sim.backendName();
    r.generations = start + period;
    r.cycleStart = start;
    r.period = period;
    const PatternSignature& first = signatures[start];
    const PatternSignature& again = signatures[start + period];
    r.dx = shortestDelta(again.box.x - first.box.x, sim.size().width);
    r.dy = shortestDelta(again.box.y - first.box.y, sim.size().height);
    r.kind = r.dx != 0 || r.dy != 0 ? IdentifyKind::Spaceship
             : period == 1          ? IdentifyKind::StillLife
                                    : IdentifyKind::Oscillator;
    r.box = first.box;
    r.minPopulation = r.maxPopulation = first.population;
    r.minHeat = std::numeric_limits<std::uint64_t>::max();
    double heatSum = 0;
    for (std::uint64_t g = start; g < start + period; ++g) {
        r.box = unite(r.box, signatures[g].box, sim.size());
        r.minPopulation = std::min(r.minPopulation, signatures[g].population);
        r.maxPopulation = std::max(r.maxPopulation, signatures[g].population);
        const std::uint64_t heat = changedCells(sim, signatures[g].box, signatures[g + 1].box);
        heatSum += double(heat);
        r.minHeat = std::min(r.minHeat, heat);
        r.maxHeat = std::max(r.maxHeat, heat);
    }
    r.heat = heatSum / double(period);
    return r;
}

} // namespace

IdentifyResult identify(const Rule& rule, const Grid& start, const IdentifyOptions& options) {
    if (options.maxGenerations < 1 || options.maxGenerations > IdentifyOptions::kMaxGenerations)
        throw Error("the generations to look for a cycle must be 1.." +
                    std::to_string(IdentifyOptions::kMaxGenerations) + " (got " +
                    std::to_string(options.maxGenerations) + ")");
    Simulator sim(rule, start, options.backend);
    std::vector<PatternSignature> signatures; // of generation 0, 1, ...
    std::unordered_multimap<std::uint64_t, std::uint64_t> generationsByHash;
    for (std::uint64_t g = 0;; ++g) {
        signatures.push_back(sim.signature());
        const PatternSignature& now = signatures.back();
        if (now.population == 0) {
            IdentifyResult r;
            r.kind = IdentifyKind::DiesOut;
            r.backend = sim.backendName();
            r.generations = r.cycleStart = g;
            return r;
        }
        // Equal signatures are candidates only: a hash can collide, the cells cannot.
        std::vector<std::uint64_t> candidates;
        const auto [first, last] = generationsByHash.equal_range(now.hash);
        for (auto it = first; it != last; ++it)
            if (signatures[it->second].sameShapeAs(now)) candidates.push_back(it->second);
        std::sort(candidates.begin(), candidates.end());
        for (const std::uint64_t earlier : candidates)
            if (repeatsExactly(sim, start, signatures[earlier], earlier, now, g))
                return describeCycle(sim, signatures, earlier, g - earlier);
        generationsByHash.emplace(now.hash, g);
        if (g >= std::uint64_t(options.maxGenerations)) break;
        sim.step();
    }
    IdentifyResult r;
    r.backend = sim.backendName();
    r.generations = std::uint64_t(options.maxGenerations);
    r.minPopulation = r.maxPopulation = signatures.back().population;
    r.box = signatures.back().box;
    return r;
}

} // namespace catlab
