#include "catlab/grid_size_text.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/number_text.hpp"

#include <string_view>

namespace catlab {
namespace {

int parseSide(const std::string& whole, std::string_view text) {
    int side = 0;
    switch (parseInteger(text, side, 1, kMaxGridSide)) {
    case IntegerText::Ok: break;
    case IntegerText::NotAnInteger: throw Error("bad grid size '" + whole + "': expected WxH or N, e.g. 1000x777");
    case IntegerText::OutOfRange:
        throw Error("bad grid size '" + whole + "': each side must be " + rangeText(1, kMaxGridSide));
    }
    return side;
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
