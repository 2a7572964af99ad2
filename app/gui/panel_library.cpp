#include "gui/lab_actions.hpp"
#include "gui/library_actions.hpp"
#include "gui/panel_sections.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdint>
#include <exception>

namespace catlab::gui {
namespace {

const ImVec4 kErrorColour(1.0f, 0.45f, 0.4f, 1.0f);
const ImVec4 kQuietColour(0.65f, 0.65f, 0.7f, 1.0f);

void openFile(Lab& lab, const std::filesystem::path& file) {
    tryAction(lab, "opened " + file.string(), [&] { openLibraryFile(lab, file); });
}

// A file's line: a click opens it, as in Golly's pattern panel, and shows its preview below.
void drawFileEntry(Lab& lab, const LibraryEntry& entry, const char* label) {
    const bool chosen = lab.library.chosen() == entry.path;
    if (ImGui::Selectable(label, chosen)) {
        lab.library.choose(entry.path);
        openFile(lab, entry.path);
    }
}

// One folder's entries, listed when its node is first opened; sub-folders are nodes of their own.
void drawFolder(Lab& lab, const std::filesystem::path& folder) {
    const std::vector<LibraryEntry>* entries = nullptr;
    try {
        entries = &lab.library.library().list(folder);
    } catch (const std::exception& e) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kErrorColour, "%s", e.what());
        ImGui::PopTextWrapPos();
        return;
    }
    if (entries->empty()) ImGui::TextColored(kQuietColour, "(no pattern files)");
    for (const LibraryEntry& entry : *entries) {
        ImGui::PushID(entry.name.c_str());
        if (!entry.folder) {
            drawFileEntry(lab, entry, entry.name.c_str());
        } else if (ImGui::TreeNode(entry.name.c_str())) {
            drawFolder(lab, entry.path);
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
}

void drawSearchResults(Lab& lab) {
    const std::vector<LibraryEntry>& results = lab.library.results();
    ImGui::TextColored(kQuietColour, "%zu file%s%s", results.size(), results.size() == 1 ? "" : "s",
                       results.size() == LibrarySession::kMaxResults ? " (the first ones)" : "");
    ImGui::BeginChild("##libraryresults", ImVec2(0, 160), true);
    for (std::size_t i = 0; i < results.size(); ++i) {
        ImGui::PushID(int(i));
        const std::string label = std::to_string(i + 1) + "  " + results[i].name;
        drawFileEntry(lab, results[i], label.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", results[i].path.string().c_str());
        ImGui::PopID();
    }
    ImGui::EndChild();
}

// The thumbnail's texture, made again from a preview that has just arrived.
void uploadThumbnail(LibraryPanelState& ui, const Thumbnail& thumbnail, std::uint64_t serial) {
    ui.thumbnailSerial = serial;
    ui.thumbnail.reset();
    if (thumbnail.rgba.empty()) return;
    ui.thumbnail = render::createTexture(GL_TEXTURE_2D);
    const GLuint texture = ui.thumbnail.get();
    glTextureStorage2D(texture, 1, GL_RGBA8, thumbnail.width, thumbnail.height);
    glTextureParameteri(texture, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(texture, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTextureSubImage2D(texture, 0, 0, 0, thumbnail.width, thumbnail.height, GL_RGBA, GL_UNSIGNED_BYTE,
                        thumbnail.rgba.data());
    ui.thumbnailWidth = thumbnail.width;
    ui.thumbnailHeight = thumbnail.height;
}

void drawPreview(Lab& lab, LibraryPanelState& ui) {
    const auto& chosen = lab.library.chosen();
    if (!chosen) return;
    ImGui::Separator();
    const PatternPreview* preview = lab.library.preview();
    if (!preview) {
        ImGui::TextColored(kQuietColour, "reading %s ...", chosen->filename().string().c_str());
        return;
    }
    const PatternInfo& info = preview->info;
    ImGui::PushTextWrapPos(0.0f);
    if (!info.error.empty()) {
        ImGui::TextColored(kErrorColour, "%s", info.error.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    if (ui.thumbnailSerial != lab.library.previewSerial())
        uploadThumbnail(ui, preview->thumbnail, lab.library.previewSerial());
    if (lab.library.revealInPanel) {
        ImGui::SetScrollHereY(0.0f);
        lab.library.revealInPanel = false;
    }
    if (ui.thumbnail) {
        const auto id = reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(ui.thumbnail.get()));
        ImGui::Image(id, ImVec2(float(ui.thumbnailWidth), float(ui.thumbnailHeight)));
        ImGui::SameLine();
    }
    ImGui::BeginGroup();
    ImGui::TextUnformatted(info.name.empty() ? chosen->filename().string().c_str() : info.name.c_str());
    ImGui::TextColored(kQuietColour, "%s", info.rule.empty() ? "no rule: opens in the current one" : info.rule.c_str());
    ImGui::Text("%d x %d, %llu cells", info.width, info.height, static_cast<unsigned long long>(info.population));
    if (ImGui::Button("Open")) openFile(lab, *chosen);
    ImGui::EndGroup();
    if (!info.comments.empty()) {
        ImGui::BeginChild("##librarycomments", ImVec2(0, 110), true);
        for (const std::string& comment : info.comments) ImGui::TextWrapped("%s", comment.c_str());
        ImGui::EndChild();
    }
    ImGui::PopTextWrapPos();
}

void drawRecent(Lab& lab) {
    const std::vector<std::filesystem::path> files = lab.library.recent().files(); // opening one reorders them
    if (!ImGui::TreeNode("Recent files")) return;
    ImGui::PushTextWrapPos(0.0f);
    for (const std::string& note : lab.library.recent().notes()) ImGui::TextColored(kQuietColour, "%s", note.c_str());
    if (!lab.library.recentProblem.empty()) ImGui::TextColored(kErrorColour, "%s", lab.library.recentProblem.c_str());
    ImGui::PopTextWrapPos();
    if (files.empty()) ImGui::TextColored(kQuietColour, "(none yet)");
    for (std::size_t i = 0; i < files.size(); ++i) {
        ImGui::PushID(int(i));
        const std::string label = std::to_string(i + 1) + "  " + files[i].filename().string();
        if (ImGui::Selectable(label.c_str())) {
            const std::size_t number = i + 1;
            tryAction(lab, "opened recent file " + std::to_string(number), [&] { openRecentFile(lab, number); });
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", files[i].string().c_str());
        ImGui::PopID();
    }
    ImGui::TreePop();
}

} // namespace

void drawLibrarySection(Lab& lab, PanelState& state) {
    LibraryPanelState& ui = state.library;
    ImGui::SetNextItemWidth(-1.0f);
    std::string search = lab.library.searchText(); // scripts search too: the field shows the last search
    if (ImGui::InputTextWithHint("##librarysearch", "search file names", &search)) searchLibrary(lab, search);
    if (!lab.library.searchText().empty()) {
        drawSearchResults(lab);
    } else {
        for (const LibraryRoot& root : lab.library.library().roots()) {
            ImGui::PushID(root.path.string().c_str());
            if (ImGui::TreeNode(root.label.c_str())) {
                drawFolder(lab, root.path);
                ImGui::TreePop();
            }
            ImGui::PopID();
        }
    }
    ImGui::SetNextItemWidth(-60.0f);
    ImGui::InputTextWithHint("##libraryfolder", "another folder to browse", &ui.folderField);
    ImGui::SameLine();
    if (ImGui::Button("Add"))
        tryAction(lab, "added pattern folder " + ui.folderField, [&] { addLibraryFolder(lab, ui.folderField); });
    drawPreview(lab, ui);
    drawRecent(lab);
}

} // namespace catlab::gui
