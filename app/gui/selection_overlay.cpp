#include "gui/selection_overlay.hpp"
#include "gui/selection_actions.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace catlab::gui {
namespace {

// Beyond this many copies of the torus in view (zoomed far out) only the one nearest the centre is drawn.
constexpr long long kMostCopiesDrawn = 64;

// The copies k (cell offset k * side) of the span [start, start + length) that meet the view's [first, last).
struct CopyRange {
    long long first = 0, last = -1;
    long long count() const { return last - first + 1; }
};
CopyRange copiesInView(double start, double length, double first, double last, int side) {
    return {(long long)std::floor((first - start - length) / side) + 1,
            (long long)std::ceil((last - start) / side) - 1};
}

void drawOne(ImDrawList& draw, ImVec2 topLeft, ImVec2 bottomRight, const std::string& size) {
    // At least a pixel across when zoomed far out.
    bottomRight.x = std::max(bottomRight.x, topLeft.x + 1);
    bottomRight.y = std::max(bottomRight.y, topLeft.y + 1);
    draw.AddRectFilled(topLeft, bottomRight, IM_COL32(90, 160, 255, 56));
    draw.AddRect(topLeft, bottomRight, IM_COL32(120, 190, 255, 255), 0.0f, 0, 1.5f);
    // Above the outline, or inside it when the outline touches the top of the window; on a dark backdrop
    // so that it reads over live cells.
    const ImVec2 text = ImGui::CalcTextSize(size.c_str());
    const float y = topLeft.y - text.y - 3 >= 0 ? topLeft.y - text.y - 3 : topLeft.y + 2;
    const ImVec2 at(topLeft.x, y);
    draw.AddRectFilled(at, ImVec2(at.x + text.x + 4, at.y + text.y + 2), IM_COL32(0, 0, 0, 200));
    draw.AddText(ImVec2(at.x + 2, at.y + 1), IM_COL32(200, 225, 255, 255), size.c_str());
}

} // namespace

void drawSelectionOverlay(const Lab& lab, int widthPixels, int heightPixels) {
    const std::optional<CellRect> rect = selectedCells(lab);
    if (!rect || ImGui::GetCurrentContext() == nullptr) return;
    const ViewWindow view = lab.view.window(widthPixels, heightPixels);
    const GridSize grid = lab.session.size();
    // The view repeats the torus: every copy of the selection in view, or the nearest one when there are many.
    CopyRange xs = copiesInView(double(rect->x), rect->width, view.originX,
                                view.originX + widthPixels * view.cellsPerPixel, grid.width);
    CopyRange ys = copiesInView(double(rect->y), rect->height, view.originY,
                                view.originY + heightPixels * view.cellsPerPixel, grid.height);
    if (xs.count() <= 0 || ys.count() <= 0) return;
    if (xs.count() * ys.count() > kMostCopiesDrawn) {
        const double centreX = double(rect->x) + 0.5 * rect->width, centreY = double(rect->y) + 0.5 * rect->height;
        xs.first = xs.last = std::llround((lab.view.centreX() - centreX) / grid.width);
        ys.first = ys.last = std::llround((lab.view.centreY() - centreY) / grid.height);
    }
    // Cells to framebuffer pixels, then to ImGui's coordinates (they differ on HiDPI screens).
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    auto toScreenX = [&](double cell) { return float((cell - view.originX) / view.cellsPerPixel / scale.x); };
    auto toScreenY = [&](double cell) { return float((cell - view.originY) / view.cellsPerPixel / scale.y); };
    const std::string size = std::to_string(rect->width) + " x " + std::to_string(rect->height);
    ImDrawList& draw = *ImGui::GetBackgroundDrawList();
    for (long long ky = ys.first; ky <= ys.last; ++ky)
        for (long long kx = xs.first; kx <= xs.last; ++kx) {
            const double left = double(rect->x) + double(kx) * grid.width;
            const double top = double(rect->y) + double(ky) * grid.height;
            drawOne(draw, ImVec2(toScreenX(left), toScreenY(top)),
                    ImVec2(toScreenX(left + rect->width), toScreenY(top + rect->height)), size);
        }
}

} // namespace catlab::gui
