// Backend::signature() on every backend in the registry (GPU backends skip, saying why, where there is
// no CUDA device): the same box, population and hash as signatureOf() of the backend's own cells, for
// patterns inside the grid, across its edges and corners, empty and full, after steps.
#include "catlab/backend_registry.hpp"
#include "catlab/pattern_signature.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab {
namespace {

std::vector<std::string> allBackends() {
    std::vector<std::string> names;
    for (const BackendSpec& spec : BackendRegistry::instance().all()) names.push_back(spec.name);
    return names;
}

void expectSameSignature(const PatternSignature& got, const PatternSignature& want, const std::string& what) {
    EXPECT_EQ(got.population, want.population) << what;
    EXPECT_EQ(got.box.x, want.box.x) << what;
    EXPECT_EQ(got.box.y, want.box.y) << what;
    EXPECT_EQ(got.box.width, want.box.width) << what;
    EXPECT_EQ(got.box.height, want.box.height) << what;
    EXPECT_EQ(got.hash, want.hash) << what;
}

// A few cells in states 1.. at (x, y) offsets from a corner, wrapped onto the grid.
Grid withCells(GridSize size, int x0, int y0, const std::vector<std::vector<int>>& cells) {
    Grid grid(size);
    for (const auto& c : cells) grid.at((x0 + c[0]) % size.width, (y0 + c[1]) % size.height) = Cell(c[2]);
    return grid;
}

class SignatureOnEveryBackend : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        const BackendSpec& spec = BackendRegistry::instance().find(GetParam());
        if (auto why = spec.unavailableReason()) GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    }

    // Checks the signature at generation 0 and after some steps, where the backend computes the rule.
    void check(const std::string& ruleText, const Grid& start, int steps) {
        const Rule rule = parseRule(ruleText).rule;
        if (auto why = BackendRegistry::instance().find(GetParam()).unsupportedReason(rule)) return;
        Simulator sim(rule, start, GetParam());
        for (int g = 0; g <= steps; ++g) {
            expectSameSignature(sim.signature(), signatureOf(sim.snapshot()),
                                ruleText + " on " + std::to_string(start.width()) + "x" +
                                    std::to_string(start.height()) + ", generation " + std::to_string(g));
            sim.step();
        }
    }
};

TEST_P(SignatureOnEveryBackend, GliderAcrossEveryEdge) {
    const std::vector<std::vector<int>> glider = {{1, 0, 1}, {2, 1, 1}, {0, 2, 1}, {1, 2, 1}, {2, 2, 1}};
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{10, 9}, {69, 20}, {30, 51}, {69, 51}, {0, 0}})
        check("B3/S23", withCells({71, 53}, x, y, glider), 6);
}

TEST_P(SignatureOnEveryBackend, RandomSoupsAndEmptyGrids) {
    Grid soup({97, 45});
    fillRandom(soup, 0.3, 7);
    check("B3/S23", soup, 3);
    check("B3/S23", Grid({64, 33}), 1);
    Grid full({35, 40});
    for (Cell& c : full.cells()) c = 1;
    check("B3/S23", full, 0);
    check("R5,C0,M1,S34..58,B34..45,NM", soup, 3);
}

TEST_P(SignatureOnEveryBackend, DecayingStatesCount) {
    // Brian's Brain: cells in state 2 are part of the pattern and of its hash.
    check("/2/3", withCells({50, 38}, 48, 36, {{0, 0, 1}, {1, 0, 1}, {0, 1, 2}, {1, 1, 2}, {3, 3, 1}}), 5);
    Grid soup({61, 47});
    fillRandom(soup, 0.2, 3);
    check("R2,C5,M0,S3..6,B4..5,NM", soup, 4);
}

INSTANTIATE_TEST_SUITE_P(Backends, SignatureOnEveryBackend, ::testing::ValuesIn(allBackends()),
                         [](const ::testing::TestParamInfo<std::string>& backend) {
                             std::string name = backend.param;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

} // namespace
} // namespace catlab
