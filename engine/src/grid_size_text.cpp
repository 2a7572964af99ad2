#include "catlab/grid_size_text.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <charconv>
#include <string_view>

namespace catlab {
namespace {

int parseSide(const std::string& whole, std::string_view text) {
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw Error("bad grid size '" + whole + "': expected WxH or N, e.g. 1000x777");
    if (v < 1 || v > kMaxGridSide)
        throw Error("bad grid size '" + whole + "': each side must be 1.." + std::to_string(kMaxGridSide));
    return int(v);
}

} // namespace

GridSize parseGridSize(const std::string& text) {
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string::npos) {
        const int n = parseSide(text, text);
        return {n, n};
    }
    return {parseSide(text, std::string_view(text).substr(0, x)),
            parseSide(text, std::string_view(text).substr(x + 1))};
}

std::string formatGridSize(GridSize size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

} // namespace catlab
