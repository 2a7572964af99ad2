// Cloud volume sizes (parsing and limits) and the files volumes are written to.
#include "catlab/cloud/cloud_cells.hpp"
#include "catlab/cloud/cloud_size.hpp"
#include "catlab/cloud/cloud_volume_io.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace catlab::cloud {
namespace {

std::string errorOf(const std::string& text) {
    try {
        parseCloudSize(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(CloudSize, ParsesThreeSides) {
    EXPECT_EQ(parseCloudSize("256x256x64"), (CloudSize{256, 256, 64}));
    EXPECT_EQ(parseCloudSize("33X17x9"), (CloudSize{33, 17, 9}));
    EXPECT_EQ(sizeText({33, 17, 9}), "33x17x9");
}

TEST(CloudSize, RejectsMalformedSizesByName) {
    EXPECT_EQ(errorOf("256x256"), "bad cloud size '256x256': expected XxYxZ, e.g. 256x256x64");
    EXPECT_EQ(errorOf("12x4xq"), "bad cloud size '12x4xq': expected XxYxZ, e.g. 256x256x64");
    EXPECT_EQ(errorOf("x4x4"), "bad cloud size 'x4x4': expected XxYxZ, e.g. 256x256x64");
    EXPECT_EQ(errorOf("4x4x4x4"), "bad cloud size '4x4x4x4': expected XxYxZ, e.g. 256x256x64");
    EXPECT_EQ(errorOf("0x4x4"), "bad cloud size '0x4x4': each side must be 1..16384");
    EXPECT_EQ(errorOf("4x99999x4"), "bad cloud size '4x99999x4': each side must be 1..16384");
    EXPECT_THROW(checkCloudSize({16384, 16384, 16384}), Error); // more than 2^30 cells
    EXPECT_THROW(CloudCells({0, 1, 1}), Error);
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::uint32_t intAt(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | std::uint8_t(s[at + std::size_t(i)]);
    return v;
}

TEST(CloudVolumeIo, VoxHoldsTheCloudCells) {
    CloudCells cells({5, 4, 3});
    cells.at(1, 2, 0) = kCld;
    cells.at(4, 3, 2) = kCld | kHum;
    cells.at(0, 0, 1) = kHum; // not a cloud: not a voxel
    const std::string path = (std::filesystem::temp_directory_path() / "catlab_cloud_test.vox").string();
    writeVox(path, cells);
    const std::string f = readFile(path);
    std::filesystem::remove(path);
    ASSERT_EQ(f.size(), 8u + 12u + 24u + 16u + 8u);
    EXPECT_EQ(f.substr(0, 4), "VOX ");
    EXPECT_EQ(intAt(f, 4), 150u);
    EXPECT_EQ(f.substr(8, 4), "MAIN");
    EXPECT_EQ(intAt(f, 16), 24u + 16u + 8u); // children
    EXPECT_EQ(f.substr(20, 4), "SIZE");
    EXPECT_EQ(intAt(f, 32), 5u);
    EXPECT_EQ(intAt(f, 36), 4u);
    EXPECT_EQ(intAt(f, 40), 3u);
    EXPECT_EQ(f.substr(44, 4), "XYZI");
    EXPECT_EQ(intAt(f, 56), 2u);
    EXPECT_EQ(f.substr(60, 8), std::string("\x01\x02\x00\x01\x04\x03\x02\x01", 8));
}

TEST(CloudVolumeIo, RefusesWhatItCannotWrite) {
    EXPECT_THROW(writeVox("/tmp/never.vox", CloudCells({257, 2, 2})), Error);
    EXPECT_THROW(writeVox("/nonexistent/dir/x.vox", CloudCells({2, 2, 2})), Error);
    const std::vector<std::uint8_t> bytes{1, 2, 3};
    EXPECT_THROW(writeRaw("/nonexistent/dir/x.raw", bytes), Error);
    const std::string path = (std::filesystem::temp_directory_path() / "catlab_cloud_test.raw").string();
    writeRaw(path, bytes);
    EXPECT_EQ(readFile(path), std::string("\x01\x02\x03", 3));
    std::filesystem::remove(path);
}

} // namespace
} // namespace catlab::cloud
