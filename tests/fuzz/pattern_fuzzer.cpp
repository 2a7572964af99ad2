// Every pattern format catlab reads, as `--in`, the window's `load` and the Python module read a file:
// RLE, MCell, plaintext, Life 1.05 and 1.06 and macrocell, picked by content and, failing that, by the
// extension (the input's first byte chooses one). What is read writes as RLE and reads back to the same
// cells.
#include "fuzz_check.hpp"

#include "catlab/pattern_file.hpp"
#include "catlab/rle.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <string_view>

using namespace catlab;
using catlab::fuzz::mustAccept;
using catlab::fuzz::require;

namespace {

// A number of five digits or more may ask for a board or a bounding box of billions of cells, and many
// runs of four digits for millions of cells from a list: catlab checks those against the free host memory
// and allocates them, but under ASan an allocation that fails aborts instead of throwing std::bad_alloc,
// and what ASan keeps of freed blocks adds up over the run. The readers' limits are the unit tests'
// business. The MCell and RLE readers skip blanks and control bytes inside a run count, so digits they
// join count as one number.
bool asksForAHugeGrid(std::string_view text) {
    constexpr long long kMostCellsAsked = 1 << 20;
    long long number = 0, total = 0;
    int digits = 0;
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isdigit(byte)) {
            if (++digits >= 5) return true;
            number = number * 10 + (c - '0');
        } else if (byte > ' ') {
            total += number;
            if (total > kMostCellsAsked) return true;
            number = 0;
            digits = 0;
        }
    }
    return total + number > kMostCellsAsked;
}

} // namespace

// Patterns are limited by free host memory; the fuzzer's allocation limit is 2 GiB, so catlab is told
// to count on 1 GiB: a bounding box beyond it is refused with an error instead of allocated.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    setenv("CATLAB_HOST_MEMORY_MIB", "1024", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static constexpr std::array<const char*, 5> kPaths{"fuzz.rle", "fuzz.mcl", "fuzz.cells", "fuzz.lif", "fuzz.mc"};
    const std::string path = kPaths[data[0] % kPaths.size()];
    const std::string text = fuzz::textOf(data + 1, size - 1);
    if (asksForAHugeGrid(text)) return 0;
    const auto pattern = fuzz::acceptedBy([&] { return readPattern(text, path, path); });
    if (!pattern) return 0;
    require(pattern->cells.width() >= 1 && pattern->cells.height() >= 1, "a pattern read has cells");

    Rule rule;
    if (pattern->rule) {
        rule = pattern->rule->rule;
    } else {
        const auto cells = pattern->cells.cells();
        rule.states = std::max(2, int(*std::max_element(cells.begin(), cells.end())) + 1);
    }
    std::ostringstream out;
    writeRle(out, pattern->cells, rule, pattern->name);
    const Pattern again =
        mustAccept("the RLE written for it\n" + out.str(), [&] { return readPattern(out.str(), "again.rle"); });
    require(again.cells == pattern->cells, "cells differ after writing as RLE and reading back\n" + out.str());
    return 0;
}
