#pragma once
// What the `catlab record` tests share: a fresh work folder per test and the figures catlab prints.

#include "record/reference_frame.hpp"
#include "video/decoded_video.hpp"

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

// Checks with ffprobe that the file has this codec, frame size, frame count and duration (within 10 ms).
void expectVideo(const std::filesystem::path& file, const video::testing::ProbeResult& expected);

} // namespace catlab::testing
