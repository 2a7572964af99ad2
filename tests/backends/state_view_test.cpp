// Every backend's stateView() read as state_view.hpp documents its layout gives the cells store()
// gives; a writable view's writes are the cells the next step starts from.
#include "backends/oracle_cases.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace catlab {
namespace {

std::vector<std::string> backendNames() {
    std::vector<std::string> names;
    for (const BackendSpec& spec : BackendRegistry::instance().all()) names.push_back(spec.name);
    return names;
}

// copyRows goes through CUDA whenever it is built in; host to host needs no device.
void copyBytes(void* destination, MemorySpace destinationSpace, const void* source, MemorySpace sourceSpace,
               std::size_t bytes) {
    if (destinationSpace == MemorySpace::Host && sourceSpace == MemorySpace::Host)
        std::memcpy(destination, source, bytes);
    else
        copyRows(destination, bytes, destinationSpace, source, bytes, sourceSpace, bytes, 1);
}

// The bytes the view spans, from its first element to its last, copied to the host.
std::vector<std::uint8_t> viewBytes(const StateView& v) {
    std::int64_t last = 0;
    for (std::size_t i = 0; i < v.shape.size(); ++i) last += (v.shape[i] - 1) * v.strides[i];
    const std::size_t bytes = std::size_t(last + 1) * elementBytes(v.element);
    std::vector<std::uint8_t> out(bytes);
    copyBytes(out.data(), MemorySpace::Host, v.data, v.space, bytes);
    return out;
}

std::uint32_t element(const StateView& v, const std::vector<std::uint8_t>& bytes, std::vector<std::int64_t> index) {
    std::int64_t offset = 0;
    for (std::size_t i = 0; i < index.size(); ++i) offset += index[i] * v.strides[i];
    if (v.element == StateElement::U8) return bytes[std::size_t(offset)];
    std::uint32_t word = 0;
    std::memcpy(&word, bytes.data() + std::size_t(offset) * 4, 4);
    return word;
}

// Cell (x, y) as the layout's comment in state_view.hpp reads it.
Cell cellOf(const StateView& v, const std::vector<std::uint8_t>& bytes, int x, int y) {
    auto bit = [&](std::vector<std::int64_t> index) { return (element(v, bytes, std::move(index)) >> (x % 32)) & 1u; };
    switch (v.layout) {
    case StateLayout::Cells: return Cell(element(v, bytes, {y, x}));
    case StateLayout::Tiles16: return Cell(element(v, bytes, {y / 16, y % 16, x / 16, x % 16}));
    case StateLayout::Bits32: return Cell(bit({y, x / 32}));
    case StateLayout::BitPlanes32: {
        if (v.shape[0] == 1) return Cell(bit({0, y, x / 32}));
        unsigned state = 0;
        for (int k = 0; k + 1 < v.shape[0]; ++k) state |= bit({1 + k, y, x / 32}) << k;
        return Cell(state);
    }
    }
    return 0;
}

class StateViewOf : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        if (auto why = BackendRegistry::instance().find(GetParam()).unavailableReason())
            GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    }
    std::vector<Rule> computedRules() const {
        std::vector<Rule> rules;
        for (const Rule& rule : {parseRule("B3/S23").rule, testing::scaledRule(5, Neighbourhood::Moore, false, 2),
                                 testing::scaledRule(3, Neighbourhood::VonNeumann, true, 5)})
            if (!BackendRegistry::instance().find(GetParam()).unsupportedReason(rule)) rules.push_back(rule);
        return rules;
    }
};

TEST_P(StateViewOf, ReadsAsItsLayoutSays) {
    for (const Rule& rule : computedRules()) {
        SCOPED_TRACE(rule.format());
        for (const GridSize size : {GridSize{101, 67}, GridSize{64, 48}}) {
            Simulator sim(rule, testing::randomStart(size, 0.4, 7, rule.states), GetParam());
            sim.step(3);
            const std::optional<StateView> view = sim.stateView();
            ASSERT_TRUE(view) << GetParam() << " describes no layout";
            EXPECT_EQ(view->size, size);
            EXPECT_EQ(view->space, sim.memorySpace());
            const std::vector<std::uint8_t> bytes = viewBytes(*view);
            const Grid want = sim.snapshot();
            for (int y = 0; y < size.height; ++y)
                for (int x = 0; x < size.width; ++x)
                    ASSERT_EQ(int(cellOf(*view, bytes, x, y)), int(want.at(x, y)))
                        << toString(view->layout) << " cell (" << x << ", " << y << ")";
        }
    }
}

// A glider written into an empty grid through the view (after a step, so that what a backend knows of
// the old cells is stale) runs as it does on the oracle.
TEST_P(StateViewOf, WritesThroughAWritableViewAreStepped) {
    const Rule life = parseRule("B3/S23").rule;
    if (BackendRegistry::instance().find(GetParam()).unsupportedReason(life)) GTEST_SKIP() << "computes no Life";
    Simulator sim(life, GridSize{40, 30}, 0.0, 1, GetParam());
    sim.step(1);
    const std::optional<StateView> view = sim.stateView();
    ASSERT_TRUE(view);
    if (!view->writable) GTEST_SKIP() << toString(view->layout) << " views are read-only";
    Grid glider(GridSize{40, 30});
    for (auto [x, y] : {std::pair{11, 10}, {12, 11}, {10, 12}, {11, 12}, {12, 12}}) glider.at(x, y) = 1;
    for (int y = 0; y < 30; ++y)
        copyBytes(static_cast<Cell*>(view->data) + std::size_t(y) * std::size_t(view->strides[0]), view->space,
                  glider.row(y), MemorySpace::Host, 40);
    sim.stateWritten();
    sim.step(8);
    Simulator oracle(life, glider, "cpu-naive");
    oracle.step(8);
    EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
    EXPECT_EQ(sim.population(), 5u);
}

INSTANTIATE_TEST_SUITE_P(Registry, StateViewOf, ::testing::ValuesIn(backendNames()),
                         [](const ::testing::TestParamInfo<std::string>& backend) {
                             std::string name = backend.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

} // namespace
} // namespace catlab
