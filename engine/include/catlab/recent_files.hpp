#pragma once
// The pattern files opened last, by any route (library, load, command line), kept across runs in
// $XDG_CONFIG_HOME/catlab/recent.txt (~/.config/catlab/recent.txt without it): one absolute path a line,
// the most recent first.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace catlab {

class RecentFiles {
  public:
    static constexpr std::size_t kMaxFiles = 10;

    // Where the list is kept: $XDG_CONFIG_HOME/catlab/recent.txt when XDG_CONFIG_HOME is an absolute path,
    // else $HOME/.config/catlab/recent.txt; empty when neither can be found.
    static std::filesystem::path defaultListPath();

    // A list kept in `listPath` (empty: kept in memory only), read now. Entries whose file no longer exists
    // or is no regular file are dropped, each with a note (notes()); a list that cannot be read starts
    // empty, with a note saying why.
    explicit RecentFiles(std::filesystem::path listPath);

    const std::vector<std::filesystem::path>& files() const { return files_; }
    const std::filesystem::path& listPath() const { return listPath_; }
    // What reading the list found wrong, for the user.
    const std::vector<std::string>& notes() const { return notes_; }

    // Puts `file` (made absolute) first, drops its older place and anything past kMaxFiles, and saves the
    // list. Returns an empty string, or why the list could not be saved (the list in memory is updated all
    // the same: the file did open).
    std::string add(const std::filesystem::path& file);

  private:
    std::filesystem::path listPath_;
    std::vector<std::filesystem::path> files_;
    std::vector<std::string> notes_;
};

} // namespace catlab
