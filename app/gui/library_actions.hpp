#pragma once
// The pattern library's actions, shared by its panel section and the script commands. Each throws
// catlab::Error naming the problem and leaves the lab as it was.

#include "gui/lab.hpp"

#include <cstddef>
#include <filesystem>
#include <string>

namespace catlab::gui {

// Adds a folder to browse (an unreadable or missing one is refused).
void addLibraryFolder(Lab& lab, const std::string& folder);

// Searches the library's folders by file name; the results are numbered from 1 for openLibraryFile.
void searchLibrary(Lab& lab, const std::string& text);

// A library file by its number in the last search's results ("3") or its path, chosen and opened
// through loadPattern (its rule and topology come from the file).
std::filesystem::path libraryFile(Lab& lab, const std::string& pathOrNumber);
void openLibraryFile(Lab& lab, const std::filesystem::path& file);

// The recent file numbered `number` (1: the last opened), opened again.
void openRecentFile(Lab& lab, std::size_t number);

// Called by loadPattern once a file has opened: it goes first in the recent files.
void rememberOpenedFile(Lab& lab, const std::string& path);

// What the script commands print, one line each: "label  path" for the library's folders, "N  path" for the
// last search's results and for the recent files (with the notes on the recent files first).
std::string libraryFoldersText(const Lab& lab);
std::string searchResultsText(const Lab& lab);
std::string recentFilesText(const Lab& lab);

// The text shown and printed for a file's preview: name, rule, size, population, comments (or the
// reader's message).
std::string previewText(const PatternInfo& info);

} // namespace catlab::gui
