#include "catlab/recent_files.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"
#include "catlab/text_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <system_error>

namespace catlab {
namespace {

// Room for kMaxFiles paths of PATH_MAX; a longer list file was not written by catlab.
constexpr TextFileLimits kListLimits{.maxBytes = 1 << 20, .maxLineLength = 4096};

} // namespace

std::filesystem::path RecentFiles::defaultListPath() {
    const char* config = std::getenv("XDG_CONFIG_HOME");
    if (config && std::filesystem::path(config).is_absolute())
        return std::filesystem::path(config) / "catlab/recent.txt";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::filesystem::path(home) / ".config/catlab/recent.txt";
    return {};
}

RecentFiles::RecentFiles(std::filesystem::path listPath) : listPath_(std::move(listPath)) {
    std::error_code error;
    if (listPath_.empty() || !std::filesystem::exists(listPath_, error)) return;
    std::string text;
    try {
        text = readTextFile(listPath_.string(), "recent files list", kListLimits);
    } catch (const Error& e) {
        notes_.push_back(std::string(e.what()) + "; starting with no recent files");
        return;
    }
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const std::filesystem::path file = line;
        if (!std::filesystem::is_regular_file(file, error)) {
            notes_.push_back("recent file " + line + " is gone; dropped from the list");
            continue;
        }
        if (files_.size() < kMaxFiles && std::find(files_.begin(), files_.end(), file) == files_.end())
            files_.push_back(file);
    }
}

std::string RecentFiles::add(const std::filesystem::path& file) {
    std::error_code error;
    std::filesystem::path absolute = std::filesystem::absolute(file, error);
    if (error) absolute = file;
    absolute = absolute.lexically_normal();
    // One path a line: a name with a line break in it cannot be kept.
    if (absolute.string().find_first_of("\r\n") != std::string::npos)
        return "a file name with a line break is not kept in the recent files";
    files_.erase(std::remove(files_.begin(), files_.end(), absolute), files_.end());
    files_.insert(files_.begin(), absolute);
    if (files_.size() > kMaxFiles) files_.resize(kMaxFiles);
    if (listPath_.empty()) return {};
    try {
        std::filesystem::create_directories(listPath_.parent_path(), error);
        if (error)
            return "cannot keep the recent files in " + listPath_.string() + ": cannot make its folder (" +
                   error.message() + ")";
        AtomicFile out(listPath_.string());
        for (const std::filesystem::path& recent : files_) out.write(recent.string() + '\n');
        out.commit();
    } catch (const Error& e) {
        return std::string("cannot keep the recent files: ") + e.what();
    }
    return {};
}

} // namespace catlab
