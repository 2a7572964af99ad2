#include "video/frame_pattern.hpp"

#include "catlab/error.hpp"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

namespace catlab::video {
namespace {

namespace fs = std::filesystem;

// FFmpeg fills in %d with an optional width of up to 18 digits (av_get_frame_filename2 formats the
// number into 20 characters); it reads no flags, precision or other conversions.
constexpr int kMaxFieldWidth = 18;

std::string quoted(const std::string& text) { return "'" + text + "'"; }

bool endsWithPng(const std::string& name) {
    if (name.size() < 4) return false;
    std::string extension = name.substr(name.size() - 4);
    for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".png";
}

// The frame-number fields of a file name; throws for a % that starts anything else.
int countFrameFields(const std::string& pattern, const std::string& name) {
    int fields = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != '%') continue;
        if (i + 1 < name.size() && name[i + 1] == '%') {
            ++i; // %% is a literal %
            continue;
        }
        std::size_t end = i + 1;
        while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
        if (end < name.size() && name[end] == 'd') {
            if (end - (i + 1) > 2 || (end > i + 1 && std::stoi(name.substr(i + 1, end - i - 1)) > kMaxFieldWidth))
                throw Error(pattern + ": the field " + quoted(name.substr(i, end - i + 1)) + " is wider than " +
                            std::to_string(kMaxFieldWidth) + " digits");
            ++fields;
            i = end;
            continue;
        }
        // Show the whole conversion printf would read: up to its letter.
        while (end < name.size() && !std::isalpha(static_cast<unsigned char>(name[end]))) ++end;
        const std::string field = name.substr(i, end < name.size() ? end - i + 1 : end - i);
        throw Error(pattern + ": " + quoted(field) +
                    " is not a frame-number field; a PNG frame pattern takes one %d, %5d or %05d (and %% for a "
                    "literal %)");
    }
    return fields;
}

std::string systemReason(int error) { return std::strerror(error); }

} // namespace

void checkFramePattern(const std::string& pattern) {
    const fs::path path(pattern);
    const std::string name = path.filename().string();
    const fs::path folder = path.parent_path();
    if (folder.string().find('%') != std::string::npos)
        throw Error(pattern + ": the frame-number field belongs in the file name; the folder may not contain %");
    const int fields = countFrameFields(pattern, name);
    if (fields != 1)
        throw Error(pattern +
                    ": a PNG frame pattern needs exactly one frame-number field, such as f%05d.png; this "
                    "one has " +
                    std::to_string(fields));
    if (!endsWithPng(name)) throw Error(pattern + ": PNG frame names must end in .png");
    checkFolderUsable(folder.empty() ? fs::path(".") : folder, pattern);
}

void checkFolderUsable(const fs::path& folder, const std::string& forPath) {
    // The nearest part of the path that exists decides: a folder to write in, or to make folders in.
    fs::path existing = folder;
    std::error_code error;
    while (!fs::exists(existing, error)) {
        if (error) throw Error(forPath + ": cannot use the folder " + quoted(folder.string()) + ": " + error.message());
        if (!existing.has_parent_path() || existing.parent_path() == existing) {
            existing = "."; // a relative path's first part: made in the working folder
            break;
        }
        existing = existing.parent_path();
    }
    const bool isFolder = fs::is_directory(existing, error);
    const std::string verb = existing == folder ? "write in" : "create";
    if (!isFolder)
        throw Error(forPath + ": cannot " + verb + " the folder " + quoted(folder.string()) + ": " +
                    quoted(existing.string()) + " is not a folder");
    if (access(existing.c_str(), W_OK | X_OK) != 0)
        throw Error(forPath + ": cannot " + verb + " the folder " + quoted(folder.string()) + ": " +
                    systemReason(errno) + (existing == folder ? "" : " (in " + quoted(existing.string()) + ")"));
}

std::string framePatternIn(const fs::path& folder) { return (folder / "frame_%06d.png").string(); }

} // namespace catlab::video
