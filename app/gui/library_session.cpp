#include "gui/library_session.hpp"

#include <chrono>
#include <vector>

namespace catlab::gui {

LibrarySession::LibrarySession(const std::filesystem::path& recentList) : recent_(recentList) {
    for (const LibraryRoot& root : standardLibraryRoots()) library_.addRoot(root.label, root.path);
}

void LibrarySession::search(const std::string& text) {
    searchText_ = text;
    results_ = text.empty() ? std::vector<LibraryEntry>{} : library_.search(text, kMaxResults);
}

void LibrarySession::choose(const std::filesystem::path& file) {
    if (chosen_ == file) return;
    chosen_ = file;
    preview_.reset();
    // A preview still being read for the file chosen before is left to finish: dropping its future
    // would wait for it (std::async's futures do) and stall the frame.
    if (pending_.valid()) abandoned_.push_back(std::move(pending_));
    pending_ = std::async(std::launch::async, [file] { return previewPattern(file); });
}

const PatternPreview* LibrarySession::preview() {
    std::erase_if(abandoned_, [](const std::future<PatternPreview>& f) {
        return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    });
    if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        preview_ = pending_.get();
        ++previewSerial_;
    }
    return preview_ ? &*preview_ : nullptr;
}

const PatternPreview* LibrarySession::waitForPreview() {
    if (pending_.valid()) pending_.wait();
    return preview();
}

} // namespace catlab::gui
