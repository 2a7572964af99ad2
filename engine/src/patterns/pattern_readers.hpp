#pragma once
// What the readers of pattern_file.cpp share: numbered lines, errors naming the file and the line, and
// cells gathered at Golly's coordinates before the bounding box is known.
#include "catlab/rle.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catlab::patterns {

// The lines of a file's text, without their line breaks (LF, CRLF or CR), numbered from 1.
class LineReader {
  public:
    LineReader(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

    bool next(std::string_view& line);
    int lineNumber() const { return lineNumber_; }
    const std::string& source() const { return source_; }

    // Throws catlab::Error "source:line: why" for the line read last (or the given one).
    [[noreturn]] void fail(const std::string& why) const { failAt(lineNumber_, why); }
    [[noreturn]] void failAt(int line, const std::string& why) const;

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::string source_;
    int lineNumber_ = 0;
};

// Cells set one by one at Golly's coordinates (x right, y down); a later write to a cell replaces the
// earlier one, and state 0 clears it.
class CellCollector {
  public:
    // Throws catlab::Error when more cells are set than any pattern catlab can hold.
    void set(long long x, long long y, int state);
    bool empty() const;
    // Moves every live cell by (dx, dy).
    void shift(long long dx, long long dy);
    // Live cells' bounding box: left, top, right, bottom (inclusive). Only when !empty().
    struct Box {
        long long left, top, right, bottom;
    };
    Box box() const;
    // The cells and their top-left position into `pattern`; a state of `states` or more becomes 1, as
    // Golly reads MCell files. Throws catlab::Error when the bounding box cannot be a grid.
    void fill(Pattern& pattern, int states = kMaxStates) const;

  private:
    struct Entry {
        long long x, y;
        int state;
        std::size_t order;
    };
    void settle() const; // sorts and keeps the last write of each cell
    mutable std::vector<Entry> cells_;
    mutable bool settled_ = true;
};

std::string trimmed(std::string_view s);

// One reader per format; each throws catlab::Error "source:line: reason" on malformed input.
Pattern readMcell(std::string_view text, const std::string& source);
Pattern readPlaintext(std::string_view text, const std::string& source);
Pattern readLife105(std::string_view text, const std::string& source);
Pattern readLife106(std::string_view text, const std::string& source);
Pattern readMacrocell(std::string_view text, const std::string& source);

} // namespace catlab::patterns
