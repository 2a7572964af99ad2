// The recent files list: the last ten files opened, kept across runs, and what it does with bad input.
#include "catlab/recent_files.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;

fs::path freshFolder() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    const fs::path folder =
        fs::temp_directory_path() / ("catlab-recent-test-" + std::to_string(::getpid())) / test->name();
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

// "p<i>.rle" (GCC 12 misreads "p" + std::to_string(i) + ".rle" as overlapping copies).
std::string numbered(int i) {
    std::string name = std::to_string(i);
    name.insert(0, 1, 'p');
    name.append(".rle");
    return name;
}

fs::path touch(const fs::path& path) {
    std::ofstream(path) << "x = 1, y = 1\no!\n";
    return path;
}

TEST(RecentFiles, KeepTheLastTenMostRecentFirstAcrossRuns) {
    const fs::path folder = freshFolder();
    const fs::path list = folder / "config/catlab/recent.txt";
    {
        RecentFiles recent(list);
        EXPECT_TRUE(recent.files().empty());
        for (int i = 0; i < 12; ++i) EXPECT_EQ(recent.add(touch(folder / numbered(i))), "");
        EXPECT_EQ(recent.add(folder / "p5.rle"), ""); // opened again: moves to the front, once
        ASSERT_EQ(recent.files().size(), RecentFiles::kMaxFiles);
        EXPECT_EQ(recent.files()[0], folder / "p5.rle");
        EXPECT_EQ(recent.files()[1], folder / "p11.rle");
        EXPECT_EQ(recent.files()[9], folder / "p2.rle");
    }
    const RecentFiles again(list);
    EXPECT_TRUE(again.notes().empty());
    ASSERT_EQ(again.files().size(), RecentFiles::kMaxFiles);
    EXPECT_EQ(again.files()[0], folder / "p5.rle");
    EXPECT_EQ(again.files()[9], folder / "p2.rle");
}

TEST(RecentFiles, RelativePathsAreKeptAbsolute) {
    const fs::path folder = freshFolder();
    touch(folder / "here.rle");
    const fs::path before = fs::current_path();
    fs::current_path(folder);
    RecentFiles recent(folder / "recent.txt");
    recent.add("./here.rle");
    fs::current_path(before);
    EXPECT_EQ(recent.files().at(0), folder / "here.rle");
}

TEST(RecentFiles, FilesThatAreGoneAreDroppedWithANote) {
    const fs::path folder = freshFolder();
    touch(folder / "kept.rle");
    std::ofstream(folder / "recent.txt") << (folder / "kept.rle").string() << "\n"
                                         << (folder / "gone.rle").string() << "\n\n"
                                         << folder.string() << "\n";
    const RecentFiles recent(folder / "recent.txt");
    EXPECT_EQ(recent.files(), (std::vector<fs::path>{folder / "kept.rle"}));
    ASSERT_EQ(recent.notes().size(), 2u);
    EXPECT_EQ(recent.notes()[0], "recent file " + (folder / "gone.rle").string() + " is gone; dropped from the list");
}

TEST(RecentFiles, AnUnreadableListStartsEmptyWithANote) {
    const fs::path folder = freshFolder();
    fs::create_directories(folder / "recent.txt"); // a folder where the list should be
    const RecentFiles recent(folder / "recent.txt");
    EXPECT_TRUE(recent.files().empty());
    ASSERT_EQ(recent.notes().size(), 1u);
    EXPECT_NE(recent.notes()[0].find("recent.txt"), std::string::npos) << recent.notes()[0];
    EXPECT_NE(recent.notes()[0].find("starting with no recent files"), std::string::npos) << recent.notes()[0];
}

TEST(RecentFiles, AListThatCannotBeSavedSaysWhyAndStillRemembers) {
    const fs::path folder = freshFolder();
    touch(folder / "blocker");
    RecentFiles recent(folder / "blocker/catlab/recent.txt"); // its folder would be inside a file
    const std::string problem = recent.add(touch(folder / "a.rle"));
    EXPECT_NE(problem.find("cannot keep the recent files"), std::string::npos) << problem;
    EXPECT_EQ(recent.files(), (std::vector<fs::path>{folder / "a.rle"}));
}

TEST(RecentFiles, ListLivesInTheXdgConfigFolderOrElseInHome) {
    const char* oldConfig = std::getenv("XDG_CONFIG_HOME");
    const char* oldHome = std::getenv("HOME");
    const std::string savedConfig = oldConfig ? oldConfig : "", savedHome = oldHome ? oldHome : "";
    ::setenv("XDG_CONFIG_HOME", "/tmp/xdg", 1);
    ::setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(RecentFiles::defaultListPath(), fs::path("/tmp/xdg/catlab/recent.txt"));
    ::setenv("XDG_CONFIG_HOME", "relative/ignored", 1); // the XDG rule: relative paths are ignored
    EXPECT_EQ(RecentFiles::defaultListPath(), fs::path("/home/someone/.config/catlab/recent.txt"));
    ::unsetenv("XDG_CONFIG_HOME");
    EXPECT_EQ(RecentFiles::defaultListPath(), fs::path("/home/someone/.config/catlab/recent.txt"));
    oldConfig ? ::setenv("XDG_CONFIG_HOME", savedConfig.c_str(), 1) : ::unsetenv("XDG_CONFIG_HOME");
    oldHome ? ::setenv("HOME", savedHome.c_str(), 1) : ::unsetenv("HOME");
}

} // namespace
} // namespace catlab
