// Golly's extended RLE, a chunk of rows at a time: "x = 3, y = 3, rule = B3/S23:T64,64", then runs of
// b/o (two states) or . A..X pA..yO (up to 256 states), $ ending rows and ! ending the pattern.
#include "catlab/rle_stream.hpp"

#include "catlab/cell_rect.hpp"
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/number_text.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <sstream>

namespace catlab {
namespace {

// Output lines are at most this long (the '!' may pass it), as Golly writes them.
constexpr std::size_t kLineLength = 70;

// The longest run a pattern may give ("100000000b"): far beyond any bounding box side.
constexpr long long kMaxRunCount = 100'000'000;

std::string stateToken(Cell s, bool twoStates) {
    if (twoStates) return s ? "o" : "b";
    if (s == 0) return ".";
    if (s <= 24) return std::string(1, char('A' + s - 1));
    const int k = (s - 1) / 24, j = s - 24 * k;
    return std::string{char('p' + k - 1), char('A' + j - 1)};
}

std::string trim(std::string s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(0, 1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
}

} // namespace

RleHeader rleHeaderOf(GridSize grid, const Rule& rule, const RleExtras& extras) {
    if (extras.unboundedOrigin)
        throw Error("the RLE of a growing plane holds its live cells' box, known only once the whole grid is seen: "
                    "it cannot be written row by row");
    return RleHeader{.size = grid,
                     .rule = RuleSpec{rule, grid},
                     .position = {-(grid.width / 2), -(grid.height / 2)},
                     .generation = extras.generation,
                     .name = extras.name,
                     .comments = extras.comments};
}

// Golly reads the #CXRLE line only when it comes first.
RleStreamWriter::RleStreamWriter(std::ostream& out, const RleHeader& header)
    : out_(out), size_(header.size), twoStates_(header.rule.rule.states == 2) {
    out_ << "#CXRLE Pos=" << header.position.first << ',' << header.position.second;
    if (header.generation > 0) out_ << " Gen=" << header.generation;
    out_ << '\n';
    if (!header.name.empty()) out_ << "#N " << header.name << '\n';
    for (const std::string& comment : header.comments) {
        if (comment.rfind("#CXRLE", 0) == 0) continue; // ours replaces it
        out_ << (comment.starts_with('#') ? "" : "#C ") << comment << '\n';
    }
    out_ << "x = " << size_.width << ", y = " << size_.height << ", rule = " << formatRuleSpecForGolly(header.rule)
         << '\n';
}

void RleStreamWriter::emit(long long count, std::string_view token) {
    const std::string item = (count > 1 ? std::to_string(count) : "") + std::string(token);
    if (line_.size() + item.size() > kLineLength) {
        out_ << line_ << '\n';
        line_.clear();
    }
    line_ += item;
}

void RleStreamWriter::writeRows(const Cell* cells, int rows, std::size_t stride) {
    if (rows < 0 || rows > size_.height - rowsWritten_)
        throw Error("RLE of " + std::to_string(size_.height) + " rows given " + std::to_string(rows) + " more after " +
                    std::to_string(rowsWritten_));
    for (int y = 0; y < rows; ++y, ++rowsWritten_) {
        const Cell* row = cells + std::size_t(y) * stride;
        int end = size_.width;
        while (end > 0 && row[end - 1] == 0) --end; // trailing dead cells are implicit
        if (end == 0) {
            ++pendingRows_;
            continue;
        }
        if (pendingRows_) emit(pendingRows_, "$");
        for (int x = 0; x < end;) {
            int runEnd = x;
            while (runEnd < end && row[runEnd] == row[x]) ++runEnd;
            emit(runEnd - x, stateToken(row[x], twoStates_));
            x = runEnd;
        }
        pendingRows_ = 1; // this row's end, written before whatever comes next
    }
}

// Rows of dead cells at the end need no '$': the header's height says they are there.
void RleStreamWriter::finish() {
    if (rowsWritten_ != size_.height)
        throw Error("RLE of " + std::to_string(size_.height) + " rows ended after " + std::to_string(rowsWritten_));
    line_ += '!';
    out_ << line_ << '\n';
    line_.clear();
}

RleFileWriter::RleFileWriter(const std::string& path, const RleHeader& header)
    : file_(path), rle_(file_.stream(), header) {}

void RleFileWriter::commit() {
    rle_.finish();
    // A failed write made the stream bad; commit() says why.
    file_.commit();
}

RleStreamReader::RleStreamReader(std::istream& in, std::string sourceName) : in_(in), source_(std::move(sourceName)) {
    for (std::string line; readLine(line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (line[0] == '#') {
            readComment(line);
            continue;
        }
        readHeader(line);
        states_ = metadata_.rule ? metadata_.rule->rule.states : kMaxStates;
        return;
    }
    fail("no 'x = ..., y = ...' header line");
}

void RleStreamReader::fail(const std::string& why) const { failAt(lineNumber_, why); }
void RleStreamReader::failAtHeader(const std::string& why) const { failAt(headerLine_, why); }
void RleStreamReader::failAt(int line, const std::string& why) const {
    throw Error(source_ + ":" + std::to_string(line) + ": " + why);
}

// One character, counting lines as getline would: a line counts from its first character.
int RleStreamReader::get() {
    const int c = in_.rdbuf()->sbumpc();
    if (c == std::char_traits<char>::eof()) return c;
    if (atLineStart_) ++lineNumber_;
    atLineStart_ = c == '\n';
    return c;
}

bool RleStreamReader::readLine(std::string& line) {
    line.clear();
    int c = get();
    if (c == std::char_traits<char>::eof()) return false;
    for (; c != std::char_traits<char>::eof() && c != '\n'; c = get()) line += char(c);
    return true;
}

// "#N" names the pattern and "#CXRLE" places it; every other comment line is kept as it is.
void RleStreamReader::readComment(const std::string& line) {
    if (line.rfind("#N", 0) == 0) {
        // Trimmed at both ends: white space there (a CR of a CRLF file, say) is no part of the name.
        metadata_.name = trim(line.substr(2));
    } else if (line.rfind("#CXRLE", 0) == 0) {
        readExtendedHeader(line);
    } else {
        metadata_.comments.push_back(line);
    }
}

// Golly's "#CXRLE Pos=X,Y Gen=N": the top-left cell relative to the torus centre, the generation.
void RleStreamReader::readExtendedHeader(const std::string& line) {
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
            metadata_.position = {{x, y}};
        } else if (word.rfind("Gen=", 0) == 0) {
            const std::string value = word.substr(4);
            // Golly's generation counts have no upper bound: kept as the digits.
            if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                fail("bad " + word + " in #CXRLE line: expected Gen=N, a whole number of generations");
            metadata_.generation = value;
        }
    }
}

void RleStreamReader::readHeader(const std::string& line) {
    headerLine_ = lineNumber_;
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
                fail("bad " + key + " value '" + value + "': expected a whole number " + rangeText(0, kMaxGridSide));
            side = v;
        } else if (key == "rule") {
            try {
                metadata_.rule = parseRule(value);
            } catch (const Error& e) {
                fail(e.what());
            }
        } else {
            fail("unknown header key '" + key + "'");
        }
    }
    if (!width || !height) fail("header needs both x and y");
    size_ = {std::max(1, *width), std::max(1, *height)};
    empty_ = *width == 0 || *height == 0;
}

int RleStreamReader::readRows(Cell* cells, int rows, std::size_t stride) {
    rows = std::clamp(rows, 0, rowsLeft());
    if (cells)
        for (int y = 0; y < rows; ++y) std::fill_n(cells + std::size_t(y) * stride, size_.width, Cell{0});
    // The last rows read on to '!': cells past the box, or no '!', are errors to report now.
    if (rows > 0 || (rowsLeft() == 0 && !ended_)) decodeUntil(cells, nextRow_, nextRow_ + rows, stride);
    nextRow_ += rows;
    return rows;
}

// Decodes until the file's next cell lies at or past row endRow, or, for the box's last row, to '!'. Run
// counts and the position carry over to the next call; cells go into `cells` (row firstRow first).
void RleStreamReader::decodeUntil(Cell* cells, int firstRow, int endRow, std::size_t stride) {
    const bool toTheEnd = endRow == size_.height;
    const int eof = std::char_traits<char>::eof();
    while (!ended_ && (toTheEnd || y_ < endRow)) {
        if (atLineStart_ && in_.rdbuf()->sgetc() == '#') { // comment lines may come among the cells
            std::string line;
            readLine(line);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            readComment(line);
            continue;
        }
        const int c = get();
        if (c == eof) fail("pattern data ends without '!'");
        if (std::isspace(c)) continue;
        if (std::isdigit(c)) {
            run_ = run_ * 10 + (c - '0');
            if (run_ > kMaxRunCount) fail("run count larger than " + std::to_string(kMaxRunCount));
            continue;
        }
        const long long n = run_ ? run_ : 1;
        run_ = 0;
        if (c == '!') {
            ended_ = true;
            break;
        }
        if (c == '$') {
            y_ += n;
            x_ = 0;
            continue;
        }
        int state;
        if (c == 'b' || c == '.') {
            state = 0;
        } else if (c == 'o') {
            state = 1;
        } else if (c >= 'A' && c <= 'X') {
            state = c - 'A' + 1;
        } else if (c >= 'p' && c <= 'y') {
            const int next = in_.rdbuf()->sgetc();
            if (next < 'A' || next > 'X') fail(std::string("state prefix '") + char(c) + "' must be followed by A..X");
            state = 24 * (c - 'p' + 1) + (get() - 'A' + 1);
        } else {
            fail(std::string("unexpected character '") + char(c) + "' in pattern data");
        }
        if (state >= states_)
            fail("cell state " + std::to_string(state) + " but the rule has only " + std::to_string(states_) +
                 " states");
        if (state != 0) {
            if (empty_ || y_ >= size_.height || x_ + n > size_.width)
                fail("cells lie outside the " + std::to_string(size_.width) + "x" + std::to_string(size_.height) +
                     " bounding box given by the header");
            highestState_ = std::max(highestState_, Cell(state));
            if (cells) std::fill_n(cells + std::size_t(y_ - firstRow) * stride + std::size_t(x_), n, Cell(state));
        }
        x_ += n;
    }
}

namespace {

std::ifstream openForReading(const std::string& path) {
    const std::string name = "pattern file '" + path + "'";
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error) throw Error("cannot open " + name + ": " + error.message());
    if (!std::filesystem::is_regular_file(status)) throw Error(name + " is not a regular file");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error("cannot open " + name + ": " + std::strerror(errno));
    return file;
}

} // namespace

RleFileReader::RleFileReader(const std::string& path) : file_(openForReading(path)), rle_(file_, path) {}

PatternPlacement placementOf(GridSize box, const Pattern& metadata, GridSize torus) {
    if (box.width > torus.width || box.height > torus.height)
        throw Error("pattern of " + std::to_string(box.width) + "x" + std::to_string(box.height) +
                    " cells does not fit a " + std::to_string(torus.width) + "x" + std::to_string(torus.height) +
                    " grid");
    long long left = (torus.width - box.width) / 2, top = (torus.height - box.height) / 2;
    // Golly's position counts along a side the file names: every side of its own torus, or the bounded
    // side of a tube or strip (the unbounded one, 0 in the file, has the caller's room).
    const std::optional<GridSize> named = metadata.rule ? metadata.rule->size : std::nullopt;
    const bool ownTorus = named && *named == torus;
    const bool unboundedSide = named && (named->width == 0 || named->height == 0);
    const bool ownWidth = ownTorus || (unboundedSide && named->width == torus.width);
    const bool ownHeight = ownTorus || (unboundedSide && named->height == torus.height);
    // Any 64-bit position: wrapped onto the torus before the centre is added, so nothing overflows.
    const auto& position = metadata.position;
    if (position && ownWidth) left = wrapCoordinate(position->first, torus.width) + torus.width / 2;
    if (position && ownHeight) top = wrapCoordinate(position->second, torus.height) + torus.height / 2;
    return {wrapCoordinate(left, torus.width), wrapCoordinate(top, torus.height)};
}

} // namespace catlab
