#pragma once

#include "catlab/pattern_library.hpp"
#include "catlab/pattern_thumbnail.hpp"
#include "catlab/recent_files.hpp"

#include <cstdint>
#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <vector>

namespace catlab::gui {

// The pattern library as the window uses it: the folders browsed, the last search, the file chosen and
// its preview (read and drawn on a worker thread so that the panel never waits for a large file), and
// the recent files.
class LibrarySession {
  public:
    // The most files a search shows.
    static constexpr std::size_t kMaxResults = 500;

    // Golly's collection and catlab's own (standardLibraryRoots) and the recent files kept in `recentList`
    // (RecentFiles::defaultListPath() for the window).
    explicit LibrarySession(const std::filesystem::path& recentList);

    PatternLibrary& library() { return library_; }
    const PatternLibrary& library() const { return library_; }
    RecentFiles& recent() { return recent_; }
    const RecentFiles& recent() const { return recent_; }

    // Searches every folder by file name (PatternLibrary::search); an empty text clears the results.
    void search(const std::string& text);
    const std::string& searchText() const { return searchText_; }
    const std::vector<LibraryEntry>& results() const { return results_; }

    // Chooses a file and starts reading its preview; choosing the file shown already does nothing.
    void choose(const std::filesystem::path& file);
    const std::optional<std::filesystem::path>& chosen() const { return chosen_; }
    // The chosen file's preview once it is ready (collected here without waiting), else nothing.
    const PatternPreview* preview();
    // Waits for the chosen file's preview (scripts report it at once).
    const PatternPreview* waitForPreview();
    // Counts the previews collected: the panel uploads a new thumbnail when it changes.
    std::uint64_t previewSerial() const { return previewSerial_; }

    // Set when a script opens a file: the panel opens the Library section and scrolls to its preview.
    bool revealInPanel = false;
    // Why the recent files could not be saved the last time a file opened; empty when they were.
    std::string recentProblem;

  private:
    PatternLibrary library_;
    RecentFiles recent_;
    std::string searchText_;
    std::vector<LibraryEntry> results_;
    std::optional<std::filesystem::path> chosen_;
    std::future<PatternPreview> pending_;
    std::vector<std::future<PatternPreview>> abandoned_; // previews of files chosen before, still being read
    std::optional<PatternPreview> preview_;
    std::uint64_t previewSerial_ = 0;
};

} // namespace catlab::gui
