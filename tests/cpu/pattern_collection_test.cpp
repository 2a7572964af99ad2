// catlab's own pattern collection (assets/patterns), one test per file: it opens, names itself, says
// what it is in #C comments, steps on the CPU backend, and every "#C identify: ..." claim it makes is
// what Identify finds.
#include "catlab/identify.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/pattern_library.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace catlab {
namespace {

namespace fs = std::filesystem;

const fs::path kCollection = CATLAB_ASSET_PATTERNS;
const std::string kClaim = "#C identify: ";

std::vector<std::string> collectionFiles() {
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(kCollection))
        if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), kCollection).string());
    std::sort(files.begin(), files.end());
    return files;
}

class PatternCollection : public ::testing::TestWithParam<std::string> {};

TEST_P(PatternCollection, OpensStepsAndIsWhatItSays) {
    const fs::path path = kCollection / GetParam();
    ASSERT_TRUE(isPatternFileName(path.filename().string())) << "a file the library would not show: " << path;
    const Pattern pattern = readPatternFile(path.string());
    EXPECT_FALSE(pattern.name.empty()) << "no #N name";
    const PatternInfo info = describePattern(path, pattern);
    EXPECT_GE(info.comments.size(), 1u) << "no #C comment saying what it is";
    ASSERT_TRUE(pattern.rule) << "no rule";
    ASSERT_TRUE(pattern.rule->size) << "no torus: the collection's files run the same everywhere";
    EXPECT_GT(pattern.cells.population(), 0u);

    const Grid start = placePattern(pattern, *pattern.rule->size);
    Simulator sim(pattern.rule->rule, start, "cpu");
    sim.step(4);
    EXPECT_EQ(sim.generation(), 4u);

    for (const std::string& line : pattern.comments) {
        if (line.rfind(kClaim, 0) != 0) continue;
        const IdentifyResult result = identify(pattern.rule->rule, start, {.backend = "cpu", .maxGenerations = 5000});
        EXPECT_EQ(identifySummary(result), line.substr(kClaim.size()));
    }
}

INSTANTIATE_TEST_SUITE_P(Assets, PatternCollection, ::testing::ValuesIn(collectionFiles()),
                         [](const ::testing::TestParamInfo<std::string>& file) {
                             std::string name = file.param;
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

} // namespace
} // namespace catlab
