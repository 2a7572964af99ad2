#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace catlab {
namespace {

const Rule kLife = parseRule("B3/S23").rule;

TEST(BackendTimings, ReadsBenchCsvWithQuotedFieldsAndSkipsFailedRows) {
    const BackendTimings t = BackendTimings::parse("# comment\n"
                                                   "backend,radius,rule,cell_updates_per_s,status\n"
                                                   "cpu,1,\"R1,C0,M0,S2..3,B3..3,NM\",4e9,ok\n"
                                                   "cpu,4,\"R4,C0\",2e9,ok\n"
                                                   "cpu-naive,1,B3/S23,9e12,out of memory\n",
                                                   "t.csv");
    EXPECT_TRUE(t.has("CPU"));
    EXPECT_FALSE(t.has("cpu-naive")); // only a failed row
    EXPECT_DOUBLE_EQ(t.estimate("cpu", 1), 4e9);
    EXPECT_DOUBLE_EQ(t.estimate("cpu", 2), 4e9 - 2e9 / 3.0); // interpolated between radius 1 and 4
    EXPECT_DOUBLE_EQ(t.estimate("cpu", 8), 2e9 / 4.0);       // beyond the last radius: (4/8)^2
    EXPECT_DOUBLE_EQ(t.estimate("pack", 3), 0.0);            // unmeasured
}

TEST(BackendTimings, ErrorsNameTheLine) {
    try {
        BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,x,1e9\n", "mine.csv");
        FAIL() << "accepted a bad radius";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("mine.csv line 2: bad radius 'x'"), std::string::npos) << e.what();
    }
    EXPECT_THROW(BackendTimings::parse("name,ms\ncpu,3\n", "h.csv"), Error);
    EXPECT_THROW(BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1\n", "f.csv"), Error);
    EXPECT_THROW(BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1,-5\n", "n.csv"), Error);
}

TEST(BackendTimings, NumbersAreStrict) {
    const auto errorOf = [](const std::string& row) {
        try {
            BackendTimings::parse("backend,radius,cell_updates_per_s\n" + row + "\n", "t.csv");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(errorOf("cpu,501,1e9"), "t.csv line 2: bad radius '501' (expected 1..500)");
    EXPECT_EQ(errorOf("cpu,99999999999,1e9"), "t.csv line 2: bad radius '99999999999' (expected 1..500)");
    EXPECT_EQ(errorOf("cpu,1,inf"), "t.csv line 2: bad cell_updates_per_s 'inf' (expected 1 or more)");
    EXPECT_EQ(errorOf("cpu,1,nan"), "t.csv line 2: bad cell_updates_per_s 'nan' (expected 1 or more)");
    EXPECT_EQ(errorOf("cpu,1,1e999"), "t.csv line 2: bad cell_updates_per_s '1e999' (expected 1 or more)");
    EXPECT_EQ(errorOf("cpu,500,1e9"), "(no error)");
}

// Every neighbourhood shape gets a backend that computes it exactly (on a GPU machine: a device one).
TEST(BackendChoice, AutoPicksAnExactBackendForEveryShape) {
    std::vector<std::string> texts;
    for (char letter : std::string("MNC+X*2HBD#3ALG")) texts.push_back("R3,C4,S2-9,B3-7,N" + std::string(1, letter));
    texts.push_back("R1,C0,S2,B3,NW123401323");
    texts.push_back("R2,C0,S2,B3,N@891891L");
    const bool gpu = std::any_of(
        BackendRegistry::instance().all().begin(), BackendRegistry::instance().all().end(),
        [](const BackendSpec& s) { return s.memorySpace == MemorySpace::Device && !s.unavailableReason(); });
    for (const std::string& text : texts) {
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        const BackendChoice choice = chooseBackend(rule, {67, 45});
        const BackendSpec& spec = BackendRegistry::instance().find(choice.name);
        EXPECT_FALSE(spec.unsupportedReason(rule)) << choice.name;
        EXPECT_EQ(spec.memorySpace == MemorySpace::Device, gpu) << choice.name;
    }
}

TEST(BackendTimings, TheBuiltInTableMeasuresTheCpuBackend) {
    EXPECT_TRUE(BackendTimings::standard().has("cpu"));
    EXPECT_GT(BackendTimings::standard().estimate("cpu", 5), 0.0);
}

TEST(ChooseBackend, FollowsTheMeasurementsAmongExactBackends) {
    const BackendTimings naiveFaster =
        BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1,1e9\ncpu-naive,1,2e9\n", "t");
    const BackendTimings cpuFaster =
        BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1,3e9\ncpu-naive,1,2e9\n", "t");
    const bool gpu = [] {
        for (const BackendSpec& spec : BackendRegistry::instance().all())
            if (spec.memorySpace == MemorySpace::Device && !spec.unavailableReason()) return true;
        return false;
    }();
    if (gpu) GTEST_SKIP() << "a CUDA device is present: device backends come first";
    EXPECT_EQ(chooseBackend(kLife, {64, 64}, naiveFaster).name, "cpu-naive");
    const BackendChoice choice = chooseBackend(kLife, {64, 64}, cpuFaster);
    EXPECT_EQ(choice.name, "cpu");
    EXPECT_NE(choice.reason.find("auto picked cpu"), std::string::npos) << choice.reason;
    // Unmeasured backends come after measured ones, whatever the registration order.
    const BackendTimings onlyNaive = BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu-naive,1,1e3\n", "t");
    EXPECT_EQ(chooseBackend(kLife, {64, 64}, onlyNaive).name, "cpu-naive");
}

TEST(ChooseBackend, AutoIsANameForTheChoice) {
    EXPECT_TRUE(isAutoBackend("Auto"));
    EXPECT_FALSE(isAutoBackend("cpu"));
    EXPECT_EQ(resolveBackendName("cpu-naive", kLife, {8, 8}), "cpu-naive");
    EXPECT_EQ(resolveBackendName("auto", kLife, {8, 8}), chooseBackend(kLife, {8, 8}).name);
}

TEST(SimulatorAuto, RunsTheChosenBackendAndChoosesAgainForANewRule) {
    Simulator sim(kLife, GridSize{40, 30}, 0.4, 7, "auto");
    EXPECT_TRUE(sim.autoBackend());
    EXPECT_EQ(sim.backendName(), chooseBackend(kLife, {40, 30}).name);
    EXPECT_NE(sim.backendReason().find("auto picked"), std::string::npos);

    Simulator oracle(kLife, GridSize{40, 30}, 0.4, 7, "cpu-naive");
    sim.step(5);
    oracle.step(5);
    EXPECT_EQ(sim.snapshot(), oracle.snapshot());

    const Rule wide = parseRule("R3,C0,M1,S9..20,B10..14,NM").rule;
    sim.setRule(wide);
    oracle.setRule(wide);
    EXPECT_TRUE(sim.autoBackend());
    EXPECT_EQ(sim.backendName(), chooseBackend(wide, {40, 30}).name);
    sim.step(3);
    oracle.step(3);
    EXPECT_EQ(sim.snapshot(), oracle.snapshot());

    sim.switchBackend("cpu-naive");
    EXPECT_FALSE(sim.autoBackend());
    EXPECT_TRUE(sim.backendReason().empty());
    EXPECT_THROW(sim.switchBackend("no-such-backend"), Error);
    EXPECT_EQ(sim.backendName(), "cpu-naive"); // a failed switch changes nothing
}

} // namespace
} // namespace catlab
