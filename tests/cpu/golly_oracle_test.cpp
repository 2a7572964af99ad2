// catlab against Golly's bgolly 3.3 (Debian's golly package): every pattern of Golly's Larger-than-Life,
// Generations and Life-Like folders, random starts on tori, and the files catlab writes read back by
// bgolly. Skipped, saying why, where bgolly or the pattern library is missing.
#include "catlab/golly_rule_text.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/simulator.hpp"
#include "support/bgolly.hpp"
#include "support/golly_library.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;
using testing::bgollyAlgorithm;
using testing::bgollyKeepsTorus;
using testing::liveBox;
using testing::runBgolly;

class GollyOracle : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto found = testing::bgollyExecutable();
        if (!found) GTEST_SKIP() << "bgolly is not installed (Debian package golly): no Golly oracle here";
        bgolly_ = *found;
        dir_ = fs::temp_directory_path() / ("catlab-golly-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (!dir_.empty()) fs::remove_all(dir_);
    }

    Grid stepped(const Rule& rule, const Grid& start, int generations) {
        Simulator sim(rule, start, "cpu");
        sim.step(generations);
        return sim.snapshot();
    }

    std::string bgolly_;
    fs::path dir_;
};

struct Outcome {
    std::string status; // "identical", "differs", "refused", "not comparable"
    std::string why;
};

Outcome compareLibraryFile(const fs::path& file, const std::string& bgolly, const fs::path& dir,
                           const std::function<Grid(const Rule&, const Grid&, int)>& step) {
    Pattern p;
    try {
        p = readPatternFile(file.string());
    } catch (const Error& e) {
        return {"refused", e.what()};
    }
    const Rule rule = p.rule ? p.rule->rule : parseRule("B3/S23").rule;
    const int generations = testing::libraryGenerations(rule);
    const GridSize torus = testing::libraryTorus(p, rule, generations);
    const bool ownTorus = p.rule && p.rule->size;
    const Grid catlab = liveBox(step(rule, placePattern(p, torus), generations));
    const Pattern golly = runBgolly(bgolly, file.string(), bgollyAlgorithm(rule), generations, dir);
    if (catlab == golly.cells) return {"identical", std::to_string(generations) + " generations"};
    const bool goldenPlane = ownTorus && !bgollyKeepsTorus(rule);
    if (goldenPlane && (golly.cells.width() >= torus.width - 1 || golly.cells.height() >= torus.height - 1))
        return {"not comparable", "bgolly 3.3 runs " + bgollyAlgorithm(rule) +
                                      " on an unbounded plane, and the pattern reaches the torus' edges"};
    return {"differs", "after " + std::to_string(generations) + " generations catlab has " +
                           std::to_string(catlab.population()) + " live cells in " + std::to_string(catlab.width()) +
                           "x" + std::to_string(catlab.height()) + ", Golly " +
                           std::to_string(golly.cells.population()) + " in " + std::to_string(golly.cells.width()) +
                           "x" + std::to_string(golly.cells.height())};
}

// Every pattern of a folder opens and runs as bgolly runs it; the only refusals are topologies catlab
// does not support yet. Prints the table the summary counts come from.
void checkFolder(const std::string& folder, const std::string& bgolly, const fs::path& dir,
                 const std::function<Grid(const Rule&, const Grid&, int)>& step) {
    const std::vector<fs::path> files = testing::libraryFiles(folder);
    if (files.empty())
        GTEST_SKIP() << "Golly's pattern library has no folder " << testing::gollyPatterns().string() << "/" << folder;
    std::map<std::string, int> counts;
    for (const fs::path& file : files) {
        const Outcome o = compareLibraryFile(file, bgolly, dir, step);
        ++counts[o.status];
        std::cout << "[golly] " << folder << "/" << file.filename().string() << ": " << o.status << " (" << o.why
                  << ")\n";
        EXPECT_NE(o.status, "differs") << file << ": " << o.why;
        if (o.status == "refused") {
            EXPECT_NE(o.why.find("not supported yet"), std::string::npos) << file << ": " << o.why;
        }
    }
    std::cout << "[golly] " << folder << ": " << counts["identical"] << " of " << files.size()
              << " identical to bgolly, " << counts["refused"] << " refused, " << counts["not comparable"]
              << " not comparable\n";
}

TEST_F(GollyOracle, LargerThanLifeLibrary) {
    checkFolder("Larger-than-Life", bgolly_, dir_, [&](auto& r, auto& g, int n) { return stepped(r, g, n); });
}

TEST_F(GollyOracle, GenerationsLibrary) {
    checkFolder("Generations", bgolly_, dir_, [&](auto& r, auto& g, int n) { return stepped(r, g, n); });
}

TEST_F(GollyOracle, LifeLikeLibrary) {
    checkFolder("Life-Like", bgolly_, dir_, [&](auto& r, auto& g, int n) { return stepped(r, g, n); });
}

// The rule in Larger than Life notation (its sets single ranges).
std::string ltlText(const Rule& r) {
    const Interval s = r.survival.intervals().at(0), b = r.birth.intervals().at(0);
    // A stream, not a chain of std::string additions: GCC 12 warns wrongly (-Wrestrict) on the chain.
    std::ostringstream text;
    text << 'R' << r.radius << ",C" << (r.states == 2 ? 0 : r.states) << ",M" << (r.includeCentre ? 1 : 0) << ",S"
         << s.lo << ".." << s.hi << ",B" << b.lo << ".." << b.hi << ",N"
         << (r.neighbourhood == Neighbourhood::VonNeumann ? 'N' : 'M');
    return text.str();
}

void replaceRule(const std::string& file, const std::string& from, const std::string& to) {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t at = text.find("rule = " + from + ":");
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at + 7, from.size(), to);
    std::ofstream(file) << text;
}

// Random starts on tori that bgolly keeps itself (its Larger than Life algorithm), written by catlab's
// RLE writer, so that bgolly reads catlab's rule text and torus too.
TEST_F(GollyOracle, RandomStartsOnTori) {
    for (const char* text :
         {"R1,C0,M0,S2..3,B3..3,NM", "R1,C5,M0,S3..5,B2..2,NM", "R2,C0,M1,S6..11,B5..8,NM", "R3,C4,M0,S8..16,B7..11,NN",
          "R2,C3,M1,S5..9,B4..6,NC", "R5,C0,M1,S34..58,B34..45,NM", "B2/S34/C4V"}) {
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        Grid start(GridSize{61, 47});
        fillRandom(start, 0.4, 17);
        if (rule.states > 2) // some decaying cells too
            for (int x = 0; x < start.width(); x += 3) start.at(x, 5) = Cell(rule.states - 1);
        const std::string file = (dir_ / "random.rle").string();
        writeRleFile(file, start, rule, "random start");
        // bgolly keeps tori only in its Larger than Life algorithm: a life-like rule goes there in that
        // notation, the rest of the file as catlab wrote it.
        if (!bgollyKeepsTorus(rule)) replaceRule(file, formatRuleForGolly(rule), ltlText(rule));
        const Pattern golly = runBgolly(bgolly_, file, "Larger than Life", 40, dir_);
        EXPECT_EQ(liveBox(stepped(rule, start, 40)), golly.cells);
        EXPECT_EQ(golly.rule->rule, rule);
    }
}

// Random soups in the middle of a torus wide enough to stand for the unbounded plane that bgolly's
// QuickLife and Generations run.
TEST_F(GollyOracle, RandomStartsOfLifeLikeAndGenerationsRules) {
    for (const char* text :
         {"B3/S23", "B36/S23", "B3678/S34678", "B2/S345/C4", "B2/S/C3", "B13/S012V", "B013568/S01"}) {
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        Grid soup(GridSize{20, 20});
        fillRandom(soup, 0.45, 5);
        Grid start(GridSize{160, 160});
        for (int y = 0; y < 20; ++y)
            for (int x = 0; x < 20; ++x) start.at(70 + x, 70 + y) = soup.at(x, y);
        const std::string file = (dir_ / "soup.rle").string();
        writeRleFile(file, start, rule);
        const Pattern golly = runBgolly(bgolly_, file, bgollyAlgorithm(rule), 30, dir_);
        const Grid catlab = liveBox(stepped(rule, start, 30));
        ASSERT_LT(golly.cells.width(), 150) << "the soup reached the torus' edges: not comparable";
        EXPECT_EQ(catlab, golly.cells);
    }
}

// Golly's Larger than Life runs bounded planes itself (its other algorithms leave bounded grids to the
// window, which bgolly has not): random soups filling a plane, on catlab's cpu (inside an edge frame) and
// cpu-naive (joining the edges itself), cell for cell as bgolly has them.
TEST_F(GollyOracle, RandomSoupsOnAPlaneAsGollysLargerThanLifeRunsThem) {
    for (const char* text : {"R2,C0,M1,S3..6,B4..5,NM:P60,45", "R3,C0,M0,S5..12,B6..9,NN:P51,40",
                             "R5,C0,M1,S34..58,B34..45,NM:P70,64", "R2,C4,M1,S3..6,B4..5,NM:P40,30"}) {
        SCOPED_TRACE(text);
        const RuleSpec spec = parseRule(text);
        Grid start(*spec.size);
        fillRandom(start, 0.45, 20261125);
        const std::string file = (dir_ / "plane.rle").string();
        writeRleFile(file, start, spec.rule);
        const Pattern golly = runBgolly(bgolly_, file, "Larger than Life", 25, dir_);
        for (const char* backend : {"cpu", "cpu-naive"}) {
            Simulator sim(spec.rule, start, backend);
            sim.step(25);
            EXPECT_EQ(liveBox(sim.snapshot()), golly.cells) << backend;
        }
    }
}

// Every library file catlab opens, written back by catlab, opens in bgolly with the same cells and rule.
TEST_F(GollyOracle, FilesCatlabWritesOpenInGollyWithTheSameCells) {
    int written = 0;
    for (const char* folder : {"Larger-than-Life", "Generations", "Life-Like"})
        for (const fs::path& path : testing::libraryFiles(folder)) {
            Pattern p;
            try {
                p = readPatternFile(path.string());
            } catch (const Error&) {
                continue; // refusals are checked above
            }
            SCOPED_TRACE(path.string());
            const Rule rule = p.rule ? p.rule->rule : parseRule("B3/S23").rule;
            const GridSize torus = p.rule && p.rule->size ? *p.rule->size
                                                          : GridSize{p.cells.width() + 2 * rule.radius + 2,
                                                                     p.cells.height() + 2 * rule.radius + 2};
            const Grid grid = placePattern(p, torus);
            const std::string file = (dir_ / "written.rle").string();
            writeRleFile(file, grid, rule,
                         RleExtras{.name = p.name, .comments = p.comments, .generation = 0, .unboundedOrigin = {}});
            const Pattern golly = runBgolly(bgolly_, file, bgollyAlgorithm(rule), 0, dir_);
            EXPECT_EQ(liveBox(grid), golly.cells);
            ASSERT_TRUE(golly.rule);
            EXPECT_EQ(golly.rule->rule, rule);
            EXPECT_EQ(golly.rule->size, torus);
            ++written;
        }
    if (written == 0)
        GTEST_SKIP() << "Golly's pattern library is not installed under " << testing::gollyPatterns().string();
}

// Macrocell files as bgolly writes them (HashLife for two states, Generations beyond) hold the same
// cells, at the same place, as the library file they were written from.
TEST_F(GollyOracle, MacrocellFilesBgollyWritesReadBackCellForCell) {
    int compared = 0;
    for (const char* folder : {"Generations", "Life-Like"})
        for (const fs::path& path : testing::libraryFiles(folder)) {
            Pattern p;
            try {
                p = readPatternFile(path.string());
            } catch (const Error&) {
                continue;
            }
            SCOPED_TRACE(path.string());
            const Rule rule = p.rule ? p.rule->rule : parseRule("B3/S23").rule;
            if (!gollyDisplayDifference(rule).empty()) continue; // HashLife has no B0 rules
            const std::string algorithm = rule.states == 2 ? "HashLife" : "Generations";
            const Pattern mc = runBgolly(bgolly_, path.string(), algorithm, 0, dir_, "bgolly-out.mc");
            EXPECT_EQ(liveBox(mc.cells), liveBox(p.cells));
            EXPECT_EQ(mc.rule->rule, rule);
            // Golly puts an RLE without a position at 0,0, or centred on its own torus; catlab's MCell
            // reader places as Golly does.
            std::pair<long long, long long> golly{0, 0};
            if (p.rule && p.rule->size) golly = {-(p.cells.width() / 2), -(p.cells.height() / 2)};
            if (p.cells.population() > 0 && liveBox(p.cells) == p.cells) {
                EXPECT_EQ(mc.position, p.position.value_or(golly));
            }
            ++compared;
        }
    if (compared == 0)
        GTEST_SKIP() << "Golly's pattern library is not installed under " << testing::gollyPatterns().string();
}

// Tubes and strips that grew, written by catlab: bgolly reads the suffix (the unbounded side 0) and puts
// the cells where catlab's Pos says, as its macrocell file (which keeps positions) shows. bgolly 3.3 only
// reads them here: its Larger than Life algorithm does not run a side of 0 (it writes :T0,30 back as
// :T4,30 with no cells), and its other algorithms leave bounded grids to the window.
TEST_F(GollyOracle, TubesAndStripsCatlabWritesReadBackInGolly) {
    for (const char* text : {"B3/S23:T0,16", "B3/S23:T16,0", "B3/S23:P24,0", "B3/S23:P0,24"}) {
        SCOPED_TRACE(text);
        const RuleSpec spec = parseRule(text);
        const bool across = spec.rule.topology.unboundedWidth;
        const GridSize start = across ? GridSize{24, spec.size->height} : GridSize{spec.size->width, 24};
        Grid glider(start);
        for (auto [x, y] : {std::pair{5, 4}, {6, 5}, {4, 6}, {5, 6}, {6, 6}}) glider.at(x, y) = 1;
        Simulator sim(spec.rule, glider, "cpu");
        sim.growWithPattern(-7, 3);
        sim.step(120);
        const std::string file = (dir_ / "tube.rle").string();
        writeRleFile(file, sim.snapshot(), spec.rule,
                     RleExtras{.name = {},
                               .comments = {},
                               .generation = 120,
                               .unboundedOrigin = std::pair{sim.originX(), sim.originY()}});
        const Pattern written = readPatternFile(file);
        ASSERT_TRUE(written.rule && written.position);
        EXPECT_EQ(written.rule->size, spec.size);
        const Pattern golly = runBgolly(bgolly_, file, "HashLife", 0, dir_, "bgolly-out.mc");
        ASSERT_TRUE(golly.rule);
        EXPECT_EQ(golly.rule->rule, spec.rule);
        EXPECT_EQ(golly.rule->size, spec.size);
        EXPECT_EQ(golly.cells, liveBox(sim.snapshot()));
        EXPECT_EQ(golly.position, written.position);
    }
}

} // namespace
} // namespace catlab
