#pragma once
// Runs the real `catlab` executable (it opens a window on the display the tests run under, Xvfb in
// CI) and reads back the PNGs it saves.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace catlab::testing {

struct RunResult {
    int exitCode = -1;
    std::string out;
    std::string err;
};

struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; // row-major, top row first

    const std::uint8_t* at(int x, int y) const { return rgb.data() + 3 * (std::size_t(y) * width + x); }
    friend bool operator==(const Image&, const Image&) = default;
};

// A fresh, empty working directory for one test, named after it.
std::filesystem::path testDirectory();

// Runs catlab with these arguments in `directory` (each argument quoted for the shell), with
// XDG_CONFIG_HOME at directory/config (environmentPrefix, e.g. "XDG_CONFIG_HOME=/x", may set it elsewhere).
RunResult runCatlab(const std::vector<std::string>& args, const std::filesystem::path& directory,
                    const std::string& environmentPrefix = {});

// Writes a script file and returns its path.
std::filesystem::path writeScript(const std::filesystem::path& directory, const std::string& name,
                                  const std::string& text);

// Decodes a PNG with stb_image; fails the test (and returns an empty image) when it cannot.
Image readPng(const std::filesystem::path& path);

// Pixels whose colour differs between two images of the same size.
struct PixelDifference {
    int x, y;
};
std::vector<PixelDifference> differingPixels(const Image& a, const Image& b);

// Number of distinct colours and the fraction of pixels brighter than the background.
int distinctColours(const Image& image);
double brightFraction(const Image& image);

} // namespace catlab::testing
