// Whole grids and patterns as Golly's extended RLE, through the streamed writer and reader
// (rle_stream.hpp) with one chunk.
#include "catlab/rle.hpp"

#include "catlab/rle_stream.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"
#include "catlab/text_file.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

namespace catlab {
namespace {

// Room for any real pattern (the largest of Golly's collections are tens of MB). Lines may be as long
// as the file: some writers put all the cells on one.
constexpr std::size_t kMaxRleFileBytes = std::size_t(256) << 20;
constexpr TextFileLimits kRleFileLimits{.maxBytes = kMaxRleFileBytes, .maxLineLength = kMaxRleFileBytes};

} // namespace

Pattern readRle(std::istream& in, const std::string& sourceName) {
    RleStreamReader reader(in, sourceName);
    Grid cells;
    try {
        cells = Grid(reader.size());
    } catch (const Error& e) {
        reader.failAtHeader(std::string("pattern bounding box: ") + e.what());
    }
    reader.readRows(cells.row(0), cells.height(), std::size_t(cells.width()));
    Pattern pattern = reader.metadata(); // with the comment lines met among the cells
    pattern.cells = std::move(cells);
    return pattern;
}

Pattern readRleFile(const std::string& path) {
    std::istringstream in(readTextFile(path, "pattern file", kRleFileLimits));
    return readRle(in, path);
}

namespace {

// The smallest rectangle holding every non-zero cell (one dead cell at 0, 0 when there is none).
struct LiveBox {
    int x = 0, y = 0, width = 1, height = 1;
};

LiveBox liveBoxOf(const Grid& grid) {
    int left = grid.width(), right = -1, top = grid.height(), bottom = -1;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (grid.at(x, y) != 0) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
    if (right < 0) return {};
    return {left, top, right - left + 1, bottom - top + 1};
}

void writeCells(RleStreamWriter& rle, const Grid& grid, const LiveBox& box) {
    rle.writeRows(grid.row(box.y) + box.x, box.height, std::size_t(grid.width()));
    rle.finish();
}

// The header of the whole grid, or on an unbounded plane (or along the unbounded side of a tube or
// strip) of the live cells' box only, placed at its cells' place; `box` is the part written.
RleHeader headerOf(const Grid& whole, const Rule& rule, const RleExtras& extras, LiveBox& box) {
    if (!extras.unboundedOrigin) {
        box = {0, 0, whole.width(), whole.height()};
        return rleHeaderOf(whole.size(), rule, extras);
    }
    box = liveBoxOf(whole);
    // A tube or strip (topology.hpp) is unbounded one way only: its live box is placed on the origin that
    // way and as on a bounded grid (the top-left cell at -w/2, -h/2) the other, and its suffix names the
    // bounded side.
    const Topology& t = rule.topology;
    const bool across = !t.unboundedSide() || t.unboundedWidth, downwards = !t.unboundedSide() || t.unboundedHeight;
    const std::int64_t posX = across ? extras.unboundedOrigin->first : -(whole.width() / 2);
    const std::int64_t posY = downwards ? extras.unboundedOrigin->second : -(whole.height() / 2);
    return RleHeader{.size = {box.width, box.height},
                     .rule = RuleSpec{rule, t.unboundedSide() ? std::optional(whole.size()) : std::nullopt},
                     .position = {posX + box.x, posY + box.y},
                     .generation = extras.generation,
                     .name = extras.name,
                     .comments = extras.comments};
}

// The RLE text, written as it is made; the caller checks the stream.
void emitRle(std::ostream& out, const Grid& whole, const Rule& rule, const RleExtras& extras) {
    LiveBox box;
    const RleHeader header = headerOf(whole, rule, extras, box);
    RleStreamWriter rle(out, header);
    writeCells(rle, whole, box);
}

} // namespace

void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const RleExtras& extras) {
    emitRle(out, grid, rule, extras);
    if (!out) throw Error("failed writing RLE");
}

void writeRleBlock(std::ostream& out, const Grid& block, const RuleSpec& rule,
                   std::pair<std::int64_t, std::int64_t> position) {
    RleStreamWriter rle(
        out,
        RleHeader{
            .size = block.size(), .rule = rule, .position = position, .generation = 0, .name = {}, .comments = {}});
    writeCells(rle, block, {0, 0, block.width(), block.height()});
    if (!out) throw Error("failed writing RLE");
}

void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const std::string& name) {
    writeRle(out, grid, rule, RleExtras{.name = name, .comments = {}, .generation = 0, .unboundedOrigin = {}});
}

void writeRleFile(const std::string& path, const Grid& grid, const Rule& rule, const RleExtras& extras) {
    AtomicFile file(path);
    emitRle(file.stream(), grid, rule, extras);
    file.commit(); // says why a write failed
}

void writeRleFile(const std::string& path, const Grid& grid, const Rule& rule, const std::string& name) {
    writeRleFile(path, grid, rule, RleExtras{.name = name, .comments = {}, .generation = 0, .unboundedOrigin = {}});
}

Grid placePattern(const Pattern& pattern, GridSize torus) {
    const Grid& src = pattern.cells;
    const PatternPlacement at = placementOf(src.size(), pattern, torus);
    Grid out(torus);
    for (int y = 0; y < src.height(); ++y)
        for (int x = 0; x < src.width(); ++x) {
            const int tx = (at.left + x) % torus.width, ty = (at.top + y) % torus.height;
            out.at(tx, ty) = src.at(x, y);
        }
    return out;
}

} // namespace catlab
