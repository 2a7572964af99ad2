// Mirek Wojtowicz's MCell format (.mcl), placed as Golly places it: "#GAME" names the rule family,
// "#RULE" the rule, "#BOARD WxH" and "#WRAP 1" a torus, "#L" lines the cells in runs (. dead, A..X and
// aA..jX states, $ a new row).
#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "patterns/pattern_readers.hpp"

#include <cctype>

namespace catlab::patterns {
namespace {

// The games catlab computes; MCell's others (Weighted Life, Rules table, Cyclic CA...) are refused.
bool knownGame(const std::string& game) {
    return game == "Life" || game == "Generations" || game == "Larger than Life";
}

class McellReader {
  public:
    McellReader(std::string_view text, const std::string& source) : lines_(text, source) {}

    Pattern read() {
        Pattern p;
        std::string_view line;
        while (lines_.next(line)) {
            if (trimmed(line).empty()) continue;
            if (line.rfind("#L", 0) == 0 && (line.size() == 2 || line[2] == ' ')) {
                readCells(line.substr(2));
                continue;
            }
            if (line.empty() || line[0] != '#') lines_.fail("expected a line starting with '#' in an MCell file");
            readDirective(line, p);
        }
        finish(p);
        return p;
    }

  private:
    void readDirective(std::string_view line, Pattern& p) {
        const std::size_t space = line.find(' ');
        const std::string key(line.substr(0, space));
        const std::string value = space == std::string_view::npos ? "" : trimmed(line.substr(space + 1));
        if (key == "#BOARD") {
            readBoard(value);
        } else if (key == "#WRAP") {
            if (value != "0" && value != "1") lines_.fail("#WRAP must be 0 (a bounded plane) or 1 (a torus)");
            wrapped_ = value == "1";
            wrapLine_ = lines_.lineNumber();
        } else if (key == "#GAME") {
            game_ = value;
            gameLine_ = lines_.lineNumber();
        } else if (key == "#RULE" || key == "#GOLLY") {
            if (value.empty()) lines_.fail(key + " names no rule");
            ruleText_ = value.substr(0, value.find_first_of(" \t"));
            ruleLine_ = lines_.lineNumber();
        }
        // Every directive stays with the pattern, so that a saved file still says where it came from.
        p.comments.emplace_back(line);
    }

    void readBoard(const std::string& value) {
        const std::size_t x = value.find('x');
        if (x == std::string::npos ||
            parseInteger(std::string_view(value).substr(0, x), boardWidth_, 1, kMaxGridSide) != IntegerText::Ok ||
            parseInteger(std::string_view(value).substr(x + 1), boardHeight_, 1, kMaxGridSide) != IntegerText::Ok)
            lines_.fail("bad #BOARD '" + value + "': expected WxH, each side " + rangeText(1, kMaxGridSide));
        // Golly writes the cells from the board's top-left corner, then centres them (finish()).
        x_ = -(boardWidth_ / 2);
        y_ = -(boardHeight_ / 2);
    }

    void readCells(std::string_view data) {
        long long n = 0;
        for (std::size_t i = 0; i < data.size(); ++i) {
            const char c = data[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                n = n * 10 + (c - '0');
                if (n > kMaxGridSide) lines_.fail("run count larger than " + std::to_string(kMaxGridSide));
                continue;
            }
            if (static_cast<unsigned char>(c) <= ' ') continue;
            const long long run = n == 0 ? 1 : n;
            n = 0;
            if (c == '.') {
                x_ += run;
            } else if (c == '$') {
                x_ = -(boardWidth_ / 2);
                y_ += run;
            } else {
                int state = 0;
                char letter = c;
                if (c >= 'a' && c <= 'j') {
                    state = 24 * (c - 'a' + 1);
                    letter = i + 1 < data.size() ? data[++i] : '\0';
                }
                if (letter < 'A' || letter > 'X')
                    lines_.fail(std::string("unexpected character '") + c +
                                "' in #L data: expected digits, '.', '$', A..X or a..j followed by A..X");
                state += letter - 'A' + 1;
                for (long long k = 0; k < run; ++k) collector_.set(x_++, y_, state);
            }
        }
        if (n != 0) lines_.fail("#L line ends with a run count but no cell");
    }

    void finish(Pattern& p) {
        if (!game_.empty() && !knownGame(game_))
            lines_.failAt(gameLine_, "MCell game '" + game_ +
                                         "' is not supported (catlab runs Life, Generations and Larger than Life)");
        if (ruleText_.empty()) lines_.failAt(lines_.lineNumber(), "no #RULE line: the MCell file names no rule");
        try {
            p.rule = parseRule(ruleText_);
        } catch (const Error& e) {
            lines_.failAt(ruleLine_, e.what());
        }
        if (p.rule->size)
            lines_.failAt(ruleLine_, "the rule names a topology; an MCell file gives it with #BOARD and #WRAP");
        const bool bounded = boardWidth_ > 0;
        if (bounded) {
            p.rule->size = GridSize{boardWidth_, boardHeight_};
            // #WRAP 0: MCell's board ends at its edges, Golly's plane :Pw,h.
            if (!wrapped_) p.rule->rule.topology.kind = TopologyKind::Plane;
            try {
                validateTopologyJoins(p.rule->rule.topology, *p.rule->size);
            } catch (const Error& e) {
                lines_.failAt(wrapLine_ ? wrapLine_ : lines_.lineNumber(), e.what());
            }
        }
        if (bounded && !collector_.empty()) {
            // Golly's placement: the cells move from the top-left corner towards the middle of the board,
            // by half the room left (plus one, as MCell does).
            const CellCollector::Box b = collector_.box();
            const long long shiftX = (boardWidth_ + 1 - (b.right - b.left + 1)) / 2;
            const long long shiftY = (boardHeight_ + 1 - (b.bottom - b.top + 1)) / 2;
            if (shiftX > 0 || shiftY > 0) collector_.shift(shiftX, shiftY);
        }
        try {
            collector_.fill(p, p.rule->rule.states);
        } catch (const Error& e) {
            lines_.failAt(lines_.lineNumber(), e.what());
        }
    }

    LineReader lines_;
    CellCollector collector_;
    std::string game_ = "Life";
    std::string ruleText_;
    int gameLine_ = 0, ruleLine_ = 0, wrapLine_ = 0;
    int boardWidth_ = 0, boardHeight_ = 0;
    bool wrapped_ = false;
    long long x_ = 0, y_ = 0;
};

} // namespace

Pattern readMcell(std::string_view text, const std::string& source) { return McellReader(text, source).read(); }

} // namespace catlab::patterns
