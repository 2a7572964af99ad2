#include "gui/library_actions.hpp"
#include "gui/lab_actions.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

#include <cctype>
#include <sstream>

namespace catlab::gui {

void addLibraryFolder(Lab& lab, const std::string& folder) {
    if (folder.empty()) throw Error("the library needs a folder path");
    lab.library.library().addRoot(folder, folder);
}

void searchLibrary(Lab& lab, const std::string& text) { lab.library.search(text); }

std::filesystem::path libraryFile(Lab& lab, const std::string& pathOrNumber) {
    const bool number = !pathOrNumber.empty() && pathOrNumber.find_first_not_of("0123456789") == std::string::npos;
    if (!number) return pathOrNumber;
    const auto& results = lab.library.results();
    if (results.empty()) throw Error("no search results to open number " + pathOrNumber + " of");
    const std::size_t index = integerIn(pathOrNumber, std::size_t(1), results.size(), "the search result's number");
    return results[index - 1].path;
}

void openLibraryFile(Lab& lab, const std::filesystem::path& file) {
    loadPattern(lab, file.string());
    lab.library.choose(file);
}

void openRecentFile(Lab& lab, std::size_t number) {
    const auto& files = lab.library.recent().files();
    if (files.empty()) throw Error("there are no recent files");
    if (number < 1 || number > files.size())
        throw Error("recent file " + std::to_string(number) + " is outside 1.." + std::to_string(files.size()));
    const std::filesystem::path file = files[number - 1]; // a copy: opening it reorders the list
    openLibraryFile(lab, file);
}

void rememberOpenedFile(Lab& lab, const std::string& path) {
    lab.library.recentProblem = lab.library.recent().add(path);
}

namespace {

std::string numberedPaths(const std::vector<std::filesystem::path>& paths) {
    std::string text;
    for (std::size_t i = 0; i < paths.size(); ++i) text += std::to_string(i + 1) + "  " + paths[i].string() + '\n';
    return text;
}

} // namespace

std::string libraryFoldersText(const Lab& lab) {
    std::string text;
    for (const LibraryRoot& root : lab.library.library().roots()) text += root.label + "  " + root.path.string() + '\n';
    return text;
}

std::string searchResultsText(const Lab& lab) {
    std::vector<std::filesystem::path> paths;
    for (const LibraryEntry& entry : lab.library.results()) paths.push_back(entry.path);
    return numberedPaths(paths);
}

std::string recentFilesText(const Lab& lab) {
    std::string text;
    for (const std::string& note : lab.library.recent().notes()) text += "note: " + note + '\n';
    return text + numberedPaths(lab.library.recent().files());
}

std::string previewText(const PatternInfo& info) {
    std::ostringstream text;
    text << "file        " << info.path.string() << '\n';
    if (!info.error.empty()) {
        text << "error       " << info.error << '\n';
        return text.str();
    }
    if (!info.name.empty()) text << "name        " << info.name << '\n';
    text << "rule        " << (info.rule.empty() ? "(none: the current rule)" : info.rule) << '\n'
         << "size        " << info.width << "x" << info.height << ", population " << info.population << '\n';
    for (const std::string& comment : info.comments) text << "comment     " << comment << '\n';
    return text.str();
}

} // namespace catlab::gui
