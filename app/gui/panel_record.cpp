#include "gui/panel_sections.hpp"
#include "gui/recording_actions.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

namespace catlab::gui {

void drawRecordingState(const WindowRecording& recording) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(at.x + line * 0.5f, at.y + line * 0.5f), line * 0.4f,
                                                IM_COL32(230, 30, 25, 255));
    ImGui::Dummy(ImVec2(line, line));
    ImGui::SameLine();
    const double elapsed = recording.elapsedSeconds();
    const int minutes = int(elapsed / 60);
    ImGui::Text("REC %02d:%04.1f   %.2f MB   %lld frames", minutes, elapsed - 60.0 * minutes,
                double(recording.bytesWritten()) / 1e6, static_cast<long long>(recording.framesCaptured()));
    if (recording.framesDropped() > 0)
        ImGui::TextDisabled("%lld frames dropped (the encoder is behind)",
                            static_cast<long long>(recording.framesDropped()));
    ImGui::TextDisabled("%s", recording.path().c_str());
}

void drawRecordSection(Lab& lab) {
    RecordingSettings& settings = lab.recordingSettings;
    const bool recording = lab.recording != nullptr;
    ImGui::BeginDisabled(recording); // the settings of a running recording are fixed
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##video", "catlab-<date>-<time>.mp4", &settings.path);
    ImGui::SetNextItemWidth(100);
    if (ImGui::InputInt("fps", &settings.fps)) settings.fps = std::clamp(settings.fps, 1, 240);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100);
    using video::VideoFormat;
    if (ImGui::BeginCombo("format", std::string(video::formatName(settings.format)).c_str())) {
        for (VideoFormat format :
             {VideoFormat::Auto, VideoFormat::H264, VideoFormat::Mpeg4, VideoFormat::Vp9, VideoFormat::PngSequence})
            if (ImGui::Selectable(std::string(video::formatName(format)).c_str(), format == settings.format))
                settings.format = format;
        ImGui::EndCombo();
    }
    ImGui::Checkbox("include the panel", &settings.includePanel);
    ImGui::EndDisabled();

    if (ImGui::Button(recording ? "Stop (Ctrl+R)" : "Record (Ctrl+R)", ImVec2(130, 0))) {
        try {
            toggleRecording(lab);
        } catch (const std::exception& e) {
            lab.status = e.what();
            lab.statusIsError = true;
        }
    }
}

} // namespace catlab::gui
