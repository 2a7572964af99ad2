#pragma once
// Identify, as LifeViewer's: run a pattern until its state repeats, moved or not, and say what it is
// (still life, oscillator, spaceship with its speed and direction, or that it dies out), with the
// period, the generation where the cycle starts, the bounding box, population and heat over the cycle.
// The state is looked at each generation through its signature (pattern_signature.hpp), computed where
// the backend keeps it; a repeat of the signature is confirmed cell by cell before it is reported.

#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <cstdint>
#include <string>

namespace catlab {

struct IdentifyOptions {
    static constexpr long long kMaxGenerations = 100'000'000;
    std::string backend = "auto";       // a registered backend name or "auto"
    long long maxGenerations = 100'000; // generations to look for a repeat, 1..kMaxGenerations
};

enum class IdentifyKind {
    DiesOut,    // every cell dead at `cycleStart`
    StillLife,  // period 1, not moving
    Oscillator, // period > 1, back in place
    Spaceship,  // back to the same cells, moved by (dx, dy) each period
    NoCycle,    // no repeat within the generations allowed
};

struct IdentifyResult {
    IdentifyKind kind = IdentifyKind::NoCycle;
    std::string backend;           // the backend that ran it
    std::uint64_t generations = 0; // generations run: where the repeat (or the empty state) was seen
    std::uint64_t cycleStart = 0;  // the first generation of the cycle, or where it died out
    std::uint64_t period = 0;
    int dx = 0, dy = 0; // displacement per period (x to the right, y down), the shortest way round the torus
    // The cells the cycle covers: the union of its generations' boxes, at the cycle start's coordinates.
    CellRect box;
    std::uint64_t minPopulation = 0, maxPopulation = 0; // over the cycle (NoCycle: the last generation's)
    // Cells changing state from one generation to the next, over the cycle: the average (LifeViewer's
    // heat), the least and the most.
    double heat = 0;
    std::uint64_t minHeat = 0, maxHeat = 0;
};

// Runs `start` under `rule` on the torus of its size with options.backend for up to
// options.maxGenerations generations. Throws catlab::Error for a bad limit, an unavailable backend, a
// rule the backend cannot compute or a CUDA failure.
IdentifyResult identify(const Rule& rule, const Grid& start, const IdentifyOptions& options = {});

// The speed as Golly and LifeViewer write it: "c/4 diagonal", "2c/5 orthogonal", "(2,1)c/6 oblique",
// "c orthogonal"; the fraction reduced (a displacement of 2 in 4 generations is c/2).
std::string speedText(int dx, int dy, std::uint64_t period);
// The heading of a displacement, y down as on screen: "north", "south-east", "north-north-west" ...
std::string headingText(int dx, int dy);
// "still life", "oscillator", "spaceship", "dies out", "no cycle".
const char* toString(IdentifyKind kind);

// One line: "spaceship, c/4 diagonal, heading south-east, period 4", "oscillator, period 3", "still life",
// "dies out at generation 5", "no cycle within 1000 generations".
std::string identifySummary(const IdentifyResult& result);
// A short report, one fact a line ("type        oscillator, period 3" ...), for people.
std::string identifyReport(const IdentifyResult& result);
// The same as one JSON object.
std::string identifyJson(const IdentifyResult& result);

} // namespace catlab
