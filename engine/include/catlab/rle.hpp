#pragma once

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <iosfwd>
#include <optional>
#include <string>

namespace catlab {

// A pattern in Golly's extended RLE: its bounding box, cells and the rule line if present.
struct Pattern {
    Grid cells;                                              // width x height from the "x = , y = " header
    std::optional<RuleSpec> rule;                            // from "rule = ...", with the torus size when it names one
    std::optional<std::pair<long long, long long>> position; // "#CXRLE Pos=x,y", Golly's top-left
    std::string name;                                        // "#N ..."
};

// Throws catlab::Error with the source name and line number on malformed input.
Pattern readRle(std::istream& in, const std::string& sourceName);
Pattern readRleFile(const std::string& path);

// Writes the whole grid with its rule and torus size (":Tw,h"). Throws catlab::Error when the stream fails.
void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const std::string& name = {});
// The same as a file, written atomically (AtomicFile): a failure leaves the old file as it was and
// throws naming the path and the reason.
void writeRleFile(const std::string& path, const Grid& grid, const Rule& rule, const std::string& name = {});

// The pattern placed on a torus of the given size: at Golly's position when the file gives one and the
// torus is the file's own, otherwise centred. Throws catlab::Error when it does not fit.
Grid placePattern(const Pattern& pattern, GridSize torus);

} // namespace catlab
