// Writing a file by renaming a temporary over it needs only the folder's permission: catlab still refuses
// a file its owner made read-only, and replaces a writable one. Run as user nobody (root may write anything).
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> runOut(const std::string& path) {
    return {"run", "--rule", "life", "--size", "8", "--steps", "0", "--no-progress", "--out", path};
}

ChildOptions asUser() {
    ChildOptions options;
    options.dropRoot = true;
    return options;
}

TEST(OutputPermissions, AReadOnlyFileIsRefusedAndKept) {
    const fs::path dir = testDirectory();
    std::ofstream(dir / "kept.rle") << "not to be replaced";
    fs::permissions(dir / "kept.rle", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const ChildResult run = runCatlab(runOut("kept.rle"), dir, asUser());
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: cannot write 'kept.rle': Permission denied"), std::string::npos) << run.err;
    EXPECT_EQ(readFile(dir / "kept.rle"), "not to be replaced");
}

TEST(OutputPermissions, AWritableFileIsReplacedKeepingItsMode) {
    const fs::path dir = testDirectory();
    std::ofstream(dir / "shared.rle") << "old";
    const fs::perms mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                           fs::perms::group_write | fs::perms::others_read | fs::perms::others_write;
    fs::permissions(dir / "shared.rle", mode);
    const ChildResult run = runCatlab(runOut("shared.rle"), dir, asUser());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(readFile(dir / "shared.rle").find("x = 8, y = 8, rule = B3/S23:T8,8"), std::string::npos);
    EXPECT_EQ(fs::status(dir / "shared.rle").permissions(), mode);
}

} // namespace
} // namespace catlab::testing
