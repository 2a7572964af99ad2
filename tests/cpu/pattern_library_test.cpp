// The pattern library's model: roots, lazy folder listings of the formats catlab reads, search by name
// across folders, and what it shows of good and broken files.
#include "catlab/pattern_library.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;
using testing::errorOf;

fs::path freshFolder() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    const fs::path folder = fs::temp_directory_path() / ("catlab-library-test-" + std::to_string(::getpid())) /
                            (std::string(test->test_suite_name()) + "." + test->name());
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

const std::string kGlider = "#N Glider\n#C The smallest spaceship.\n#C By Richard Guy.\nx = 3, y = 3, rule = B3/S23\n"
                            "bo$2bo$3o!\n";

std::vector<std::string> names(const std::vector<LibraryEntry>& entries) {
    std::vector<std::string> out;
    for (const LibraryEntry& e : entries) out.push_back(e.name + (e.folder ? "/" : ""));
    return out;
}

TEST(PatternLibrary, KnowsTheExtensionsCatlabReadsInAnyCase) {
    for (const char* name : {"a.rle", "b.RLE", "c.mcl", "d.cells", "e.lif", "f.life", "g.mc", "h.Mc"})
        EXPECT_TRUE(isPatternFileName(name)) << name;
    for (const char* name : {"readme.txt", "rle", "x.rle.bak", "script.py", "rule.table", ".rle.swp", "noext"})
        EXPECT_FALSE(isPatternFileName(name)) << name;
}

TEST(PatternLibrary, ListsFoldersFirstThenPatternFilesSortedIgnoringCase) {
    const fs::path root = freshFolder();
    write(root / "zeta.rle", kGlider);
    write(root / "Alpha.cells", "!Name: dot\nO\n");
    write(root / "beta.MC", "[M2] (golly)\n");
    write(root / "notes.txt", "not a pattern");
    write(root / ".hidden.rle", kGlider);
    write(root / "Oscillators/blinker.rle", "x = 3, y = 1\n3o!\n");
    write(root / "guns/gun.lif", "#Life 1.06\n0 0\n");
    PatternLibrary library;
    library.addRoot("test", root);
    EXPECT_EQ(names(library.list(root)),
              (std::vector<std::string>{"guns/", "Oscillators/", "Alpha.cells", "beta.MC", "zeta.rle"}));
    const LibraryEntry& guns = library.list(root)[0];
    EXPECT_TRUE(guns.folder);
    EXPECT_EQ(guns.path, root / "guns");
    EXPECT_EQ(names(library.list(guns.path)), (std::vector<std::string>{"gun.lif"}));
}

TEST(PatternLibrary, ListsEachFolderOnceAndOnlyWhenAsked) {
    const fs::path root = freshFolder();
    write(root / "a.rle", kGlider);
    write(root / "deep/b.rle", kGlider);
    PatternLibrary library;
    library.addRoot("test", root);
    EXPECT_EQ(library.list(root).size(), 2u);
    // Files added later are not seen by a folder already listed: it was not read again.
    write(root / "c.rle", kGlider);
    EXPECT_EQ(library.list(root).size(), 2u);
    // A folder not listed yet is read when it is opened.
    write(root / "deep/d.rle", kGlider);
    EXPECT_EQ(names(library.list(root / "deep")), (std::vector<std::string>{"b.rle", "d.rle"}));
}

TEST(PatternLibrary, SearchFindsNamesAcrossFoldersAndRootsIgnoringCase) {
    const fs::path first = freshFolder() / "first";
    const fs::path second = first.parent_path() / "second";
    write(first / "Spaceships/Glider.rle", kGlider);
    write(first / "Spaceships/lwss.rle", kGlider);
    write(first / "Guns/glider-gun.mc", "[M2] (golly)\n");
    write(first / "glider-notes.txt", "not a pattern");
    write(second / "a/b/c/tiny-GLIDER.cells", "O\n");
    PatternLibrary library;
    library.addRoot("first", first);
    library.addRoot("second", second);
    EXPECT_EQ(names(library.search("glider")),
              (std::vector<std::string>{"glider-gun.mc", "Glider.rle", "tiny-GLIDER.cells"}));
    EXPECT_EQ(names(library.search("  LWSS ")), (std::vector<std::string>{"lwss.rle"}));
    EXPECT_TRUE(library.search("no such pattern").empty());
    EXPECT_EQ(library.search("").size(), 4u); // every pattern file
    EXPECT_EQ(library.search("", 2).size(), 2u);
}

TEST(PatternLibrary, RefusesFoldersItCannotBrowseAndStaysAsItWas) {
    const fs::path root = freshFolder();
    write(root / "file.rle", kGlider);
    PatternLibrary library;
    library.addRoot("test", root);
    EXPECT_EQ(errorOf([&] { library.addRoot("x", root / "missing"); }),
              "pattern folder " + (root / "missing").string() + " does not exist");
    EXPECT_EQ(errorOf([&] { library.addRoot("x", root / "file.rle"); }),
              "pattern folder " + (root / "file.rle").string() + " is not a folder");
    EXPECT_EQ(errorOf([&] { library.addRoot("again", root / "."); }),
              "pattern folder " + (root / ".").string() + " is in the library already (test)");
    EXPECT_EQ(library.roots().size(), 1u);
    EXPECT_NE(errorOf([&] { library.list(root / "missing"); }).find("cannot list pattern folder"), std::string::npos);
}

TEST(PatternLibrary, RefusesAFolderWithoutPermission) {
    if (::geteuid() == 0) GTEST_SKIP() << "root lists every folder whatever its permissions";
    const fs::path root = freshFolder();
    fs::create_directories(root / "locked");
    fs::permissions(root / "locked", fs::perms::none);
    PatternLibrary library;
    const std::string error = errorOf([&] { library.addRoot("locked", root / "locked"); });
    fs::permissions(root / "locked", fs::perms::owner_all);
    EXPECT_NE(error.find("cannot list pattern folder " + (root / "locked").string() + ": Permission denied"),
              std::string::npos)
        << error;
    EXPECT_TRUE(library.roots().empty());
}

TEST(PatternLibrary, DescribesRuleSizeNameAndTheFilesOwnComments) {
    const fs::path root = freshFolder();
    write(root / "glider.rle", kGlider);
    const PatternInfo glider = describePattern(root / "glider.rle");
    EXPECT_EQ(glider.error, "");
    EXPECT_EQ(glider.rule, "B3/S23");
    EXPECT_EQ(glider.width, 3);
    EXPECT_EQ(glider.height, 3);
    EXPECT_EQ(glider.population, 5u);
    EXPECT_EQ(glider.name, "Glider");
    EXPECT_EQ(glider.comments, (std::vector<std::string>{"The smallest spaceship.", "By Richard Guy."}));

    write(root / "bugs.mcl", "#MCell 4.20\n#GAME Larger than Life\n#RULE R5,C0,M1,S34..58,B34..45,NM\n"
                             "#BOARD 64x64\n#WRAP 1\n#D A bug of Bosco's Rule\n#L 3A\n");
    const PatternInfo bugs = describePattern(root / "bugs.mcl");
    EXPECT_EQ(bugs.error, "");
    EXPECT_EQ(bugs.rule, "R5,C0,M1,S34..58,B34..45,NM:T64,64");
    EXPECT_EQ(bugs.comments, (std::vector<std::string>{"A bug of Bosco's Rule"}));

    write(root / "dot.cells", "!Name: dot\n! one cell\nO\n");
    const PatternInfo dot = describePattern(root / "dot.cells");
    EXPECT_EQ(dot.rule, ""); // the file names none
    EXPECT_EQ(dot.name, "dot");
    EXPECT_EQ(dot.comments, (std::vector<std::string>{"one cell"}));
}

TEST(PatternLibrary, ABrokenFileShowsTheReadersMessage) {
    const fs::path root = freshFolder();
    write(root / "broken.rle", "x = 3, y = 3, rule = B3/S23\nbo$2bo$3q!\n");
    const PatternInfo broken = describePattern(root / "broken.rle");
    EXPECT_NE(broken.error.find("broken.rle:2:"), std::string::npos) << broken.error;
    EXPECT_EQ(broken.rule, "");
    EXPECT_EQ(broken.width, 0);
    const PatternInfo missing = describePattern(root / "missing.rle");
    EXPECT_NE(missing.error.find("missing.rle"), std::string::npos) << missing.error;
    const PatternInfo folder = describePattern(root);
    EXPECT_NE(folder.error, "");
}

TEST(PatternLibrary, StandardRootsHoldCatlabsOwnCollection) {
    const std::vector<LibraryRoot> roots = standardLibraryRoots();
    const auto own = std::find_if(roots.begin(), roots.end(), [](const LibraryRoot& r) { return r.label == "catlab"; });
    ASSERT_NE(own, roots.end());
    EXPECT_TRUE(fs::is_directory(own->path / "cat-paper")) << own->path;
    std::error_code error;
    if (fs::is_directory("/usr/share/golly/Patterns", error)) {
        EXPECT_EQ(roots.front().label, "Golly");
    }
}

} // namespace
} // namespace catlab
