#pragma once
// What the `catlab record` tests share: a fresh work folder per test and the figures catlab prints.

#include "record/reference_frame.hpp"

#include <filesystem>
#include <string>

#define REQUIRE_HEADLESS_OPENGL()                                                                                      \
    if (!::catlab::testing::whyNoHeadlessOpenGL().empty())                                                             \
    GTEST_SKIP() << "no headless OpenGL here: " << ::catlab::testing::whyNoHeadlessOpenGL()

namespace catlab::testing {

// An empty folder named after the running test, writable by everyone (the read-only test runs catlab
// as another user).
std::filesystem::path testDirectory();

// The number in catlab's "<label> N frames" line, or -1.
long long reportedFrames(const std::string& text, const std::string& label);

} // namespace catlab::testing
