// Golly's extended RLE: "x = 3, y = 3, rule = B3/S23:T64,64", then runs of b/o (two states) or
// . A..X pA..yO (up to 256 states), $ ending rows and ! ending the pattern.
#include "catlab/rle.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/cell_rect.hpp"
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/number_text.hpp"
#include "catlab/text_file.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

namespace catlab {
namespace {

// Room for any real pattern (the largest of Golly's collections are tens of MB). Lines may be as long
// as the file: some writers put all the cells on one.
constexpr std::size_t kMaxRleFileBytes = std::size_t(256) << 20;
constexpr TextFileLimits kRleFileLimits{.maxBytes = kMaxRleFileBytes, .maxLineLength = kMaxRleFileBytes};

// The longest run a pattern may give ("100000000b"): far beyond any bounding box side.
constexpr long long kMaxRunCount = 100'000'000;

class RleReader {
  public:
    RleReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}

    Pattern read() {
        Pattern p;
        std::string line;
        bool haveHeader = false;
        while (std::getline(in_, line)) {
            ++lineNumber_;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty()) continue;
            if (line[0] == '#') {
                readComment(line, p);
                continue;
            }
            if (!haveHeader) {
                readHeader(line, p);
                haveHeader = true;
                continue;
            }
            if (readCells(line, p)) return p;
        }
        if (!haveHeader) fail("no 'x = ..., y = ...' header line");
        fail("pattern data ends without '!'");
    }

  private:
    [[noreturn]] void fail(const std::string& why) const {
        throw Error(source_ + ":" + std::to_string(lineNumber_) + ": " + why);
    }

    // "#N" names the pattern and "#CXRLE" places it; every other comment line is kept as it is.
    void readComment(const std::string& line, Pattern& p) {
        if (line.rfind("#N", 0) == 0) {
            // Trimmed at both ends: white space there (a CR of a CRLF file, say) is no part of the name.
            p.name = trim(line.substr(2));
        } else if (line.rfind("#CXRLE", 0) == 0) {
            readExtendedHeader(line, p);
        } else {
            p.comments.push_back(line);
        }
    }

    // Golly's "#CXRLE Pos=X,Y Gen=N": the top-left cell relative to the torus centre, the generation.
    void readExtendedHeader(const std::string& line, Pattern& p) {
        std::istringstream words(line.substr(6));
        for (std::string word; words >> word;) {
            if (word.rfind("Pos=", 0) == 0) {
                const std::string value = word.substr(4);
                const size_t comma = value.find(',');
                long long x = 0, y = 0;
                if (comma == std::string::npos ||
                    parseInteger(std::string_view(value).substr(0, comma), x) != IntegerText::Ok ||
                    parseInteger(std::string_view(value).substr(comma + 1), y) != IntegerText::Ok)
                    fail("bad " + word + " in #CXRLE line: expected Pos=X,Y, two whole numbers within " +
                         rangeText(std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()));
                p.position = {{x, y}};
            } else if (word.rfind("Gen=", 0) == 0) {
                const std::string value = word.substr(4);
                // Golly's generation counts have no upper bound: kept as the digits.
                if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                    fail("bad " + word + " in #CXRLE line: expected Gen=N, a whole number of generations");
                p.generation = value;
            }
        }
    }

    void readHeader(const std::string& line, Pattern& p) {
        std::optional<int> width, height;
        std::string rest = line;
        while (!rest.empty()) {
            const size_t comma = rest.find(',');
            std::string item = rest.substr(0, comma);
            // rule strings contain commas: the rule field takes the rest of the line
            if (item.find('=') != std::string::npos && trim(item.substr(0, item.find('='))) == "rule") {
                item = rest;
                rest.clear();
            } else {
                rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
            }
            const size_t eq = item.find('=');
            if (eq == std::string::npos) fail("expected 'key = value' in header, got '" + trim(item) + "'");
            const std::string key = trim(item.substr(0, eq)), value = trim(item.substr(eq + 1));
            if (key == "x" || key == "y") {
                std::optional<int>& side = key == "x" ? width : height;
                if (side) fail("header gives " + key + " twice");
                int v = 0;
                if (parseInteger(value, v, 0, kMaxGridSide) != IntegerText::Ok)
                    fail("bad " + key + " value '" + value + "': expected a whole number " +
                         rangeText(0, kMaxGridSide));
                side = v;
            } else if (key == "rule") {
                try {
                    p.rule = parseRule(value);
                } catch (const Error& e) {
                    fail(e.what());
                }
            } else {
                fail("unknown header key '" + key + "'");
            }
        }
        if (!width || !height) fail("header needs both x and y");
        const GridSize size{std::max(1, *width), std::max(1, *height)};
        try {
            p.cells = Grid(size);
        } catch (const Error& e) {
            fail(std::string("pattern bounding box: ") + e.what());
        }
        if (*width == 0 || *height == 0) empty_ = true;
    }

    static std::string trim(std::string s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(0, 1);
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
        return s;
    }

    // Returns true at '!'.
    bool readCells(const std::string& line, Pattern& p) {
        const int states = p.rule ? p.rule->rule.states : kMaxStates;
        for (size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (std::isspace(static_cast<unsigned char>(c))) continue;
            if (std::isdigit(static_cast<unsigned char>(c))) {
                run_ = run_ * 10 + (c - '0');
                if (run_ > kMaxRunCount) fail("run count larger than " + std::to_string(kMaxRunCount));
                continue;
            }
            const long long n = run_ ? run_ : 1;
            run_ = 0;
            if (c == '!') return true;
            if (c == '$') {
                y_ += n;
                x_ = 0;
                continue;
            }
            int state;
            if (c == 'b' || c == '.')
                state = 0;
            else if (c == 'o')
                state = 1;
            else if (c >= 'A' && c <= 'X')
                state = c - 'A' + 1;
            else if (c >= 'p' && c <= 'y') {
                if (i + 1 >= line.size() || line[i + 1] < 'A' || line[i + 1] > 'X')
                    fail(std::string("state prefix '") + c + "' must be followed by A..X");
                state = 24 * (c - 'p' + 1) + (line[++i] - 'A' + 1);
            } else {
                fail(std::string("unexpected character '") + c + "' in pattern data");
            }
            if (state >= states)
                fail("cell state " + std::to_string(state) + " but the rule has only " + std::to_string(states) +
                     " states");
            if (state != 0) {
                if (empty_ || y_ >= p.cells.height() || x_ + n > p.cells.width())
                    fail("cells lie outside the " + std::to_string(p.cells.width()) + "x" +
                         std::to_string(p.cells.height()) + " bounding box given by the header");
                for (long long k = 0; k < n; ++k) p.cells.at(int(x_ + k), int(y_)) = Cell(state);
            }
            x_ += n;
        }
        return false;
    }

    std::istream& in_;
    std::string source_;
    int lineNumber_ = 0;
    long long run_ = 0;
    long long x_ = 0, y_ = 0;
    bool empty_ = false;
};

std::string stateToken(Cell s, bool twoStates) {
    if (twoStates) return s ? "o" : "b";
    if (s == 0) return ".";
    if (s <= 24) return std::string(1, char('A' + s - 1));
    const int k = (s - 1) / 24, j = s - 24 * k;
    return std::string{char('p' + k - 1), char('A' + j - 1)};
}

} // namespace

Pattern readRle(std::istream& in, const std::string& sourceName) { return RleReader(in, sourceName).read(); }

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

Grid cropGrid(const Grid& grid, const LiveBox& box) {
    Grid out({box.width, box.height});
    for (int y = 0; y < box.height; ++y) std::copy_n(grid.row(box.y + y) + box.x, box.width, out.row(y));
    return out;
}

// The header line ("x = .., y = .., rule = ..") and the cells, 70 characters a line.
void emitSizeAndCells(std::ostream& out, const Grid& grid, const RuleSpec& spec) {
    const bool twoStates = spec.rule.states == 2;
    out << "x = " << grid.width() << ", y = " << grid.height() << ", rule = " << formatRuleSpecForGolly(spec) << '\n';

    std::string line;
    auto emit = [&](long long count, const std::string& token) {
        std::string item = (count > 1 ? std::to_string(count) : "") + token;
        if (line.size() + item.size() > 70) {
            out << line << '\n';
            line.clear();
        }
        line += item;
    };
    long long pendingRows = 0;
    for (int y = 0; y < grid.height(); ++y) {
        const Cell* row = grid.row(y);
        int end = grid.width();
        while (end > 0 && row[end - 1] == 0) --end; // trailing dead cells are implicit
        if (end == 0) {
            ++pendingRows;
            continue;
        }
        if (pendingRows) emit(pendingRows, "$");
        pendingRows = 0;
        for (int x = 0; x < end;) {
            int runEnd = x;
            while (runEnd < end && row[runEnd] == row[x]) ++runEnd;
            emit(runEnd - x, stateToken(row[x], twoStates));
            x = runEnd;
        }
        pendingRows = 1;
    }
    line += '!';
    out << line << '\n';
}

// The RLE text, written as it is made; the caller checks the stream. Golly reads the #CXRLE line only
// when it comes first.
void emitRle(std::ostream& out, const Grid& whole, const Rule& rule, const RleExtras& extras) {
    // On an unbounded plane only the live cells' box is written, at its place; on a bounded grid the whole
    // grid, placed as Golly places its bounded grids (the top-left cell at -w/2, -h/2).
    // A tube or strip (topology.hpp) is unbounded one way only: its live box is placed on the origin
    // that way and as on a bounded grid the other, and its suffix names the bounded side.
    std::optional<Grid> box;
    long long posX = -(whole.width() / 2), posY = -(whole.height() / 2);
    const Topology& t = rule.topology;
    if (extras.unboundedOrigin) {
        const LiveBox live = liveBoxOf(whole);
        box = cropGrid(whole, live);
        const bool across = !t.unboundedSide() || t.unboundedWidth, downwards = !t.unboundedSide() || t.unboundedHeight;
        posX = (across ? extras.unboundedOrigin->first : posX) + live.x;
        posY = (downwards ? extras.unboundedOrigin->second : posY) + live.y;
    }
    const Grid& grid = box ? *box : whole;
    out << "#CXRLE Pos=" << posX << ',' << posY;
    if (extras.generation > 0) out << " Gen=" << extras.generation;
    out << '\n';
    if (!extras.name.empty()) out << "#N " << extras.name << '\n';
    for (const std::string& comment : extras.comments) {
        if (comment.rfind("#CXRLE", 0) == 0) continue; // ours replaces it
        out << (comment.starts_with('#') ? "" : "#C ") << comment << '\n';
    }
    const bool suffix = !extras.unboundedOrigin || t.unboundedSide();
    const RuleSpec spec{rule, suffix ? std::optional(whole.size()) : std::nullopt};
    emitSizeAndCells(out, grid, spec);
}

} // namespace

void writeRle(std::ostream& out, const Grid& grid, const Rule& rule, const RleExtras& extras) {
    emitRle(out, grid, rule, extras);
    if (!out) throw Error("failed writing RLE");
}

void writeRleBlock(std::ostream& out, const Grid& block, const RuleSpec& rule,
                   std::pair<std::int64_t, std::int64_t> position) {
    out << "#CXRLE Pos=" << position.first << ',' << position.second << '\n';
    emitSizeAndCells(out, block, rule);
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
    if (src.width() > torus.width || src.height() > torus.height)
        throw Error("pattern of " + std::to_string(src.width()) + "x" + std::to_string(src.height()) +
                    " cells does not fit a " + std::to_string(torus.width) + "x" + std::to_string(torus.height) +
                    " grid");
    long long left = (torus.width - src.width()) / 2, top = (torus.height - src.height()) / 2;
    // Golly's position counts along a side the file names: every side of its own torus, or the bounded
    // side of a tube or strip (the unbounded one, 0 in the file, has the caller's room).
    const std::optional<GridSize> named = pattern.rule ? pattern.rule->size : std::nullopt;
    const bool ownTorus = named && *named == torus;
    const bool unboundedSide = named && (named->width == 0 || named->height == 0);
    const bool ownWidth = ownTorus || (unboundedSide && named->width == torus.width);
    const bool ownHeight = ownTorus || (unboundedSide && named->height == torus.height);
    // Any 64-bit position: wrapped onto the torus before the centre is added, so nothing overflows.
    if (pattern.position && ownWidth) left = wrapCoordinate(pattern.position->first, torus.width) + torus.width / 2;
    if (pattern.position && ownHeight) top = wrapCoordinate(pattern.position->second, torus.height) + torus.height / 2;
    Grid out(torus);
    for (int y = 0; y < src.height(); ++y)
        for (int x = 0; x < src.width(); ++x) {
            const long long tx = ((left + x) % torus.width + torus.width) % torus.width;
            const long long ty = ((top + y) % torus.height + torus.height) % torus.height;
            out.at(int(tx), int(ty)) = src.at(x, y);
        }
    return out;
}

} // namespace catlab
