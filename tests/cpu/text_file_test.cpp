// Reading a whole text file with limits: directories, FIFOs, devices, huge, long-lined and binary
// files are refused by name, at once.
#include "catlab/text_file.hpp"

#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;
using testing::errorOf;

constexpr TextFileLimits kLimits{.maxBytes = 1000, .maxLineLength = 20};

// A fresh folder for one test, removed with it.
class TextFile : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("catlab-text-file-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& text) const {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path.string();
    }
    std::string errorReading(const std::string& path) const {
        return errorOf([&] { readTextFile(path, "pattern file", kLimits); });
    }

    fs::path dir_;
};

TEST_F(TextFile, ReadsAWholeFile) {
    const std::string text = "x = 3, y = 1\r\n3o!\n\nno final break";
    EXPECT_EQ(readTextFile(write("p.rle", text), "pattern file", kLimits).size(), text.size());
    EXPECT_EQ(readTextFile(write("empty.rle", ""), "pattern file", kLimits), "");
    EXPECT_EQ(readTextFile(write("full.rle", std::string(50, 'o') + "\n"), "pattern file", {1000, 50}).size(), 51u);
}

TEST_F(TextFile, MissingFileGivesTheSystemsReason) {
    EXPECT_EQ(errorReading((dir_ / "nope.rle").string()),
              "cannot open pattern file '" + (dir_ / "nope.rle").string() + "': No such file or directory");
}

TEST_F(TextFile, DirectoriesAndSpecialFilesAreRefusedByName) {
    EXPECT_EQ(errorReading(dir_.string()), "pattern file '" + dir_.string() + "' is a directory, not a text file");
    EXPECT_EQ(errorReading("/dev/zero"), "pattern file '/dev/zero' is a character device, not a text file");
    const std::string fifo = (dir_ / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Refused at once: nothing writes to the FIFO, and reading it would wait forever.
    EXPECT_EQ(errorReading(fifo), "pattern file '" + fifo + "' is a FIFO, not a text file");
}

TEST_F(TextFile, SizeLineLengthAndBinaryContentAreBounded) {
    const std::string big = write("big.rle", std::string(1001, '\n'));
    EXPECT_EQ(errorReading(big),
              "pattern file '" + big + "' is larger than 1000 bytes, the most a pattern file may hold");
    EXPECT_NO_THROW(readTextFile(write("edge.rle", std::string(1000, '\n')), "pattern file", kLimits));

    const std::string wide = write("wide.rle", "short\n" + std::string(20, 'o') + "\r\n" + std::string(21, 'o') + "\n");
    EXPECT_EQ(errorReading(wide), "pattern file '" + wide + "' line 3 is longer than 20 characters");

    const std::string binary = write("binary.rle", std::string("x = 1\0y", 7));
    EXPECT_EQ(errorReading(binary),
              "pattern file '" + binary + "' holds a NUL byte at offset 5: it is not a text file");
}

TEST_F(TextFile, FilesThatSayNoSizeAreStillBounded) {
    // /proc files report a size of 0 and are read to their end; past the limit they are refused too.
    EXPECT_NO_THROW(readTextFile("/proc/self/status", "file", {1 << 20, 1 << 20}));
    EXPECT_NE(errorOf([] {
                  readTextFile("/proc/self/status", "file", {10, 1 << 20});
              }).find("is larger than 10 bytes"),
              std::string::npos);
}

} // namespace
} // namespace catlab
