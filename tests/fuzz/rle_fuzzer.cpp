// Golly's extended RLE as `--in`, the window's `load` and the panel read it: "#N" and "#CXRLE Pos=" lines,
// the "x = , y = , rule = " header, two-state and multi-state runs. What is read writes and reads back
// to the same pattern, and placing it on a torus keeps every cell.
#include "fuzz_check.hpp"

#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/rle.hpp"
#include "catlab/topology.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string_view>

using namespace catlab;
using catlab::fuzz::mustAccept;
using catlab::fuzz::require;

namespace {

// The most cells a grid may have here. A larger bounding box or torus is a real request, which catlab
// checks against the free host memory; but under ASan an allocation that fails aborts instead of
// throwing std::bad_alloc, and large grids would only slow the fuzzer down.
constexpr long long kMaxCells = 1 << 22;

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// The cells of the bounding box that the header line asks for, read as the RLE reader reads it (the
// first line that is neither empty nor a '#' comment; x and y items before the rule, which takes the
// rest of the line).
long long headerCells(std::string_view text) {
    std::string_view header;
    while (!text.empty() && header.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty() && line[0] != '#') header = line;
    }
    long long side[2] = {1, 1};
    while (!header.empty()) {
        const std::size_t comma = header.find(',');
        const std::string_view item = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string_view key = trim(item.substr(0, eq));
        if (key == "rule") break;
        if (key != "x" && key != "y") continue;
        const long long v = std::strtoll(std::string(trim(item.substr(eq + 1))).c_str(), nullptr, 10);
        side[key == "y"] = std::clamp<long long>(v, 1, kMaxGridSide + 1);
    }
    return side[0] * side[1];
}

// How many cells are in each state but 0 (a larger torus adds dead cells).
std::array<std::uint64_t, 256> liveStateCounts(const Grid& grid) {
    std::array<std::uint64_t, 256> counts{};
    for (Cell c : grid.cells()) ++counts[c];
    counts[0] = 0;
    return counts;
}

Pattern read(const std::string& text) {
    std::istringstream in(text);
    return readRle(in, "fuzz.rle");
}

// Written with the pattern's rule (or one with enough states), read back: the same cells, name and rule,
// on a torus of the pattern's size.
void checkRoundTrip(const Pattern& pattern) {
    Rule rule;
    if (pattern.rule) {
        rule = pattern.rule->rule;
        // A pattern larger than its topology's grid (a 6x3 pattern on ":S3") has no grid of its own size
        // with that topology: catlab refuses to place it, so there is nothing to write.
        try {
            validateTopologyJoins(rule.topology, {pattern.cells.width(), pattern.cells.height()});
        } catch (const Error&) {
            return;
        }
    } else {
        const auto cells = pattern.cells.cells();
        rule.states = std::max(2, int(*std::max_element(cells.begin(), cells.end())) + 1);
    }
    std::ostringstream out;
    writeRle(out, pattern.cells, rule, pattern.name);
    const Pattern again = mustAccept("the RLE written for it\n" + out.str(), [&] { return read(out.str()); });
    require(again.cells == pattern.cells, "cells differ after writing and reading back\n" + out.str());
    require(again.name == pattern.name, "name differs after writing and reading back\n" + out.str());
    // Written in Golly's notation: the same rule, or (a multi-range rule counting the centre) the
    // equivalent one that does not, which Golly's notation writes the same way; on a grid of the
    // pattern's size, an unbounded side (a tube's or a strip's) staying 0.
    const Topology& t = rule.topology;
    const GridSize written{t.unboundedWidth ? 0 : pattern.cells.width(),
                           t.unboundedHeight ? 0 : pattern.cells.height()};
    require(again.rule && formatRuleForGolly(again.rule->rule) == formatRuleForGolly(rule) &&
                again.rule->size == written,
            "rule differs after writing and reading back\n" + out.str());
}

void checkPlacement(const Pattern& pattern, GridSize torus) {
    if (std::uint64_t(torus.width) * std::uint64_t(torus.height) > std::uint64_t(kMaxCells)) return;
    const auto placed = fuzz::acceptedBy([&] { return placePattern(pattern, torus); });
    if (!placed) return;
    require(placed->size() == torus, "the placed pattern has the torus's size");
    require(liveStateCounts(*placed) == liveStateCounts(pattern.cells), "placing the pattern changed its cells");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::textOf(data, size);
    if (headerCells(text) > kMaxCells) return 0;
    const auto pattern = fuzz::acceptedBy([&] { return read(text); });
    if (!pattern) return 0;

    checkRoundTrip(*pattern);
    const GridSize own = pattern->cells.size();
    if (pattern->rule && pattern->rule->size) checkPlacement(*pattern, *pattern->rule->size);
    checkPlacement(*pattern, own);
    checkPlacement(*pattern, {own.width + 3, own.height + 8});
    return 0;
}
