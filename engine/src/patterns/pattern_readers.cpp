#include "patterns/pattern_readers.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <cctype>

namespace catlab::patterns {
namespace {

// Far beyond any pattern of the formats without a bounding box in Golly's collections (8 Mi cells, 256 MiB
// of list); larger patterns come as RLE, which is read straight into its grid.
constexpr std::size_t kMaxSetCells = std::size_t(1) << 23;

} // namespace

bool LineReader::next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t end = pos_;
    while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
    line = text_.substr(pos_, end - pos_);
    if (end < text_.size() && text_[end] == '\r' && end + 1 < text_.size() && text_[end + 1] == '\n') ++end;
    pos_ = end + 1;
    ++lineNumber_;
    return true;
}

void LineReader::failAt(int line, const std::string& why) const {
    throw Error(source_ + ":" + std::to_string(line) + ": " + why);
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
}

void CellCollector::set(long long x, long long y, int state) {
    if (cells_.size() >= kMaxSetCells)
        throw Error("more than " + std::to_string(kMaxSetCells) + " cells set: too large a pattern for catlab");
    cells_.push_back({x, y, state, cells_.size()});
    settled_ = false;
}

void CellCollector::settle() const {
    if (settled_) return;
    std::sort(cells_.begin(), cells_.end(), [](const Entry& a, const Entry& b) {
        return a.y != b.y ? a.y < b.y : a.x != b.x ? a.x < b.x : a.order < b.order;
    });
    std::vector<Entry> kept;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
        const bool lastOfCell =
            i + 1 == cells_.size() || cells_[i + 1].x != cells_[i].x || cells_[i + 1].y != cells_[i].y;
        if (lastOfCell && cells_[i].state != 0) kept.push_back(cells_[i]);
    }
    for (std::size_t i = 0; i < kept.size(); ++i) kept[i].order = i;
    cells_ = std::move(kept);
    settled_ = true;
}

bool CellCollector::empty() const {
    settle();
    return cells_.empty();
}

void CellCollector::shift(long long dx, long long dy) {
    for (Entry& e : cells_) {
        e.x += dx;
        e.y += dy;
    }
}

CellCollector::Box CellCollector::box() const {
    settle();
    Box b{cells_.front().x, cells_.front().y, cells_.front().x, cells_.front().y};
    for (const Entry& e : cells_) {
        b.left = std::min(b.left, e.x);
        b.right = std::max(b.right, e.x);
        b.top = std::min(b.top, e.y);
        b.bottom = std::max(b.bottom, e.y);
    }
    return b;
}

void CellCollector::fill(Pattern& pattern, int states) const {
    if (empty()) {
        pattern.cells = Grid(GridSize{1, 1});
        return;
    }
    const Box b = box();
    const long long width = b.right - b.left + 1, height = b.bottom - b.top + 1;
    if (width > kMaxGridSide || height > kMaxGridSide || width <= 0 || height <= 0)
        throw Error("the pattern spans " + std::to_string(b.right - b.left + 1) + "x" +
                    std::to_string(b.bottom - b.top + 1) + " cells, more than a grid side of " +
                    std::to_string(kMaxGridSide));
    pattern.cells = Grid(GridSize{int(width), int(height)});
    for (const Entry& e : cells_)
        pattern.cells.at(int(e.x - b.left), int(e.y - b.top)) = Cell(e.state < states ? e.state : 1);
    pattern.position = {{b.left, b.top}};
}

} // namespace catlab::patterns
