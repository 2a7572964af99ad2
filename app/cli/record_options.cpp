#include "cli/record_options.hpp"

#include "render/view_navigation.hpp"

#include "catlab/error.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

namespace catlab::cli {
namespace {

constexpr int kMaxFrameSide = 16384; // the encoder's limit
constexpr int kMaxFps = 240;
constexpr long long kMaxFrames = 100'000'000;

std::optional<double> parseNumber(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

void checkSide(const char* option, int side, bool needsEven) {
    if (side < 2 || side > kMaxFrameSide)
        throw Error(std::string(option) + " " + std::to_string(side) + " is outside 2.." +
                    std::to_string(kMaxFrameSide) + " pixels");
    if (needsEven && side % 2 != 0)
        throw Error(std::string(option) + " " + std::to_string(side) +
                    " is odd: H.264 and MPEG-4 need even frame sizes (--format png takes any)");
}

RecordView parseView(const RecordOptions& o) {
    RecordView view;
    if (o.view != "fit") {
        const auto zoom = parseNumber(o.view);
        using render::ViewNavigation;
        if (!zoom || *zoom < ViewNavigation::kMinZoom || *zoom > ViewNavigation::kMaxZoom)
            throw Error("--view must be fit or a zoom in pixels per cell from " +
                        std::to_string(ViewNavigation::kMinZoom) + " to " +
                        std::to_string(int(ViewNavigation::kMaxZoom)) + " (1: one cell per pixel), not '" + o.view +
                        "'");
        view.fit = false;
        view.zoom = *zoom;
    }
    if (o.centre) {
        const std::string& text = *o.centre;
        const std::size_t comma = text.find(',');
        const auto x = comma == std::string::npos ? std::nullopt : parseNumber(std::string_view(text).substr(0, comma));
        const auto y =
            comma == std::string::npos ? std::nullopt : parseNumber(std::string_view(text).substr(comma + 1));
        if (!x || !y) throw Error("--centre must be X,Y in cells, e.g. 512,300, not '" + text + "'");
        if (view.fit) throw Error("--centre needs a zoom: give --view in pixels per cell (fit centres the grid)");
        view.centreX = x;
        view.centreY = y;
    }
    return view;
}

} // namespace

RecordPlan planRecording(const RecordOptions& o) {
    RecordPlan plan;
    if (o.out.empty()) throw Error("--out is required: the video file (or the folder for --format png)");
    const video::VideoFormat format = video::parseVideoFormat(o.format);
    const bool png = format == video::VideoFormat::PngSequence;
    checkSide("--width", o.width, !png);
    checkSide("--height", o.height, !png);
    if (o.fps < 1 || o.fps > kMaxFps)
        throw Error("--fps must be 1.." + std::to_string(kMaxFps) + " (got " + std::to_string(o.fps) + ")");
    if (o.every < 1)
        throw Error("--every must be at least 1 generation between frames (got " + std::to_string(o.every) + ")");
    if (o.scene.steps < 0) throw Error("--steps must not be negative");
    if (o.quality < 0 || o.quality > 51)
        throw Error("--quality must be 0..51 (H.264 CRF; lower is better), not " + std::to_string(o.quality));
    plan.frames = o.scene.steps / o.every + 1;
    if (plan.frames > kMaxFrames)
        throw Error("--steps / --every asks for " + std::to_string(plan.frames) + " frames; at most " +
                    std::to_string(kMaxFrames));
    plan.every = o.every;
    plan.video = {o.out, o.width, o.height, o.fps, format, o.quality};
    plan.view = parseView(o);
    const auto map = render::parseColourMap(o.colourMap);
    if (!map) throw Error("--colormap must be two-state, decay or density, not '" + o.colourMap + "'");
    plan.style.colourMap = *map;
    plan.style.gridLines = o.gridLines;
    if (o.upload != "auto" && o.upload != "host") throw Error("--upload must be auto or host, not '" + o.upload + "'");
    plan.upload = o.upload == "host" ? render::ViewUpload::HostOnly : render::ViewUpload::Auto;
    return plan;
}

ViewWindow recordingWindow(const RecordView& view, GridSize grid, int width, int height, int states) {
    render::ViewNavigation navigation;
    navigation.setGrid(grid);
    if (view.fit) {
        navigation.fit(width, height);
    } else {
        navigation.setZoom(view.zoom);
        if (view.centreX && view.centreY)
            navigation.centreOnCell(*view.centreX, *view.centreY);
        else
            navigation.centreOn(0.5 * grid.width, 0.5 * grid.height);
    }
    const ViewWindow window = navigation.window(width, height);
    makeViewMapping(window, grid, states); // throws with the reason
    return window;
}

} // namespace catlab::cli
