// RLE a chunk of rows at a time (rle_stream.hpp): the writer gives the bytes writeRle gives, and the
// reader the cells and metadata readRle gives, whatever the chunks: random grids of odd sizes and 2..256
// states with blank rows at the start, in the middle and at the end, and Golly's own files. Malformed
// input met in a later chunk still names the file and the line.
#include "catlab/error.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/rle.hpp"
#include "catlab/rle_stream.hpp"
#include "support/error_of.hpp"
#include "support/golly_library.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace catlab {
namespace {

Rule ruleWithStates(int states) { return parseRule(states == 2 ? "B3/S23" : "B2/S/C" + std::to_string(states)).rule; }

// Runs of random length and state, with whole rows left dead: the first two, one in the middle, the
// last three (where the grid is tall enough), and some others at random.
Grid randomGrid(GridSize size, int states, std::uint32_t seed) {
    std::mt19937 random(seed);
    Grid grid(size);
    for (int y = 0; y < size.height; ++y) {
        const bool blank = y < 2 || y == size.height / 2 || y >= size.height - 3 || random() % 5 == 0;
        if (blank) continue;
        for (int x = 0; x < size.width;) {
            const int run = 1 + int(random() % 9);
            const Cell state = random() % 3 == 0 ? Cell(0) : Cell(random() % std::uint32_t(states));
            for (int k = 0; k < run && x < size.width; ++k, ++x) grid.at(x, y) = state;
        }
    }
    return grid;
}

const RleExtras kExtras{
    .name = "streamed", .comments = {"#C first", "second", "#CXRLE Pos=1,1"}, .generation = 12, .unboundedOrigin = {}};

std::string streamedText(const Grid& grid, const Rule& rule, int chunk) {
    std::ostringstream out;
    RleStreamWriter rle(out, rleHeaderOf(grid.size(), rule, kExtras));
    for (int y = 0; y < grid.height(); y += chunk)
        rle.writeRows(grid.row(y), std::min(chunk, grid.height() - y), std::size_t(grid.width()));
    rle.finish();
    return out.str();
}

std::string wholeText(const Grid& grid, const Rule& rule) {
    std::ostringstream out;
    writeRle(out, grid, rule, kExtras);
    return out.str();
}

// The cells a streamed reader gives, `chunk` rows at a time, with the metadata it has at the end.
Pattern readInChunks(const std::string& text, const std::string& source, int chunk) {
    std::istringstream in(text);
    RleStreamReader rle(in, source);
    Grid cells(rle.size());
    for (int y = 0; y < cells.height(); y += chunk) {
        const int rows = std::min(chunk, cells.height() - y);
        EXPECT_EQ(rle.readRows(cells.row(y), rows, std::size_t(cells.width())), rows);
    }
    EXPECT_EQ(rle.rowsLeft(), 0);
    Pattern pattern = rle.metadata();
    pattern.cells = std::move(cells);
    return pattern;
}

void expectSamePattern(const Pattern& streamed, const Pattern& whole) {
    EXPECT_EQ(streamed.cells, whole.cells);
    EXPECT_EQ(streamed.name, whole.name);
    EXPECT_EQ(streamed.comments, whole.comments);
    EXPECT_EQ(streamed.position, whole.position);
    EXPECT_EQ(streamed.generation, whole.generation);
    ASSERT_EQ(streamed.rule.has_value(), whole.rule.has_value());
    if (whole.rule) {
        EXPECT_EQ(streamed.rule->rule, whole.rule->rule);
        EXPECT_EQ(streamed.rule->size, whole.rule->size);
    }
}

const std::vector<GridSize> kSizes = {{1, 1}, {3, 5}, {17, 9}, {71, 13}, {151, 23}, {7, 61}};
const std::vector<int> kStates = {2, 3, 25, 49, 256};

TEST(RleStream, WriterGivesTheBytesOfWriteRleForAnyChunks) {
    std::uint32_t seed = 1;
    for (const GridSize size : kSizes)
        for (const int states : kStates) {
            const Rule rule = ruleWithStates(states);
            const Grid grid = randomGrid(size, states, seed++);
            const std::string whole = wholeText(grid, rule);
            for (const int chunk : {1, 2, 7, size.height}) {
                SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height) + ", " +
                             std::to_string(states) + " states, chunks of " + std::to_string(chunk));
                EXPECT_EQ(streamedText(grid, rule, chunk), whole);
            }
        }
}

TEST(RleStream, WriterMergesBlankRowsAcrossChunksAndWrapsLines) {
    Grid grid({90, 9}); // live cells on rows 3 and 7 only: "3$" and "4$" cross chunks of 1 and 2
    for (int x = 0; x < 90; x += 2) grid.at(x, 3) = 1;
    grid.at(89, 7) = 1;
    const Rule life = ruleWithStates(2);
    const std::string text = streamedText(grid, life, 1);
    EXPECT_NE(text.find("\n3$obobob"), std::string::npos) << text;
    EXPECT_NE(text.find("4$89bo!\n"), std::string::npos) << text;
    for (std::istringstream lines(text); !lines.eof();) {
        std::string line;
        std::getline(lines, line);
        EXPECT_LE(line.size(), 71u) << line; // 70 and the '!'
    }
    EXPECT_EQ(text, wholeText(grid, life));
}

TEST(RleStream, WriterRefusesTooManyOrTooFewRows) {
    std::ostringstream out;
    const Grid grid({4, 3});
    RleStreamWriter rle(out, rleHeaderOf(grid.size(), ruleWithStates(2), {}));
    rle.writeRows(grid.row(0), 2, 4);
    EXPECT_THROW(rle.writeRows(grid.row(0), 2, 4), Error);
    EXPECT_THROW(rle.finish(), Error);
    EXPECT_THROW(rleHeaderOf(grid.size(), ruleWithStates(2),
                             RleExtras{.name = {}, .comments = {}, .generation = 0, .unboundedOrigin = {{0, 0}}}),
                 Error);
}

TEST(RleStream, FileWriterWritesWhatWriteRleFileWrites) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "rle_stream_test";
    std::filesystem::create_directories(dir);
    const Rule rule = ruleWithStates(25);
    const Grid grid = randomGrid({37, 29}, 25, 77);
    writeRleFile((dir / "whole.rle").string(), grid, rule, kExtras);
    RleFileWriter file((dir / "streamed.rle").string(), rleHeaderOf(grid.size(), rule, kExtras));
    for (int y = 0; y < grid.height(); y += 4) file.writeRows(grid.row(y), std::min(4, grid.height() - y), 37);
    file.commit();
    const auto bytes = [](const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    EXPECT_EQ(bytes(dir / "streamed.rle"), bytes(dir / "whole.rle"));
    // Like writeRleFile, a path that cannot be written is named when the writer opens it.
    const std::string missing = (dir / "no-such-folder" / "x.rle").string();
    EXPECT_NE(testing::errorOf([&] { RleFileWriter(missing, rleHeaderOf(grid.size(), rule, {})); }).find(missing),
              std::string::npos);
}

TEST(RleStream, ReaderGivesTheCellsAndMetadataOfReadRleForAnyChunks) {
    std::uint32_t seed = 100;
    for (const GridSize size : kSizes)
        for (const int states : kStates) {
            const Rule rule = ruleWithStates(states);
            const std::string text = wholeText(randomGrid(size, states, seed++), rule);
            std::istringstream in(text);
            const Pattern whole = readRle(in, "random.rle");
            for (const int chunk : {1, 2, 7, size.height}) {
                SCOPED_TRACE(text + "in chunks of " + std::to_string(chunk));
                expectSamePattern(readInChunks(text, "random.rle", chunk), whole);
            }
        }
}

// Comment lines among the cells, a run count ending one line, blank rows that outrun the chunks, CRLF.
TEST(RleStream, ReaderKeepsWhatReadRleKeepsBetweenChunks) {
    const std::string text = "#N odd\r\nx = 5, y = 9, rule = B3/S23:T20,20\r\n#CXRLE Pos=-3,4 Gen=7\r\nbo$3\r\n"
                             "#C among the cells\r\n$2o2bo4$5o!\r\nignored after the end\r\n";
    std::istringstream in(text);
    const Pattern whole = readRle(in, "odd.rle");
    EXPECT_EQ(whole.comments, std::vector<std::string>{"#C among the cells"});
    ASSERT_TRUE(whole.position);
    for (const int chunk : {1, 2, 3, 7, 9}) {
        SCOPED_TRACE("chunks of " + std::to_string(chunk));
        expectSamePattern(readInChunks(text, "odd.rle", chunk), whole);
    }
}

TEST(RleStream, ReaderGivesTheCellsOfEveryGollyRleFile) {
    int files = 0;
    // The folders of the rule families catlab computes (the rest of the library names rules it refuses).
    for (const char* folder : {"Larger-than-Life", "Generations", "Life-Like"})
        for (const auto& path : testing::libraryFiles(folder)) {
            if (path.extension() != ".rle") continue;
            SCOPED_TRACE(path.string());
            const Pattern whole = readPatternFile(path.string());
            std::ifstream in(path, std::ios::binary);
            const std::string text(std::istreambuf_iterator<char>(in), {});
            for (const int chunk : {1, 7}) expectSamePattern(readInChunks(text, path.string(), chunk), whole);
            RleFileReader file(path.string());
            EXPECT_EQ(file.rle().size(), whole.cells.size());
            ++files;
        }
    if (files == 0) GTEST_SKIP() << "no Golly patterns in " << testing::gollyPatterns();
}

// Reads the whole text a row at a time, as a distributed grid would.
std::string errorInChunks(const std::string& text) {
    return testing::errorOf([&] { readInChunks(text, "bad.rle", 1); });
}

TEST(RleStream, MalformedInputNamesTheFileAndLine) {
    EXPECT_EQ(errorInChunks("#C none\n\n"), "bad.rle:2: no 'x = ..., y = ...' header line");
    EXPECT_EQ(errorInChunks("x = 3, y = 2\nbo$\nobo$\n3o!\n"),
              "bad.rle:4: cells lie outside the 3x2 bounding box given by the header");
    EXPECT_EQ(errorInChunks("x = 3, y = 4\nbo$\n\n2$obo\n"), "bad.rle:4: pattern data ends without '!'");
    EXPECT_EQ(errorInChunks("x = 3, y = 4\nbo$\n$\n2bz!\n"), "bad.rle:4: unexpected character 'z' in pattern data");
    EXPECT_EQ(errorInChunks("x = 3, y = 4, rule = B3/S23\nbo$$\n2bB!\n"),
              "bad.rle:3: cell state 2 but the rule has only 2 states");
    EXPECT_EQ(errorInChunks("x = 3, y = 4, rule = B2/S/C3\nbA$$\n2bB$\nC!\n"),
              "bad.rle:4: cell state 3 but the rule has only 3 states");
    EXPECT_EQ(errorInChunks("x = 3, y = 2\n#CXRLE Pos=1\nbo!\n"),
              "bad.rle:2: bad Pos=1 in #CXRLE line: expected Pos=X,Y, two whole numbers within "
              "-9223372036854775808..9223372036854775807");
    EXPECT_EQ(errorInChunks("x = 3, y = 2, rule = B2/S/C40\no$\npA\n"), "bad.rle:3: pattern data ends without '!'");
    EXPECT_EQ(errorInChunks("x = 3, y = 2, rule = B2/S/C40\no$\np\nA!\n"),
              "bad.rle:3: state prefix 'p' must be followed by A..X");
}

TEST(RleStream, ReaderCanSkipRowsAndTellsTheHighestState) {
    std::istringstream in("x = 4, y = 3, rule = B2/S/C30\nA$3bpC$B!\n");
    RleStreamReader rle(in, "skip.rle");
    EXPECT_EQ(rle.readRows(nullptr, 2, 0), 2);
    Cell last[4];
    EXPECT_EQ(rle.readRows(last, 5, 4), 1);
    EXPECT_EQ(last[0], 2);
    EXPECT_EQ(rle.highestState(), 27);
    EXPECT_EQ(rle.readRows(last, 1, 4), 0);
}

// Centred, or at Golly's position on the file's own torus (there wrapping past the right edge).
TEST(RleStream, PlacementIsWherePlacePatternPutsTheBox) {
    const GridSize torus{20, 24};
    const std::vector<std::pair<std::string, PatternPlacement>> cases = {
        {"x = 5, y = 4, rule = B3/S23\n5o$o3bo$$3o!\n", {7, 10}},
        {"#CXRLE Pos=8,-11\nx = 5, y = 4, rule = B3/S23:T20,24\n5o$o$$3o!\n", {18, 1}},
        {"#CXRLE Pos=8,-11\nx = 5, y = 4, rule = B3/S23:T21,24\n5o$o$$3o!\n", {7, 10}}};
    for (const auto& [text, expected] : cases) {
        SCOPED_TRACE(text);
        std::istringstream in(text);
        const Pattern pattern = readRle(in, "placed.rle");
        const PatternPlacement at = placementOf(pattern.cells.size(), pattern, torus);
        EXPECT_EQ(at.left, expected.left);
        EXPECT_EQ(at.top, expected.top);
        const Grid placed = placePattern(pattern, torus);
        for (int y = 0; y < pattern.cells.height(); ++y)
            for (int x = 0; x < pattern.cells.width(); ++x)
                EXPECT_EQ(placed.wrappedAt(at.left + x, at.top + y), pattern.cells.at(x, y));
        EXPECT_EQ(placed.population(), pattern.cells.population());
    }
    EXPECT_THROW(placementOf({21, 3}, Pattern{}, torus), Error);
}

} // namespace
} // namespace catlab
