#pragma once
// A library of pattern files to browse: folders (Golly's collection, catlab's own, any the user adds)
// listed one at a time as they are opened, searched by file name, and a chosen file described (rule,
// size, the file's own comments) by reading that file alone. Golly's collection holds thousands of
// files: nothing is read before it is asked for.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace catlab {

struct Pattern;

// Whether a file name has the extension of a format catlab reads (pattern_file.hpp), in any case:
// .rle, .mcl, .cells, .lif, .life, .mc.
bool isPatternFileName(std::string_view name);

struct LibraryEntry {
    std::string name; // the file or folder name
    std::filesystem::path path;
    bool folder = false;
};

// A folder at the top of the library and what the panel calls it.
struct LibraryRoot {
    std::string label;
    std::filesystem::path path;
};

class PatternLibrary {
  public:
    // The deepest folder search descends to under a root: a bound against links that loop.
    static constexpr int kMaxSearchDepth = 12;

    // Adds a folder to browse, after the others. Throws catlab::Error, leaving the library as it was, when
    // the path is not a folder that can be listed, or is one of the roots already.
    void addRoot(const std::string& label, const std::filesystem::path& folder);
    const std::vector<LibraryRoot>& roots() const { return roots_; }

    // The folders and pattern files directly inside `folder` (folders first, each group sorted by name,
    // ignoring case; hidden entries and files of other formats left out), listed on the first call and
    // kept. Throws catlab::Error naming the folder and the system's reason when it cannot be listed.
    const std::vector<LibraryEntry>& list(const std::filesystem::path& folder);

    // Pattern files under every root whose name contains `text`, ignoring case, in the order of the roots
    // and their folders, at most `limit` of them. Folders that cannot be listed are passed over.
    std::vector<LibraryEntry> search(std::string_view text, std::size_t limit = 500);

  private:
    void searchFolder(const std::filesystem::path& folder, const std::string& needle, int depth, std::size_t limit,
                      std::vector<LibraryEntry>& found);

    std::vector<LibraryRoot> roots_;
    std::map<std::filesystem::path, std::vector<LibraryEntry>> listings_;
};

// What the library shows of one file, read with the engine's readers.
struct PatternInfo {
    std::filesystem::path path;
    std::string error;         // the reader's message when the file could not be read; the fields below are then empty
    std::string rule;          // the file's rule in Golly's notation with its topology; empty when it names none
    int width = 0, height = 0; // the pattern's bounding box
    std::uint64_t population = 0;
    std::string name;                  // "#N ...", "!Name: ..."
    std::vector<std::string> comments; // the text of its comment lines (#C, #D, #O, "!"), markers removed
};

// Reads one file; a file that fails to read gives its reader's message in PatternInfo::error (never throws
// for a bad file).
PatternInfo describePattern(const std::filesystem::path& path);
// What is shown of a file that did not read: `error` alone.
PatternInfo unreadablePattern(const std::filesystem::path& path, std::string error);
// The description of a pattern already read from `path`.
PatternInfo describePattern(const std::filesystem::path& path, const Pattern& pattern);

// The folders a library starts with, those present of: Golly's collection as Debian installs it
// (/usr/share/golly/Patterns) and catlab's own collection (assets/patterns): beside an installed catlab
// (<prefix>/share/catlab/patterns, found from the running executable) or else in the source tree it was
// built from.
std::vector<LibraryRoot> standardLibraryRoots();

} // namespace catlab
