#include "backends/oracle_cases.hpp"

#include "catlab/presets.hpp"
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <mutex>

namespace catlab::testing {
namespace {

constexpr Neighbourhood kShapes[] = {Neighbourhood::Moore, Neighbourhood::VonNeumann, Neighbourhood::Circular};
constexpr int kSmallRadii[] = {1, 2, 3, 5, 8, 13, 16};

const char* shapeName(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Moore: return "moore";
    case Neighbourhood::VonNeumann: return "vonneumann";
    case Neighbourhood::Hexagonal: return "hexagonal";
    case Neighbourhood::Circular: return "circular";
    default: return toString(n);
    }
}

// "r5" (written out: GCC 12 warns wrongly about "r" + std::to_string(...) once inlined).
std::string radiusName(int radius) {
    std::string name = "r";
    name += std::to_string(radius);
    return name;
}

std::string label(int radius, Neighbourhood n, bool centre, int states) {
    return radiusName(radius) + "_" + shapeName(n) + (centre ? "_centre_in_" : "_centre_out_") +
           std::to_string(states) + "states";
}

// A case compared with the oracle at every generation.
OracleCase everyGeneration(std::string label, const Rule& rule, Grid start, int steps = 100) {
    return {std::move(label), rule, std::move(start), steps, {}, false};
}

// Non-aligned grids while the oracle is cheap, grids a little over the smallest allowed (2r + 1) once it
// is not. Never exactly 2r + 1 for Moore: every cell would see the whole torus and all counts be equal.
GridSize gridFor(int radius) {
    if (radius <= 3) return {131, 97};
    if (radius <= 8) return {83, 61};
    if (radius <= 16) return {2 * radius + 8, 2 * radius + 3};
    if (radius <= 32) return {2 * radius + 9, 2 * radius + 5};
    return {2 * radius + 21, 2 * radius + 11};
}

// Every shape, centre in and out, 2 and 5 states: a hundred generations, every one compared.
std::vector<OracleCase> smallRadius(int r) {
    std::vector<OracleCase> cases;
    for (Neighbourhood n : kShapes)
        for (bool centre : {false, true})
            for (int states : {2, 5})
                cases.push_back(everyGeneration(label(r, n, centre, states), bandedRule(r, n, centre, states),
                                                randomStart(gridFor(r), 0.5, 7)));
    return cases;
}

// A hundred oracle generations cost about a second at radius 32 but 6 to 30 s at radius 64. So radius 32
// compares every generation with the centre excluded and radius 64 does so for von Neumann on the
// smallest grid allowed (the cheapest); the other cases have the oracle recompute generations 1, 2, 3,
// 50, 99 and 100 from the backend's own states.
std::vector<OracleCase> largeRadius(int r) {
    std::vector<OracleCase> cases;
    for (Neighbourhood n : kShapes)
        for (bool centre : {false, true}) {
            const bool every = r <= 32 ? !centre : n == Neighbourhood::VonNeumann && !centre;
            const GridSize size = r == 64 && every ? GridSize{129, 129} : gridFor(r);
            OracleCase c =
                everyGeneration(label(r, n, centre, 2), bandedRule(r, n, centre, 2), randomStart(size, 0.5, 7));
            if (!every) {
                c.checked = {1, 2, 3, 50, 99, 100};
                c.oracleFromBackendState = true;
            }
            cases.push_back(std::move(c));
        }
    return cases;
}

// Past r ~ 120 the shared-memory backends no longer hold the whole halo tile and walk it in bands. A
// random start turns uniform within a few steps there, so the first generations are compared, with
// thresholds at the mean count: they hinge on every cell's exact count.
std::vector<OracleCase> widestRadii() {
    std::vector<OracleCase> cases;
    for (const Neighbourhood shape : {Neighbourhood::VonNeumann, Neighbourhood::Moore, Neighbourhood::Hexagonal}) {
        Rule rule;
        rule.radius = 130;
        rule.neighbourhood = shape;
        rule.includeCentre = true;
        rule.states = 3;
        const int size = rule.neighbourhoodSize(), mean = size * 3 / 10;
        rule.birth = CountSet({{mean, mean + size / 5}});
        rule.survival = CountSet({{mean - 50, mean + 40}, {mean + 90, mean + size / 4}});
        cases.push_back(
            everyGeneration(std::string("r130_") + shapeName(shape), rule, randomStart({263, 271}, 0.3, 20261122), 4));
    }
    // Radius 128 Moore has 257^2 = 66049 cells, more than 16-bit counts hold. From a nearly full start
    // every count is above 65535 and the rule's bands sit there, so a count kept modulo 2^16 shows.
    Rule wide;
    wide.radius = 128;
    wide.survival = CountSet({{65870, 65880}, {65886, 65895}}); // around 0.9975 * 66049 = 65884
    wide.birth = CountSet({{65875, 65890}});
    cases.push_back(everyGeneration("r128_counts_past_16_bits", wide, randomStart({257, 258}, 0.9975, 11), 1));
    return cases;
}

// Every preset at its density, on a grid wide enough for the GPU backends' interior tiles.
std::vector<OracleCase> presetCases() {
    std::vector<OracleCase> cases;
    for (const Preset& p : presets()) {
        const int side = 2 * p.rule.radius + 1;
        const GridSize size{std::max(side + 6, 421), std::max(side + 1, 163)};
        OracleCase c = everyGeneration("preset_" + p.id, p.rule, randomStart(size, p.density, 20261122));
        c.checked = {1, 2, 3, 5, 10, 20, 50, 100};
        cases.push_back(std::move(c));
    }
    return cases;
}

std::vector<OracleCase> intervalCases() {
    std::vector<OracleCase> cases;
    const Rule several = parseRule("R3,C0,S3,5-8,10,B4,6-8,20-30,NM").rule;
    cases.push_back(everyGeneration("three_survival_intervals", several, randomStart({131, 97}, 0.3, 7)));
    Rule generations = several;
    generations.states = 4;
    generations.includeCentre = true;
    cases.push_back(everyGeneration("three_intervals_4states_centre_in", generations, randomStart({97, 131}, 0.3, 7)));
    // Every odd count: 20 intervals, more than some backends take.
    std::vector<Interval> odd;
    for (int c = 1; c <= 40; c += 2) odd.push_back({c, c});
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Circular})
        for (int states : {2, 3}) {
            Rule rule;
            rule.radius = 3;
            rule.neighbourhood = n;
            rule.states = states;
            rule.survival = CountSet(odd);
            rule.birth = CountSet({{9, 12}, {14, 14}, {16, 19}});
            cases.push_back(everyGeneration(std::string("twenty_intervals_") + shapeName(n) + "_" +
                                                std::to_string(states) + "states",
                                            rule, randomStart({61, 45}, 0.5, 7)));
        }
    Rule noBirth = parseRule("R2,C0,S4-8,10-14,B,NM").rule;
    cases.push_back(everyGeneration("empty_birth_set", noBirth, randomStart({131, 97}, 0.6, 7)));
    noBirth.states = 3;
    noBirth.neighbourhood = Neighbourhood::VonNeumann;
    noBirth.survival = CountSet({{2, 6}});
    cases.push_back(everyGeneration("empty_birth_set_vonneumann_3states", noBirth, randomStart({131, 97}, 0.6, 7)));
    // A dying cell ages through 2 .. 255 and then dies: 256 generations to see the last step.
    cases.push_back(everyGeneration("all_256_states", parseRule("R1,C256,M0,S2..3,B3..3,NM").rule,
                                    randomStart({41, 37}, 0.4, 7), 300));
    return cases;
}

// A random box in an otherwise empty torus: most rows have no live cell within reach.
Grid sparseStart(GridSize size, int boxX, int boxY, int boxSide) {
    Grid start = randomStart(size, 0.5, 5);
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x)
            if (x < boxX || x >= boxX + boxSide || y < boxY || y >= boxY + boxSide) start.at(x, y) = 0;
    return start;
}

std::vector<OracleCase> gridCases() {
    std::vector<OracleCase> cases;
    for (Neighbourhood n : kShapes) {
        const std::string shape = shapeName(n);
        // The smallest side on one axis and a long one on the other.
        cases.push_back(
            everyGeneration("thin_9x150_" + shape, bandedRule(4, n, false, 2), randomStart({9, 150}, 0.5, 7)));
        cases.push_back(
            everyGeneration("thin_150x9_" + shape, bandedRule(4, n, true, 5), randomStart({150, 9}, 0.5, 7)));
        cases.push_back(
            everyGeneration("smallest_3x3_" + shape, bandedRule(1, n, false, 2), randomStart({3, 3}, 0.5, 7)));
        cases.push_back(
            everyGeneration("smallest_15x15_" + shape, bandedRule(7, n, true, 2), randomStart({15, 15}, 0.5, 7)));
        // Tall enough for more bands of rows than threads.
        cases.push_back(
            everyGeneration("tall_37x700_" + shape, bandedRule(2, n, false, 2), randomStart({37, 700}, 0.5, 7)));
        cases.push_back(
            everyGeneration("tall_23x515_" + shape, bandedRule(3, n, true, 5), randomStart({23, 515}, 0.5, 7)));
    }
    // Boxes in the middle, across the torus's seam and in a corner.
    const std::pair<const char*, Grid> sparse[] = {{"middle", sparseStart({90, 301}, 30, 130, 24)},
                                                   {"seam", sparseStart({90, 301}, 80, 290, 24)},
                                                   {"corner", sparseStart({90, 301}, 0, 0, 16)}};
    for (const auto& [where, start] : sparse) {
        const std::string at = std::string("_") + where;
        cases.push_back(everyGeneration("sparse_bosco" + at, parseRule("R5,C0,M1,S34..58,B34..45,NM").rule, start));
        cases.push_back(everyGeneration("sparse_decay" + at, parseRule("R4,C6,M0,S10..30,B12..20,NM").rule, start));
        cases.push_back(everyGeneration("sparse_vonneumann" + at, parseRule("R3,C0,M0,S5..12,B6..9,NN").rule, start));
        cases.push_back(everyGeneration("sparse_circular" + at, parseRule("R3,C4,M1,S10..30,B12..20,NC").rule, start));
        cases.push_back(
            everyGeneration("sparse_birth_at_0" + at, parseRule("R2,C0,M0,S3..8,B0..2,NM").rule, start, 20));
    }
    // More rows than a launch grid is high (65535 blocks), and more than 65535 tiles of 8 rows.
    const Rule life = parseRule("B3/S23").rule;
    cases.push_back(everyGeneration("tall_life_64x70000", life, randomStart({64, 70000}, 0.3, 20261122), 3));
    cases.push_back(everyGeneration("tall_r2_64x70000", scaledRule(2, Neighbourhood::Moore, false, 2),
                                    randomStart({64, 70000}, 0.3, 20261122), 3));
    cases.push_back(everyGeneration("tall_life_24x600000", life, randomStart({24, 600000}, 0.3, 20261122), 3));
    // Odd grids at the extremes of the shapes.
    cases.push_back(everyGeneration("odd_life_67x71", life, randomStart({67, 71}, 0.3, 20261122), 20));
    cases.push_back(everyGeneration("odd_vonneumann_r5_23x97", scaledRule(5, Neighbourhood::VonNeumann, true, 2),
                                    randomStart({23, 97}, 0.3, 20261122), 20));
    cases.push_back(everyGeneration("odd_r16_5states_33x35", scaledRule(16, Neighbourhood::Moore, false, 5),
                                    randomStart({33, 35}, 0.4, 20261122, 5), 20));
    cases.push_back(everyGeneration("odd_r40_81x131", scaledRule(40, Neighbourhood::Moore, true, 2),
                                    randomStart({81, 131}, 0.4, 20261122), 20));
    return cases;
}

// Every topology Golly has, on odd grids (even where a shifted twist needs it), for Life, Larger than Life
// and Generations rules: backends other than cpu-naive run them inside an edge frame.
std::vector<OracleCase> topologyCases() {
    struct Joined {
        const char* name;
        const char* suffix;
    };
    const Joined topologies[] = {{"plane", ":P41,29"},
                                 {"torus_shift_h", ":T41+5,29"},
                                 {"torus_shift_v", ":T41,29-3"},
                                 {"klein_h", ":K41*,29"},
                                 {"klein_v", ":K41,29*"},
                                 {"klein_shift_h", ":K40*+1,29"},
                                 {"klein_shift_v", ":K41,30*+1"},
                                 {"cross", ":C41,29"},
                                 {"sphere", ":S37"}};
    const std::pair<const char*, const char*> rules[] = {{"life", "B3/S23"},
                                                         {"bosco_r3", "R3,C0,M1,S8..16,B9..13,NM"},
                                                         {"decay_vonneumann", "R2,C4,M1,S3..6,B4..5,NN"},
                                                         {"circular", "R4,C0,M0,S13..27,B15..22,NC"}};
    std::vector<OracleCase> cases;
    for (const Joined& t : topologies)
        for (const auto& [ruleName, ruleText] : rules) {
            const RuleSpec spec = parseRule(std::string(ruleText) + t.suffix);
            const int states = spec.rule.states;
            cases.push_back(everyGeneration(std::string(t.name) + "_" + ruleName, spec.rule,
                                            randomStart(*spec.size, 0.4, 20261125, states), 40));
        }
    // A plane smaller than the neighbourhood: every cell sees past every edge.
    const RuleSpec tiny = parseRule("R2,C0,M1,S1..3,B1..2,NM:P3,2");
    cases.push_back(everyGeneration("plane_3x2_r2", tiny.rule, randomStart(*tiny.size, 0.5, 7), 10));
    // Tubes and a strip not growing (a side of 0): dead past the unbounded side, joined across the other.
    for (const auto& [name, text] : {std::pair{"tube_across", "R3,C0,M1,S8..16,B9..13,NM:T0,29"},
                                     std::pair{"tube_down", "R2,C4,M1,S3..6,B4..5,NN:T41,0"},
                                     std::pair{"strip_star", "R2,C0,M0,S3..7,B4..6,N*:P0,29"}}) {
        const RuleSpec spec = parseRule(text);
        const GridSize size{spec.size->width > 0 ? spec.size->width : 43,
                            spec.size->height > 0 ? spec.size->height : 31};
        cases.push_back(everyGeneration(name, spec.rule, randomStart(size, 0.4, 20261125, spec.rule.states), 40));
    }
    // Shapes beyond row spans across the joins: the triangular one flips on odd cells and reaches 2r
    // columns, the checkerboard skips every other cell, the Gaussian weighs them.
    for (const auto& [name, text] : {std::pair{"klein_h_triangular", "R2,C0,M0,S3..6,B4..5,NL:K41*,29"},
                                     std::pair{"cross_checkerboard", "R2,C3,M1,S2..5,B3..4,NB:C41,29"},
                                     std::pair{"sphere_gaussian", "R2,C0,M1,S20..45,B25..40,NG:S37"},
                                     std::pair{"plane_saltire", "R3,C0,M0,S2..4,B3..4,NX:P41,29"}}) {
        const RuleSpec spec = parseRule(text);
        cases.push_back(everyGeneration(name, spec.rule, randomStart(*spec.size, 0.4, 20261125), 40));
    }
    return cases;
}

// ---- Every HROT neighbourhood shape ----

constexpr Neighbourhood kHrotShapes[] = {
    Neighbourhood::Cross,
    Neighbourhood::Saltire,
    Neighbourhood::Star,
    Neighbourhood::Euclidean,
    Neighbourhood::Hexagonal,
    Neighbourhood::Checkerboard,
    Neighbourhood::AlignedCheckerboard,
    Neighbourhood::Hash,
    Neighbourhood::Tripod,
    Neighbourhood::Asterisk,
    Neighbourhood::Triangular,
    Neighbourhood::Gaussian,
};

std::string shapeLabel(const Rule& rule, bool centre, int states) {
    std::string name = radiusName(rule.radius) + "_" + toString(rule.neighbourhood);
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name + (centre ? "_centre_in_" : "_centre_out_") + std::to_string(states) + "states";
}

// Sides not multiples of anything, wide enough for the triangular shape's 2r columns either side.
GridSize shapeGrid(int radius) { return {std::max(67, 4 * radius + 9), std::max(45, 2 * radius + 7)}; }

// Each shape, centre in and out, 2 and 5 states, forty generations, every one compared.
std::vector<OracleCase> shapeCases(int r) {
    std::vector<OracleCase> cases;
    for (Neighbourhood n : kHrotShapes)
        for (bool centre : {false, true})
            for (int states : {2, 5}) {
                Rule shape;
                shape.radius = r;
                shape.neighbourhood = n;
                shape.includeCentre = centre;
                const Rule rule = bandedRule(shape, states, {8, states > 2 ? 0.15 : 0.5, 0.7});
                cases.push_back(everyGeneration(shapeLabel(rule, centre, states), rule,
                                                randomStart(shapeGrid(r), 0.5, 11, states), 40));
            }
    return cases;
}

// Deterministic weights (splitmix-style), so the cases are the same in every run.
int pseudoRandom(std::uint64_t& state, int lo, int hi) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + int((state >> 33) % std::uint64_t(hi - lo + 1));
}

Rule drawnRule(Neighbourhood n, int radius, int lo, int hi, CellGrid grid, std::uint64_t seed) {
    Rule rule;
    rule.radius = radius;
    rule.neighbourhood = n;
    rule.weights.grid = grid;
    const int side = 2 * radius + 1;
    for (int i = 0; i < side * side; ++i) rule.weights.values.push_back(pseudoRandom(seed, lo, hi));
    if (n == Neighbourhood::Custom) rule.weights.values[std::size_t(side * side / 2)] = 0;
    return rule;
}

// NW with small and large (negative too) weights and N@ masks, on square and triangular grids.
std::vector<OracleCase> weightedCases() {
    struct Drawn {
        Neighbourhood n;
        int radius, lo, hi;
        CellGrid grid;
    };
    const Drawn drawn[] = {
        {Neighbourhood::Weighted, 1, -2, 7, CellGrid::Square},
        {Neighbourhood::Weighted, 2, -7, 7, CellGrid::Square},
        {Neighbourhood::Weighted, 3, -40, 127, CellGrid::Square},
        {Neighbourhood::Weighted, 2, 0, 5, CellGrid::Triangular},
        {Neighbourhood::Weighted, 2, 1, 3, CellGrid::Hexagonal},
        {Neighbourhood::Custom, 1, 0, 1, CellGrid::Square},
        {Neighbourhood::Custom, 3, 0, 1, CellGrid::Square},
        {Neighbourhood::Custom, 4, 0, 1, CellGrid::Triangular},
    };
    std::vector<OracleCase> cases;
    std::uint64_t seed = 20261125;
    for (const Drawn& d : drawn)
        for (int states : {2, 5})
            for (bool centre : {false, true}) {
                if (centre && d.n == Neighbourhood::Weighted) continue; // NW weighs its centre itself
                Rule shape = drawnRule(d.n, d.radius, d.lo, d.hi, d.grid, ++seed);
                shape.includeCentre = centre;
                const Rule rule = bandedRule(shape, states, {8, states > 2 ? 0.15 : 0.4, 0.7});
                std::string label = shapeLabel(rule, centre, states);
                label += d.grid == CellGrid::Triangular ? "_triangular" : d.grid == CellGrid::Hexagonal ? "_hex" : "";
                cases.push_back(everyGeneration(label, rule, randomStart(shapeGrid(d.radius), 0.5, 13, states), 40));
            }
    return cases;
}

// Wider shapes: past the general kernel's shared-memory halo (about r = 100) and the cpu's larger spans.
std::vector<OracleCase> wideShapeCases() {
    std::vector<OracleCase> cases;
    for (Neighbourhood n : {Neighbourhood::Star, Neighbourhood::Hash, Neighbourhood::Tripod, Neighbourhood::Asterisk}) {
        Rule shape;
        shape.radius = 110;
        shape.neighbourhood = n;
        const Rule rule = bandedRule(shape, 3, {8, 0.3, 0.7});
        cases.push_back(everyGeneration(shapeLabel(rule, false, 3), rule, randomStart({229, 227}, 0.3, 17, 3), 4));
    }
    for (Neighbourhood n : {Neighbourhood::Triangular, Neighbourhood::Hexagonal, Neighbourhood::Gaussian}) {
        Rule shape;
        shape.radius = 9;
        shape.neighbourhood = n;
        shape.includeCentre = true;
        const Rule rule = bandedRule(shape, 2, {8, 0.5, 0.7});
        cases.push_back(everyGeneration(shapeLabel(rule, true, 2), rule, randomStart(shapeGrid(9), 0.5, 19), 10));
    }
    // The triangular shape reaches 2r columns across and flips on odd cells; at r = 100 coarse streams its
    // halo tile through shared memory in bands of columns.
    {
        Rule shape;
        shape.radius = 100;
        shape.neighbourhood = Neighbourhood::Triangular;
        const Rule rule = bandedRule(shape, 3, {8, 0.3, 0.7});
        cases.push_back(everyGeneration(shapeLabel(rule, false, 3), rule, randomStart({411, 211}, 0.3, 29, 3), 2));
    }
    // The hexagonal shape's rows end short on one side: the row-span backends sum each side apart (pack
    // then reads several halo words per side).
    for (int r : {17, 40}) {
        Rule shape;
        shape.radius = r;
        shape.neighbourhood = Neighbourhood::Hexagonal;
        const Rule rule = bandedRule(shape, 4, {8, 0.15, 0.7});
        cases.push_back(everyGeneration(shapeLabel(rule, false, 4), rule, randomStart({131, 97}, 0.4, 23, 4), 6));
    }
    return cases;
}

// The shapes the cpu backend counts with running line sums (cross, saltire, star, hash, asterisk, tripod)
// and box sums over one colour (the checkerboards), from radius 5 to 200: on tori of odd sides (a colour
// then changes across the wrap), and across the joins of other topologies.
constexpr Neighbourhood kLineShapes[] = {
    Neighbourhood::Cross,    Neighbourhood::Saltire, Neighbourhood::Star,         Neighbourhood::Hash,
    Neighbourhood::Asterisk, Neighbourhood::Tripod,  Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard};

bool isCheckerboard(Neighbourhood n) {
    return n == Neighbourhood::Checkerboard || n == Neighbourhood::AlignedCheckerboard;
}

Rule lineRule(Neighbourhood n, int radius, bool centre, int states) {
    Rule shape;
    shape.radius = radius;
    shape.neighbourhood = n;
    shape.includeCentre = centre;
    return bandedRule(shape, states, {8, states > 2 ? 0.15 : 0.5, 0.7});
}

std::vector<OracleCase> lineShapeCases() {
    std::vector<OracleCase> cases;
    for (int r : {5, 16})
        for (Neighbourhood n : kLineShapes)
            for (bool centre : {false, true})
                for (int states : {2, 5}) {
                    const Rule rule = lineRule(n, r, centre, states);
                    cases.push_back(everyGeneration(shapeLabel(rule, centre, states), rule,
                                                    randomStart(shapeGrid(r), 0.5, 23, states), 40));
                }
    for (Neighbourhood n : kLineShapes) {
        const bool centre = n != Neighbourhood::Saltire && n != Neighbourhood::Checkerboard;
        const Rule rule = lineRule(n, 64, centre, 3);
        cases.push_back(everyGeneration(shapeLabel(rule, centre, 3), rule, randomStart({149, 139}, 0.5, 29, 3), 6));
    }
    // Radius 200: the lines on a torus; the checkerboards (80 000 cells each) on a plane smaller than the
    // neighbourhood, which keeps the oracle quick while a backend with an edge frame steps a 200-wide torus.
    for (Neighbourhood n : kLineShapes) {
        const Rule rule = lineRule(n, 200, true, 2);
        const GridSize size = isCheckerboard(n) ? GridSize{97, 61} : GridSize{411, 403};
        Rule joined = rule;
        if (isCheckerboard(n)) joined.topology.kind = TopologyKind::Plane;
        cases.push_back(everyGeneration(shapeLabel(rule, true, 2) + (isCheckerboard(n) ? "_plane" : ""), joined,
                                        randomStart(size, 0.5, 31), 3));
    }
    for (const char* suffix : {":K71*,45", ":C71,45", ":S61", ":T71+3,45"})
        for (Neighbourhood n : kLineShapes) {
            const RuleSpec spec = parseRule(lineRule(n, 5, true, 3).format() + suffix);
            std::string label = shapeLabel(spec.rule, true, 3) + "_" + std::string(suffix + 1, 1);
            cases.push_back(everyGeneration(label, spec.rule, randomStart(*spec.size, 0.5, 37, 3), 30));
        }
    return cases;
}

} // namespace

Grid randomStart(GridSize size, double density, std::uint64_t seed, int states) {
    Grid grid(size);
    fillRandom(grid, density, seed);
    if (states > 2) // decaying cells too, so every state's transition is exercised from the first step
        for (std::size_t i = 0; i < grid.cells().size(); i += 5)
            if (grid.cells()[i] == 0) grid.cells()[i] = Cell(2 + (i / 5) % std::size_t(states - 2));
    return grid;
}

std::vector<std::string> oracleCaseGroups() {
    std::vector<std::string> groups;
    for (int r : kSmallRadii) groups.push_back(radiusName(r));
    for (const char* g : {"r32", "r64", "widest", "presets", "intervals", "grids", "topologies"}) groups.push_back(g);
    for (const char* g : {"shapes_r1", "shapes_r2", "shapes_r3", "shapes_weighted", "shapes_wide", "shapes_lines"})
        groups.push_back(g);
    return groups;
}

std::vector<OracleCase> oracleCases(const std::string& group) {
    for (int r : kSmallRadii)
        if (group == radiusName(r)) return smallRadius(r);
    if (group == "r32") return largeRadius(32);
    if (group == "r64") return largeRadius(64);
    if (group == "widest") return widestRadii();
    if (group == "presets") return presetCases();
    if (group == "intervals") return intervalCases();
    if (group == "grids") return gridCases();
    if (group == "topologies") return topologyCases();
    if (group == "shapes_r1") return shapeCases(1);
    if (group == "shapes_r2") return shapeCases(2);
    if (group == "shapes_r3") return shapeCases(3);
    if (group == "shapes_weighted") return weightedCases();
    if (group == "shapes_wide") return wideShapeCases();
    if (group == "shapes_lines") return lineShapeCases();
    return {};
}

const std::vector<Grid>& oracleGenerations(const std::string& group, const OracleCase& c) {
    static std::mutex mutex;
    static std::map<std::string, std::vector<Grid>> cache;
    std::lock_guard lock(mutex);
    const std::string key = group + "/" + c.label;
    if (auto found = cache.find(key); found != cache.end()) return found->second;
    std::vector<Grid> generations;
    Simulator oracle(c.rule, c.start, "cpu-naive");
    for (int g = 1; g <= c.steps; ++g) {
        oracle.step();
        if (c.checked.empty() || std::find(c.checked.begin(), c.checked.end(), g) != c.checked.end())
            generations.push_back(oracle.snapshot());
    }
    return cache.emplace(key, std::move(generations)).first->second;
}

} // namespace catlab::testing
