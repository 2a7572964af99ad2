// AtomicFile: a file is replaced whole or not at all, failures name the path and the system's reason,
// and no temporary is ever left behind.
#include "catlab/atomic_file.hpp"
#include "support/error_of.hpp"
#include "support/tiny_disk.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>

namespace catlab {
namespace {

namespace fs = std::filesystem;
using testing::errorOf;
using testing::TinyDisk;

// A fresh, empty folder named after the running test.
fs::path freshFolder() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    const fs::path folder = fs::temp_directory_path() / "catlab-atomic-file-test" /
                            (std::string(test->test_suite_name()) + "." + test->name());
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writePlainFile(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::vector<std::string> namesIn(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

bool hasCharacterDevice(const char* path) {
    std::error_code ignored;
    return fs::is_character_file(path, ignored);
}

TEST(AtomicFile, WritesANewFileAndLeavesNoTemporary) {
    const fs::path folder = freshFolder();
    writeFileAtomically((folder / "new.txt").string(), "hello\n");
    EXPECT_EQ(readFile(folder / "new.txt"), "hello\n");
    EXPECT_EQ(namesIn(folder), std::vector<std::string>{"new.txt"});
}

TEST(AtomicFile, TheOldFileStaysUntilCommit) {
    const fs::path folder = freshFolder(), path = folder / "data.txt";
    writePlainFile(path, "old");
    AtomicFile file(path.string());
    file.write("new content");
    EXPECT_EQ(readFile(path), "old");
    const fs::path temporary = file.writtenPath();
    EXPECT_EQ(temporary.parent_path(), folder);
    EXPECT_EQ(temporary.filename().string().rfind(".data.txt.tmp-", 0), 0u) << temporary;
    EXPECT_TRUE(fs::exists(temporary));
    file.commit();
    EXPECT_EQ(readFile(path), "new content");
    EXPECT_FALSE(fs::exists(temporary));
    EXPECT_EQ(namesIn(folder), std::vector<std::string>{"data.txt"});
}

TEST(AtomicFile, WithoutCommitTheOldFileStaysAndTheTemporaryGoes) {
    const fs::path folder = freshFolder(), path = folder / "data.txt";
    writePlainFile(path, "old");
    const std::string message = errorOf([&] {
        AtomicFile file(path.string());
        file.stream() << "half of it";
        throw Error("the writer failed half way");
    });
    EXPECT_EQ(message, "the writer failed half way");
    EXPECT_EQ(readFile(path), "old");
    EXPECT_EQ(namesIn(folder), std::vector<std::string>{"data.txt"});
}

TEST(AtomicFile, StreamAndWritesGoToTheSameFileInOrder) {
    const fs::path folder = freshFolder(), path = folder / "mixed.txt";
    AtomicFile file(path.string());
    file.stream() << "a" << 1 << ',';
    file.write("b");
    file.stream() << std::string(100000, 'c'); // more than the buffer holds
    file.write("d");
    file.commit();
    EXPECT_EQ(readFile(path), "a1,b" + std::string(100000, 'c') + "d");
}

TEST(AtomicFile, KeepsTheModeOfTheFileItReplaces) {
    const fs::path folder = freshFolder(), path = folder / "private.txt";
    writePlainFile(path, "old");
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    writeFileAtomically(path.string(), "new");
    EXPECT_EQ(fs::status(path).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(readFile(path), "new");
}

TEST(AtomicFile, ReplacesWhatASymbolicLinkNamesAndKeepsTheLink) {
    const fs::path folder = freshFolder(), target = folder / "target.txt", link = folder / "link.txt";
    writePlainFile(target, "old");
    fs::create_symlink("target.txt", link);
    writeFileAtomically(link.string(), "new");
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(readFile(target), "new");
    EXPECT_EQ(namesIn(folder), (std::vector<std::string>{"link.txt", "target.txt"}));
}

TEST(AtomicFile, AppendStartsFromTheOldContent) {
    const fs::path folder = freshFolder(), path = folder / "rows.csv";
    {
        AtomicFile fresh(path.string(), AtomicFile::Mode::Append);
        EXPECT_EQ(fresh.previousSize(), 0u);
        fresh.write("header\n");
        fresh.commit();
    }
    AtomicFile file(path.string(), AtomicFile::Mode::Append);
    EXPECT_EQ(file.previousSize(), 7u);
    file.write("row\n");
    EXPECT_EQ(readFile(path), "header\n");
    file.commit();
    EXPECT_EQ(readFile(path), "header\nrow\n");
}

TEST(AtomicFile, RefusesADirectoryByName) {
    const fs::path folder = freshFolder();
    fs::create_directory(folder / "sub");
    const std::string sub = (folder / "sub").string();
    EXPECT_EQ(errorOf([&] { AtomicFile file(sub); }), "cannot write '" + sub + "': Is a directory");
    EXPECT_EQ(errorOf([&] { checkWritable(sub); }), "cannot write '" + sub + "': Is a directory");
    EXPECT_EQ(errorOf([&] { AtomicFile file(sub + "/new/"); }),
              "cannot write '" + sub + "/new/': Is a directory"); // a name ending in '/' is a folder's
    EXPECT_TRUE(namesIn(folder / "sub").empty());
}

TEST(AtomicFile, MissingFolderNamesThePathAndTheReason) {
    const std::string path = (freshFolder() / "no-such-folder" / "x.rle").string();
    EXPECT_EQ(errorOf([&] { writeFileAtomically(path, "x"); }),
              "cannot write '" + path + "': No such file or directory");
    EXPECT_EQ(errorOf([&] { checkWritable(path); }), "cannot write '" + path + "': No such file or directory");
    try {
        AtomicFile file(path);
        FAIL() << "opened " << path;
    } catch (const FileWriteError& e) {
        EXPECT_EQ(e.code(), ENOENT);
    }
}

TEST(AtomicFile, CheckWritableChangesNothing) {
    const fs::path folder = freshFolder(), old = folder / "old.txt";
    writePlainFile(old, "old");
    const auto modified = fs::last_write_time(old);
    checkWritable(old.string());
    checkWritable((folder / "new.txt").string());
    EXPECT_EQ(readFile(old), "old");
    EXPECT_EQ(fs::last_write_time(old), modified);
    EXPECT_EQ(namesIn(folder), std::vector<std::string>{"old.txt"});
    if (hasCharacterDevice("/dev/null")) checkWritable("/dev/null");
}

TEST(AtomicFile, DevFullFailsLoudly) {
    if (!hasCharacterDevice("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    const std::string expected = "cannot write '/dev/full': No space left on device";
    AtomicFile streamed("/dev/full");
    streamed.stream() << "a line\n";
    EXPECT_EQ(errorOf([&] { streamed.commit(); }), expected);
    AtomicFile written("/dev/full");
    EXPECT_EQ(errorOf([&] { written.write(std::string(1 << 20, 'x')); }), expected); // past the buffer: at once
    EXPECT_EQ(errorOf([&] { writeFileAtomically("/dev/full", "x"); }), expected);
    EXPECT_TRUE(hasCharacterDevice("/dev/full"));
    try {
        writeFileAtomically("/dev/full", "x");
    } catch (const FileWriteError& e) {
        EXPECT_EQ(e.code(), ENOSPC);
    }
}

TEST(AtomicFile, DevNullIsWrittenInPlace) {
    if (!hasCharacterDevice("/dev/null")) GTEST_SKIP() << "no /dev/null here";
    AtomicFile file("/dev/null", AtomicFile::Mode::Append);
    EXPECT_EQ(file.writtenPath(), "/dev/null");
    file.stream() << "nothing to keep";
    file.commit();
    EXPECT_TRUE(hasCharacterDevice("/dev/null"));
}

TEST(AtomicFile, FullDiskKeepsTheOldFileAndLeavesNoTemporary) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const fs::path path = disk.path("keep.txt");
    writeFileAtomically(path.string(), "the old content\n");
    disk.fill();
    const std::string message = errorOf([&] {
        AtomicFile file(path.string());
        file.stream() << std::string(100000, 'n');
        file.commit();
    });
    EXPECT_EQ(message, "cannot write '" + path.string() + "': No space left on device");
    EXPECT_EQ(readFile(path), "the old content\n");
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.txt"});
}

TEST(AtomicFile, FullDiskAppendKeepsTheOldRows) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const fs::path path = disk.path("rows.csv");
    writeFileAtomically(path.string(), "header\nrow 1\n");
    disk.fill();
    const std::string message = errorOf([&] {
        AtomicFile file(path.string(), AtomicFile::Mode::Append);
        file.write(std::string(100000, 'r'));
        file.commit();
    });
    EXPECT_EQ(message, "cannot write '" + path.string() + "': No space left on device");
    EXPECT_EQ(readFile(path), "header\nrow 1\n");
    EXPECT_EQ(disk.files(), std::vector<std::string>{"rows.csv"});
}

} // namespace
} // namespace catlab
