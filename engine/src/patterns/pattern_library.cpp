#include "catlab/pattern_library.hpp"

#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/pattern_file.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <new>
#include <optional>
#include <system_error>

namespace catlab {
namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool lessIgnoringCase(const LibraryEntry& a, const LibraryEntry& b) {
    if (a.folder != b.folder) return a.folder;
    const std::string la = lowered(a.name), lb = lowered(b.name);
    return la != lb ? la < lb : a.name < b.name;
}

std::string trimmed(std::string_view text) {
    const std::size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return {};
    const std::size_t end = text.find_last_not_of(" \t\r");
    return std::string(text.substr(begin, end - begin + 1));
}

// The text of a comment line people wrote ("#C ...", "#D ...", "#O ...", "! ..."), or nothing for the
// directives the readers keep as comments too (MCell's #GAME, #RULE, #BOARD ...).
std::optional<std::string> commentText(const std::string& line) {
    if (line.rfind('!', 0) == 0) return trimmed(std::string_view(line).substr(1));
    if (line.size() < 2 || line[0] != '#') return std::nullopt;
    const char marker = char(std::toupper(static_cast<unsigned char>(line[1])));
    const bool spoken = marker == 'C' || marker == 'D' || marker == 'O';
    if (!spoken || (line.size() > 2 && std::isalpha(static_cast<unsigned char>(line[2])))) return std::nullopt;
    return trimmed(std::string_view(line).substr(2));
}

bool isListableFolder(const std::filesystem::path& folder, std::error_code& error) {
    if (!std::filesystem::is_directory(folder, error)) return false;
    std::filesystem::directory_iterator probe(folder, error);
    return !error;
}

} // namespace

bool isPatternFileName(std::string_view name) {
    static constexpr std::array<std::string_view, 6> kExtensions = {".rle", ".mcl", ".cells", ".lif", ".life", ".mc"};
    const std::string extension = lowered(std::filesystem::path(name).extension().string());
    return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

void PatternLibrary::addRoot(const std::string& label, const std::filesystem::path& folder) {
    std::error_code error;
    if (!std::filesystem::exists(folder, error)) throw Error("pattern folder " + folder.string() + " does not exist");
    if (!std::filesystem::is_directory(folder, error))
        throw Error("pattern folder " + folder.string() + " is not a folder");
    if (!isListableFolder(folder, error))
        throw Error("cannot list pattern folder " + folder.string() + ": " + error.message());
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(folder, error);
    for (const LibraryRoot& root : roots_)
        if (std::filesystem::weakly_canonical(root.path, error) == canonical)
            throw Error("pattern folder " + folder.string() + " is in the library already (" + root.label + ")");
    roots_.push_back({label, folder});
}

const std::vector<LibraryEntry>& PatternLibrary::list(const std::filesystem::path& folder) {
    if (const auto known = listings_.find(folder); known != listings_.end()) return known->second;
    std::error_code error;
    std::filesystem::directory_iterator entries(folder, error);
    if (error) throw Error("cannot list pattern folder " + folder.string() + ": " + error.message());
    std::vector<LibraryEntry> listing;
    for (; entries != std::filesystem::directory_iterator(); entries.increment(error)) {
        const std::filesystem::directory_entry& entry = *entries;
        const std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        std::error_code kindError;
        if (entry.is_directory(kindError))
            listing.push_back({name, entry.path(), true});
        else if (entry.is_regular_file(kindError) && isPatternFileName(name))
            listing.push_back({name, entry.path(), false});
    }
    if (error) throw Error("cannot list pattern folder " + folder.string() + ": " + error.message());
    std::sort(listing.begin(), listing.end(), lessIgnoringCase);
    return listings_.emplace(folder, std::move(listing)).first->second;
}

std::vector<LibraryEntry> PatternLibrary::search(std::string_view text, std::size_t limit) {
    std::vector<LibraryEntry> found;
    const std::string needle = lowered(trimmed(text));
    for (const LibraryRoot& root : roots_) {
        if (found.size() >= limit) break;
        searchFolder(root.path, needle, 0, limit, found);
    }
    return found;
}

void PatternLibrary::searchFolder(const std::filesystem::path& folder, const std::string& needle, int depth,
                                  std::size_t limit, std::vector<LibraryEntry>& found) {
    const std::vector<LibraryEntry>* listing = nullptr;
    try {
        listing = &list(folder);
    } catch (const Error&) {
        return; // a folder that became unreadable hides only its own files
    }
    for (const LibraryEntry& entry : *listing) {
        if (found.size() >= limit) return;
        if (entry.folder) {
            if (depth < kMaxSearchDepth) searchFolder(entry.path, needle, depth + 1, limit, found);
        } else if (lowered(entry.name).find(needle) != std::string::npos) {
            found.push_back(entry);
        }
    }
}

PatternInfo unreadablePattern(const std::filesystem::path& path, std::string error) {
    PatternInfo info;
    info.path = path;
    info.error = std::move(error);
    return info;
}

PatternInfo describePattern(const std::filesystem::path& path, const Pattern& pattern) {
    PatternInfo info;
    info.path = path;
    if (pattern.rule) info.rule = formatRuleSpecForGolly(*pattern.rule);
    info.width = pattern.cells.width();
    info.height = pattern.cells.height();
    info.population = pattern.cells.population();
    info.name = pattern.name;
    for (const std::string& line : pattern.comments)
        if (auto text = commentText(line)) info.comments.push_back(std::move(*text));
    return info;
}

PatternInfo describePattern(const std::filesystem::path& path) {
    try {
        return describePattern(path, readPatternFile(path.string()));
    } catch (const Error& e) {
        return unreadablePattern(path, e.what());
    } catch (const std::bad_alloc&) {
        return unreadablePattern(path, path.string() + ": not enough memory to read the pattern");
    }
}

std::vector<LibraryRoot> standardLibraryRoots() {
    std::vector<LibraryRoot> roots;
    std::error_code error;
    const std::filesystem::path golly = "/usr/share/golly/Patterns";
    if (isListableFolder(golly, error)) roots.push_back({"Golly", golly});
    // An installed catlab keeps its collection in <prefix>/share/catlab/patterns, beside <prefix>/bin.
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path installed = executable.parent_path().parent_path() / "share/catlab/patterns";
    const std::filesystem::path built = CATLAB_SOURCE_PATTERNS;
    if (!executable.empty() && isListableFolder(installed, error))
        roots.push_back({"catlab", installed});
    else if (isListableFolder(built, error))
        roots.push_back({"catlab", built});
    return roots;
}

} // namespace catlab
