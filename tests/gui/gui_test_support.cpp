#include "gui/gui_test_support.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace catlab::testing {
namespace {

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

std::filesystem::path testDirectory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir =
        std::filesystem::path(CATLAB_TEST_WORK) / (std::string(info->test_suite_name()) + "." + info->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

RunResult runCatlab(const std::vector<std::string>& args, const std::filesystem::path& directory,
                    const std::string& environmentPrefix) {
    std::string command = "cd ";
    command += quote(directory.string());
    // The window keeps its recent files in the test's own folder, never in the home of whoever runs the tests.
    command += " && XDG_CONFIG_HOME=";
    command += quote((directory / "config").string());
    command += " ";
    command += environmentPrefix;
    command += " ";
    command += quote(CATLAB_EXECUTABLE);
    for (const std::string& arg : args) {
        command += ' ';
        command += quote(arg);
    }
    const auto out = directory / "stdout.txt", err = directory / "stderr.txt";
    command += " > ";
    command += quote(out.string());
    command += " 2> ";
    command += quote(err.string());
    const int status = std::system(command.c_str());
    RunResult result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readText(out);
    result.err = readText(err);
    return result;
}

std::filesystem::path writeScript(const std::filesystem::path& directory, const std::string& name,
                                  const std::string& text) {
    const auto path = directory / name;
    std::ofstream(path) << text;
    return path;
}

Image readPng(const std::filesystem::path& path) {
    int width = 0, height = 0, channels = 0;
    unsigned char* data = stbi_load(path.string().c_str(), &width, &height, &channels, 3);
    if (!data) {
        ADD_FAILURE() << "cannot decode " << path << ": " << stbi_failure_reason();
        return {};
    }
    Image image{width, height, std::vector<std::uint8_t>(data, data + std::size_t(width) * height * 3)};
    stbi_image_free(data);
    return image;
}

std::vector<PixelDifference> differingPixels(const Image& a, const Image& b) {
    std::vector<PixelDifference> diff;
    if (a.width != b.width || a.height != b.height) {
        ADD_FAILURE() << "images differ in size: " << a.width << "x" << a.height << " and " << b.width << "x"
                      << b.height;
        return diff;
    }
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            if (!std::equal(a.at(x, y), a.at(x, y) + 3, b.at(x, y))) diff.push_back({x, y});
    return diff;
}

int distinctColours(const Image& image) {
    std::set<std::uint32_t> colours;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        colours.insert(std::uint32_t(image.rgb[i]) << 16 | std::uint32_t(image.rgb[i + 1]) << 8 | image.rgb[i + 2]);
    return int(colours.size());
}

double brightFraction(const Image& image) {
    std::size_t bright = 0;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        if (int(image.rgb[i]) + image.rgb[i + 1] + image.rgb[i + 2] > 3 * 128) ++bright;
    return image.rgb.empty() ? 0.0 : double(bright) / double(image.rgb.size() / 3);
}

} // namespace catlab::testing
