// Inputs the fuzzers of tests/fuzz found (or that their findings led to), each with what it must do now.
#include "catlab/error.hpp"
#include "catlab/rle.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace catlab {
namespace {

Pattern readText(const std::string& text) {
    std::istringstream in(text);
    return readRle(in, "fuzz.rle");
}

std::uint64_t population(const Grid& grid) {
    std::uint64_t live = 0;
    for (Cell c : grid.cells()) live += c != 0;
    return live;
}

// A "#CXRLE Pos=" far off the torus: adding half the torus side to it overflowed (UBSan). Golly's
// position wraps around the torus like every other coordinate.
TEST(FuzzFindings, RlePositionFarOffItsTorusWraps) {
    const Pattern far = readText("#CXRLE Pos=9223372036854775807,-9223372036854775807\n"
                                 "x = 3, y = 3, rule = B3/S23:T3,3\nbo$2bo$3o!\n");
    const Grid placed = placePattern(far, {3, 3});
    EXPECT_EQ(population(placed), 5u);
    // 2^63 - 1 = 1 (mod 3) and -(2^63 - 1) = 2 (mod 3): the same as Pos=1,2.
    const Pattern near = readText("#CXRLE Pos=1,2\nx = 3, y = 3, rule = B3/S23:T3,3\nbo$2bo$3o!\n");
    EXPECT_EQ(placed, placePattern(near, {3, 3}));
}

// A NUL byte inside a header value ended the number early: "x = 5<NUL>junk" read as x = 5.
TEST(FuzzFindings, RleHeaderValueWithNulByteIsRefused) {
    const std::string text("x = 5\0junk, y = 1\no!\n", 21);
    EXPECT_NE(testing::errorOf([&] { readText(text); }).find("fuzz.rle:1: bad x value"), std::string::npos);
}

} // namespace
} // namespace catlab
