// Life 1.05 (.lif: "#P x y" blocks of '.' and '*' rows, "#R" the rule in S/B or B/S notation, "#N"
// Conway's Life, "#D" description) and Life 1.06 (one "x y" live cell a line).
#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "patterns/pattern_readers.hpp"

#include <sstream>
#include <tuple>

namespace catlab::patterns {
namespace {

// "x y": two whole numbers separated by spaces or tabs.
std::pair<long long, long long> coordinates(const LineReader& lines, std::string_view text, const char* what) {
    std::istringstream words{std::string(text)};
    std::string xs, ys, extra;
    long long x = 0, y = 0;
    constexpr long long kLimit = 1LL << 62; // room for any torus position; far from overflowing
    if (!(words >> xs >> ys) || (words >> extra) || parseInteger(xs, x, -kLimit, kLimit) != IntegerText::Ok ||
        parseInteger(ys, y, -kLimit, kLimit) != IntegerText::Ok)
        lines.fail(std::string("expected ") + what + ", two whole numbers " + rangeText(-kLimit, kLimit) + ", got '" +
                   trimmed(text) + "'");
    return {x, y};
}

void fillOrFail(const LineReader& lines, const CellCollector& cells, Pattern& p) {
    try {
        cells.fill(p);
    } catch (const Error& e) {
        lines.fail(e.what());
    }
}

// Life 1.05 writes "#R 23/3" (S/B) or "#R B234": a rule that names one set leaves the other empty.
RuleSpec lifeRule(const LineReader& lines, std::string text) {
    if (text.find('/') == std::string::npos && !text.empty()) {
        if (text[0] == 'B' || text[0] == 'b')
            text += "/S";
        else if (text[0] == 'S' || text[0] == 's')
            text += "/B";
    }
    try {
        return parseRule(text);
    } catch (const Error& e) {
        lines.fail(e.what());
    }
}

} // namespace

Pattern readLife105(std::string_view text, const std::string& source) {
    LineReader lines(text, source);
    Pattern p;
    CellCollector cells;
    std::string_view line;
    long long left = 0, x = 0, y = 0;
    lines.next(line); // the "#Life 1.05" header
    while (lines.next(line)) {
        if (trimmed(line).empty()) continue;
        if (line.rfind("#P", 0) == 0) {
            // A bare "#P" goes on below the block before, as Golly reads it.
            if (!trimmed(line.substr(2)).empty()) std::tie(left, y) = coordinates(lines, line.substr(2), "#P x y");
            x = left;
        } else if (line.rfind("#N", 0) == 0 && trimmed(line.substr(2)).empty()) {
            p.rule = parseRule("B3/S23");
        } else if (line.rfind("#R", 0) == 0) {
            p.rule = lifeRule(lines, trimmed(line.substr(2)));
        } else if (line[0] == '#') {
            p.comments.emplace_back(line);
        } else if (line[0] == '.' || line[0] == '*') {
            for (char c : line) {
                if (c == '*')
                    cells.set(x, y, 1);
                else if (c != '.')
                    lines.fail(std::string("unexpected character '") + c + "' in a Life 1.05 row: expected '.' or '*'");
                ++x;
            }
            x = left;
            ++y;
        } else {
            lines.fail("expected a '#' line or a row of '.' and '*' in a Life 1.05 file");
        }
    }
    fillOrFail(lines, cells, p);
    return p;
}

Pattern readLife106(std::string_view text, const std::string& source) {
    LineReader lines(text, source);
    Pattern p;
    CellCollector cells;
    std::string_view line;
    lines.next(line); // the "#Life 1.06" header
    while (lines.next(line)) {
        if (trimmed(line).empty()) continue;
        if (line[0] == '#') {
            p.comments.emplace_back(line);
            continue;
        }
        const auto [x, y] = coordinates(lines, line, "a live cell 'x y'");
        cells.set(x, y, 1);
    }
    fillOrFail(lines, cells, p);
    return p;
}

} // namespace catlab::patterns
