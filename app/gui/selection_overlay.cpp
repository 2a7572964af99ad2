#include "gui/selection_overlay.hpp"
#include "gui/selection_actions.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace catlab::gui {

void drawSelectionOverlay(const Lab& lab, int widthPixels, int heightPixels) {
    const std::optional<CellRect> rect = selectedCells(lab);
    if (!rect || ImGui::GetCurrentContext() == nullptr) return;
    const ViewWindow view = lab.view.window(widthPixels, heightPixels);
    const GridSize grid = lab.session.size();
    // The copy of the selection nearest the view's centre (the view repeats the torus).
    const double centreX = double(rect->x) + 0.5 * rect->width, centreY = double(rect->y) + 0.5 * rect->height;
    const double copyX = std::round((lab.view.centreX() - centreX) / grid.width) * grid.width;
    const double copyY = std::round((lab.view.centreY() - centreY) / grid.height) * grid.height;
    // Cells to framebuffer pixels, then to ImGui's coordinates (they differ on HiDPI screens).
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    auto toScreenX = [&](double cell) { return float((cell - view.originX) / view.cellsPerPixel / scale.x); };
    auto toScreenY = [&](double cell) { return float((cell - view.originY) / view.cellsPerPixel / scale.y); };
    const ImVec2 topLeft(toScreenX(double(rect->x) + copyX), toScreenY(double(rect->y) + copyY));
    ImVec2 bottomRight(toScreenX(double(rect->x + rect->width) + copyX),
                       toScreenY(double(rect->y + rect->height) + copyY));
    // At least a pixel across when zoomed far out.
    bottomRight.x = std::max(bottomRight.x, topLeft.x + 1);
    bottomRight.y = std::max(bottomRight.y, topLeft.y + 1);

    ImDrawList& draw = *ImGui::GetBackgroundDrawList();
    draw.AddRectFilled(topLeft, bottomRight, IM_COL32(90, 160, 255, 48));
    draw.AddRect(topLeft, bottomRight, IM_COL32(120, 190, 255, 255), 0.0f, 0, 1.5f);
    const std::string size = std::to_string(rect->width) + " x " + std::to_string(rect->height);
    const float lineHeight = ImGui::GetTextLineHeight();
    // Above the outline, or inside it when the outline touches the top of the window.
    const float labelY = topLeft.y - lineHeight - 2 >= 0 ? topLeft.y - lineHeight - 2 : topLeft.y + 2;
    draw.AddText(ImVec2(topLeft.x + 2, labelY), IM_COL32(200, 225, 255, 255), size.c_str());
}

} // namespace catlab::gui
