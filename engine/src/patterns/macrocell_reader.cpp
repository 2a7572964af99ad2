// Golly's macrocell format (.mc), flattened into a grid when it fits: "[M2]" header, "#R" rule, "#G"
// generation, "#C"/"#N" comments, then one quadtree node a line, each referring to earlier ones by
// number (0: empty). Two-state files have 8x8 leaves ("..*$.*$" rows); others have level-1 nodes
// "1 nw ne sw se" of cell states. Nodes above are "level nw ne sw se". The last node is the root.
#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "patterns/pattern_readers.hpp"

#include <array>
#include <cmath>
#include <sstream>

namespace catlab::patterns {
namespace {

// The root's top-left cell is (-2^(L-1), 1 - 2^(L-1)) in Golly's coordinates: its tree is built with y
// pointing up around the origin. Levels above this would overflow the coordinates.
constexpr int kMaxLevel = 62;
// Live cells flattened at most: as many as CellCollector takes.
constexpr double kMaxFlattenedCells = double(1 << 23);

struct Node {
    int level = 0;
    std::array<int, 4> children{};      // nw ne sw se: node numbers, or cell states at level 1
    std::array<std::uint8_t, 8> rows{}; // an 8x8 leaf's rows, bit x for column x
    bool leaf8 = false;
    double population = 0;
};

class MacrocellReader {
  public:
    MacrocellReader(std::string_view text, const std::string& source) : lines_(text, source) {}

    Pattern read() {
        Pattern p;
        std::string_view line;
        lines_.next(line);
        if (line.rfind("[M2]", 0) != 0) lines_.fail("a macrocell file starts with '[M2]'");
        nodes_.push_back(Node{}); // node 0: empty
        while (lines_.next(line)) {
            if (trimmed(line).empty()) continue;
            if (line[0] == '#')
                readComment(line, p);
            else if (line[0] == '.' || line[0] == '*' || line[0] == '$')
                readLeaf(line);
            else
                readNode(line);
        }
        if (nodes_.size() == 1) {
            p.cells = Grid(GridSize{1, 1});
            return p;
        }
        const Node& root = nodes_.back();
        if (root.population > kMaxFlattenedCells)
            lines_.fail("the pattern has " + numberText(root.population) + " live cells, more than the " +
                        numberText(kMaxFlattenedCells) + " catlab flattens into a grid");
        const long long half = 1LL << (root.level - 1);
        place(int(nodes_.size() - 1), -half, 1 - half);
        try {
            cells_.fill(p, states_);
        } catch (const Error& e) {
            lines_.fail(e.what());
        }
        return p;
    }

  private:
    void readComment(std::string_view line, Pattern& p) {
        if (line.rfind("#R", 0) == 0) {
            try {
                p.rule = parseRule(trimmed(line.substr(2)));
            } catch (const Error& e) {
                lines_.fail(e.what());
            }
            states_ = p.rule->rule.states;
        } else if (line.rfind("#G", 0) == 0) {
            const std::string gen = trimmed(line.substr(2));
            if (gen.empty() || gen.find_first_not_of("0123456789") != std::string::npos)
                lines_.fail("bad '#G " + gen + "': expected a whole number of generations");
            p.generation = gen;
        } else if (line.rfind("#N", 0) == 0 && p.name.empty() && line.size() > 2) {
            p.name = trimmed(line.substr(2));
        } else {
            p.comments.emplace_back(line);
        }
    }

    void readLeaf(std::string_view line) {
        Node n;
        n.level = 3;
        n.leaf8 = true;
        int x = 0, y = 0;
        for (char c : line) {
            if (c == '$') {
                ++y;
                x = 0;
                continue;
            }
            if ((c != '.' && c != '*') || x >= 8 || y >= 8)
                lines_.fail("bad 8x8 leaf: expected up to 8 rows of up to 8 '.' or '*', each ended by '$'");
            if (c == '*') {
                n.rows[y] |= std::uint8_t(1u << x);
                ++n.population;
            }
            ++x;
        }
        nodes_.push_back(n);
    }

    void readNode(std::string_view line) {
        std::istringstream words{std::string(line)};
        std::string field[5], extra;
        for (std::string& f : field)
            if (!(words >> f)) lines_.fail("expected a node 'level nw ne sw se' (five whole numbers)");
        if (words >> extra) lines_.fail("a node line has five numbers, found more");
        Node n;
        if (parseInteger(field[0], n.level, 1, kMaxLevel) != IntegerText::Ok)
            lines_.fail("node level '" + field[0] + "' is not a whole number " + rangeText(1, kMaxLevel));
        const int nodeCount = int(nodes_.size());
        for (int q = 0; q < 4; ++q) {
            int& child = n.children[std::size_t(q)];
            if (n.level == 1) {
                if (parseInteger(field[q + 1], child, 0, kMaxStates - 1) != IntegerText::Ok)
                    lines_.fail("cell state '" + field[q + 1] + "' is not a whole number " +
                                rangeText(0, kMaxStates - 1));
                if (child >= states_)
                    lines_.fail("cell state " + std::to_string(child) + " but the rule has only " +
                                std::to_string(states_) + " states");
                n.population += child != 0;
                continue;
            }
            if (parseInteger(field[q + 1], child, 0, nodeCount - 1) != IntegerText::Ok)
                lines_.fail("node '" + field[q + 1] + "' is not one of the " + std::to_string(nodeCount - 1) +
                            " nodes given before it (or 0, empty)");
            const Node& c = nodes_[std::size_t(child)];
            if (child != 0 && c.level != n.level - 1)
                lines_.fail("node " + std::to_string(child) + " has level " + std::to_string(c.level) +
                            ", but a child of a level " + std::to_string(n.level) + " node has level " +
                            std::to_string(n.level - 1));
            n.population += c.population;
        }
        nodes_.push_back(n);
    }

    void place(int index, long long x, long long y) {
        if (index == 0) return;
        const Node& n = nodes_[std::size_t(index)];
        if (n.leaf8) {
            for (int r = 0; r < 8; ++r)
                for (int c = 0; c < 8; ++c)
                    if (n.rows[std::size_t(r)] >> c & 1) cells_.set(x + c, y + r, 1);
            return;
        }
        if (n.level == 1) {
            for (int q = 0; q < 4; ++q)
                if (n.children[std::size_t(q)]) cells_.set(x + q % 2, y + q / 2, n.children[std::size_t(q)]);
            return;
        }
        const long long half = 1LL << (n.level - 1);
        for (int q = 0; q < 4; ++q) place(n.children[std::size_t(q)], x + (q % 2) * half, y + (q / 2) * half);
    }

    LineReader lines_;
    std::vector<Node> nodes_;
    CellCollector cells_;
    int states_ = kMaxStates;
};

} // namespace

Pattern readMacrocell(std::string_view text, const std::string& source) { return MacrocellReader(text, source).read(); }

} // namespace catlab::patterns
