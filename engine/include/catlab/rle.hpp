#pragma once

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace catlab {

// A pattern read from any of Golly's file formats (pattern_file.hpp): its bounding box, cells and the
// rule if the file names one.
struct Pattern {
    Grid cells;                                              // width x height of the bounding box
    std::optional<RuleSpec> rule;                            // with the torus size when the file names one
    std::optional<std::pair<long long, long long>> position; // Golly's top-left ("#CXRLE Pos=x,y", MCell, Life 1.06)
    std::string name;                                        // "#N ..." or "!Name: ..."
    std::vector<std::string> comments;                       // the file's comment lines, "#" and all
    std::string generation; // "#CXRLE Gen=N", "#G N" of macrocell files: decimal digits, as long as Golly's
};

// What an RLE file carries besides the cells and the rule.
struct RleExtras {
    std::string name;
    std::vector<std::string> comments; // written as they are when they start with '#', else after "#C "
    std::uint64_t generation = 0;      // "Gen=" on the #CXRLE line when above 0
    // The grid is the part of Golly's unbounded plane whose cell (0, 0) lies here (a growing plane,
    // Simulator::growWithPattern): the live cells' box is written at its place, with no topology suffix.
    // A tube or strip (a rule whose topology has an unbounded side) keeps its suffix, the unbounded side
    // written 0, and is placed on this origin only along that side.
    std::optional<std::pair<std::int64_t, std::int64_t>> unboundedOrigin;
};

// Throws catlab::Error with the source name and line number on malformed input.
Pattern readRle(std::istream& in, const std::string& sourceName);
Pattern readRleFile(const std::string& path);

// Writes the whole grid with its rule in Golly's notation (formatRuleForGolly) and torus size (":Tw,h"),
// "#CXRLE Pos=" placing it as Golly places the torus. Throws catlab::Error when the stream fails.
void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const RleExtras& extras);
void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const std::string& name = {});
// A block of cells as Golly puts a selection on the clipboard: "#CXRLE Pos=" with the block's top-left
// cell on Golly's plane, the block's own size, `rule` with the topology of the universe it was taken
// from (rule.size: that torus; none for an unbounded plane) and every cell of the block.
void writeRleBlock(std::ostream& out, const Grid& block, const RuleSpec& rule,
                   std::pair<std::int64_t, std::int64_t> position);
// The same as a file, written atomically (AtomicFile): a failure leaves the old file as it was and
// throws naming the path and the reason.
void writeRleFile(const std::string& path, const Grid& grid, const Rule& rule, const RleExtras& extras);
void writeRleFile(const std::string& path, const Grid& grid, const Rule& rule, const std::string& name = {});

// The pattern placed on a torus of the given size: at Golly's position when the file gives one and the
// torus is the file's own (along the bounded side alone for a tube or strip), otherwise centred. Throws
// catlab::Error when it does not fit.
Grid placePattern(const Pattern& pattern, GridSize torus);

} // namespace catlab
