#pragma once
// The cases every backend is checked on against the cpu-naive oracle, in groups small enough that one
// group is one test: random odd-sized grids for every shape, centre, state count and radius; every
// preset; several count intervals; thin, tall and sparse grids; radii past the shared-memory tiles.

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <string>
#include <vector>

namespace catlab::testing {

struct OracleCase {
    std::string label;
    Rule rule;
    Grid start;
    int steps = 100;
    // The generations compared with the oracle's, ascending; every generation when empty.
    std::vector<int> checked;
    // The oracle recomputes each checked generation from the backend's own previous state, where running
    // it for every generation would take minutes (radius 64 and beyond).
    bool oracleFromBackendState = false;
};

// The names of the groups, and a group's cases (built on each call).
std::vector<std::string> oracleCaseGroups();
std::vector<OracleCase> oracleCases(const std::string& group);

// A random start; with more than two states, decaying cells too.
Grid randomStart(GridSize size, double density, std::uint64_t seed, int states = 2);

// The oracle's states at the case's checked generations (or every generation), computed once per process.
const std::vector<Grid>& oracleGenerations(const std::string& group, const OracleCase& c);

} // namespace catlab::testing
