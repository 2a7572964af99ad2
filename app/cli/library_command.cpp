// `catlab library`: the pattern library without a window, for headless machines: its folders, a folder's
// files or a search, each file with its rule and first comment.
#include "cli/commands.hpp"

#include "catlab/pattern_library.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cli {
namespace {

struct LibraryCommandOptions {
    std::optional<std::string> search;
    std::vector<std::string> folders;
};

// "PATH  RULE  first comment" (the name when the file has no comment); "PATH  error: ..." when it does not read.
void printFile(const std::filesystem::path& file, std::ostream& out) {
    const PatternInfo info = describePattern(file);
    out << file.string();
    if (!info.error.empty()) {
        out << "  error: " << info.error << '\n';
        return;
    }
    out << "  " << (info.rule.empty() ? "(no rule)" : info.rule);
    const std::string& about = info.comments.empty() ? info.name : info.comments.front();
    if (!about.empty()) out << "  " << about;
    out << '\n';
}

void runLibrary(const LibraryCommandOptions& o, std::ostream& out) {
    PatternLibrary library;
    for (const LibraryRoot& root : standardLibraryRoots()) library.addRoot(root.label, root.path);
    if (o.search) {
        // The given folders are searched with the standard ones.
        for (const std::string& folder : o.folders) library.addRoot(folder, folder);
        for (const LibraryEntry& entry : library.search(*o.search, std::size_t(-1))) printFile(entry.path, out);
        return;
    }
    if (o.folders.empty()) {
        for (const LibraryRoot& root : library.roots()) out << root.label << "  " << root.path.string() << '\n';
        return;
    }
    for (const std::string& folder : o.folders) {
        PatternLibrary own;
        own.addRoot(folder, folder); // a missing or unreadable folder is refused, naming it
        for (const LibraryEntry& entry : own.list(folder)) {
            if (entry.folder)
                out << entry.path.string() << "/\n";
            else
                printFile(entry.path, out);
        }
    }
}

} // namespace

void addLibraryCommand(CLI::App& app) {
    auto options = std::make_shared<LibraryCommandOptions>();
    CLI::App* command = app.add_subcommand(
        "library", "List pattern folders (Golly's, catlab's own, any given), their files, or files found by name");
    command->add_option("--search", options->search,
                        "Pattern files whose name contains TEXT (any case), in every folder and those given");
    command->add_option("folders", options->folders,
                        "Folders whose pattern files to list, each with its rule and first comment (default: "
                        "print the library's folders)");
    command->callback([options] { runLibrary(*options, std::cout); });
}

} // namespace catlab::cli
