// Plaintext (.cells): "!" comment lines ("!Name: ..." names the pattern), then one line per row of
// '.' (dead) and 'O' or '*' (alive). Golly puts the top-left cell at 0,0.
#include "catlab/error.hpp"
#include "patterns/pattern_readers.hpp"

namespace catlab::patterns {

Pattern readPlaintext(std::string_view text, const std::string& source) {
    LineReader lines(text, source);
    Pattern p;
    CellCollector cells;
    std::string_view line;
    long long y = 0;
    while (lines.next(line)) {
        if (!line.empty() && line[0] == '!') {
            if (line.rfind("!Name:", 0) == 0)
                p.name = trimmed(line.substr(6));
            else
                p.comments.emplace_back(line);
            continue;
        }
        for (std::size_t x = 0; x < line.size(); ++x) {
            const char c = line[x];
            if (c == 'O' || c == '*')
                cells.set((long long)x, y, 1);
            else if (c != '.' && !(c == ' ' && trimmed(line.substr(x)).empty()))
                lines.fail(std::string("unexpected character '") + c +
                           "' in plaintext cells: expected '.' (dead) or 'O' (alive)");
        }
        ++y;
    }
    try {
        cells.fill(p);
    } catch (const Error& e) {
        lines.fail(e.what());
    }
    return p;
}

} // namespace catlab::patterns
