#pragma once

#include "catlab/grid.hpp"

#include <string>
#include <vector>

namespace catlab::testing {

// A grid drawn as text rows: '.' dead, 'o' alive, digits for other states.
inline Grid gridFromText(const std::vector<std::string>& rows) {
    Grid g({int(rows.at(0).size()), int(rows.size())});
    for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x) {
            const char c = rows[size_t(y)].at(size_t(x));
            g.at(x, y) = c == '.' ? 0 : c == 'o' ? 1 : Cell(c - '0');
        }
    return g;
}

inline std::string gridToText(const Grid& g) {
    std::string s;
    for (int y = 0; y < g.height(); ++y) {
        for (int x = 0; x < g.width(); ++x) {
            const Cell c = g.at(x, y);
            s += c == 0 ? '.' : c == 1 ? 'o' : char('0' + c);
        }
        s += '\n';
    }
    return s;
}

} // namespace catlab::testing
