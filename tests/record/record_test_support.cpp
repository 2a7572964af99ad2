#include "record/record_test_support.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace catlab::testing {

namespace fs = std::filesystem;

fs::path testDirectory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const fs::path dir = fs::path(CATLAB_TEST_WORK) / (std::string(info->test_suite_name()) + "." + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::permissions(dir, fs::perms::all);
    return dir;
}

long long reportedFrames(const std::string& text, const std::string& label) {
    std::smatch match;
    if (!std::regex_search(text, match, std::regex(label + " ([0-9]+) frames"))) return -1;
    return std::stoll(match[1]);
}

} // namespace catlab::testing
