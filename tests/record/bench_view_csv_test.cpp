// `catlab bench-view --csv` appends a row under one header, and a failed append never costs the rows the
// file had: the new file (old rows and the new one) replaces the old only once it is whole.
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> benchViewArgs(const std::string& csv) {
    return {"bench-view", "--size",   "64x48", "--grid",   "64", "--rule", "life", "--backend",
            "cpu",        "--frames", "2",     "--warmup", "0",  "--csv",  csv};
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> namesIn(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(BenchViewCsv, AppendsRowsUnderOneHeader) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    for (int run = 0; run < 2; ++run) {
        const ChildResult result = runCatlab(benchViewArgs("views.csv"), dir);
        ASSERT_EQ(result.exitCode, 0) << result.err;
    }
    const std::vector<std::string> lines = linesOf(readFile(dir / "views.csv"));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].rfind("frame_width,frame_height,grid_width", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("64,48,64,64,B3/S23,cpu,", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2].rfind("64,48,64,64,B3/S23,cpu,", 0), 0u) << lines[2];
}

// The file size limit stops writes as a full disk would: the copy of the old rows plus the new one does
// not fit, and the old rows stay.
TEST(BenchViewCsv, AFailedAppendKeepsTheOldRowsAndLeavesNoTemporary) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    std::string old = "frame_width,frame_height\n";
    for (int row = 0; row < 1000; ++row) old += "1920,1080\n";
    std::ofstream(dir / "views.csv") << old;
    ChildOptions limited;
    limited.fileSizeLimit = old.size() + 10;
    const ChildResult result = runCatlab(benchViewArgs("views.csv"), dir, limited);
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("catlab: error: cannot write 'views.csv': File too large"), std::string::npos)
        << result.err;
    EXPECT_EQ(readFile(dir / "views.csv"), old);
    EXPECT_EQ(namesIn(dir), (std::vector<std::string>{"stderr.txt", "stdout.txt", "views.csv"}));
}

TEST(BenchViewCsv, DevFullFailsLoudly) {
    REQUIRE_HEADLESS_OPENGL();
    std::error_code ignored;
    if (!fs::is_character_file("/dev/full", ignored)) GTEST_SKIP() << "no /dev/full here";
    const ChildResult result = runCatlab(benchViewArgs("/dev/full"), testDirectory());
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("catlab: error: cannot write '/dev/full': No space left on device"), std::string::npos)
        << result.err;
}

TEST(BenchViewCsv, AFolderIsRefusedBeforeTheBenchmark) {
    const fs::path dir = testDirectory();
    fs::create_directory(dir / "results");
    const ChildResult result = runCatlab(benchViewArgs("results"), dir);
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("catlab: error: cannot write 'results': Is a directory"), std::string::npos)
        << result.err;
    EXPECT_EQ(result.out.find("frame "), std::string::npos) << result.out; // nothing was measured
}

} // namespace
} // namespace catlab::testing
