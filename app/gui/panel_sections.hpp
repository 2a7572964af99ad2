#pragma once

#include "gui/lab.hpp"
#include "gui/panel.hpp"

#include <exception>
#include <string>

namespace catlab::gui {

// One collapsible section of the panel each: the 2D scene's, then Record, which every scene has.
void drawRuleSection(Lab& lab, PanelState& state);
void drawBackendSection(Lab& lab);
void drawRunSection(Lab& lab, PanelState& state);
void drawMetricsSection(Lab& lab, PanelState& state);
// The population over generations (plot, zoom, CSV and PNG exports) and Identify.
void drawPopulationSection(Lab& lab, PanelState& state);
void drawEditSection(Lab& lab, PanelState& state);
// The selection's size and place and its edits: clipboard, paste place and mode, rotate, flip, clear, fill.
void drawSelectionSection(Lab& lab);
void drawViewSection(Lab& lab);
// The pattern library: folders, search, the chosen file's preview, recent files (panel_library.cpp).
void drawLibrarySection(Lab& lab, PanelState& state);
void drawRecordSection(Lab& lab);
// A red dot and "REC 01:02.3   4.56 MB   1860 frames", with the file's path.
void drawRecordingState(const WindowRecording& recording);

// The cloud scene's sections (panel_cloud.cpp).
void drawCloudSection(Lab& lab, PanelState& state);
void drawCloudSourcesSection(Lab& lab);
void drawCloudLookSection(Lab& lab);
void drawCloudMetricsSection(Lab& lab, PanelState& state);

// Runs a user action; its error (or its notices) becomes the panel's status line.
template <class Action>
void tryAction(Lab& lab, const std::string& success, Action&& action) {
    try {
        lab.history.takeNotice(); // about an earlier change
        action();
        std::string notice = lab.session.lastNotice();
        const std::string undoNotice = lab.history.takeNotice(); // e.g. that the change cannot be undone
        if (!undoNotice.empty()) notice += (notice.empty() ? "" : "; ") + undoNotice;
        lab.status = notice.empty() ? success : success + " (" + notice + ")";
        lab.statusIsError = false;
    } catch (const std::exception& e) {
        lab.status = e.what();
        lab.statusIsError = true;
    }
}

} // namespace catlab::gui
