#include "cli/record_options.hpp"

#include "render/view_navigation.hpp"
#include "video/video_output.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>
#include <tuple>

namespace catlab::cli {
namespace {

constexpr long long kMaxFrames = 100'000'000;

std::optional<double> parseNumber(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// The codec for --out and --format, checked against the file's container and this FFmpeg.
video::VideoFormat chooseFormat(const std::string& out, video::VideoFormat asked) {
    try {
        return video::chooseVideoOutput(out, asked).format;
    } catch (const Error& e) {
        throw Error(std::string("--out ") + e.what());
    }
}

void checkSide(const char* option, int side, bool needsEven) {
    if (side < 2 || side > kMaxFrameSide)
        throw Error(std::string(option) + " " + std::to_string(side) + " is outside 2.." +
                    std::to_string(kMaxFrameSide) + " pixels");
    if (needsEven && side % 2 != 0)
        throw Error(std::string(option) + " " + std::to_string(side) +
                    " is odd: H.264, MPEG-4 and VP9 need even frame sizes (--format png takes any)");
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

// "A" or "A,B": the value at the start and at the end of the path (the same when one is given).
std::pair<double, double> startAndEnd(const std::string& text, const char* option, const char* form, double low,
                                      double high) {
    const std::vector<double> v = parseNumberList(text, option, form);
    if (v.size() != 1 && v.size() != 2) throw Error(std::string("bad ") + option + " '" + text + "': expected " + form);
    for (double value : v)
        if (value < low || value > high)
            throw Error(std::string(option) + " '" + text + "': each value must be " + std::to_string(int(low)) + ".." +
                        std::to_string(int(high)));
    return {v.front(), v.back()};
}

void refuseGridOptions(const RecordOptions& o) {
    const auto refuse = [](const char* option) {
        throw Error(std::string(option) + " applies to a 2D automaton, not to --scene cloud");
    };
    if (o.scene.rule) refuse("--rule");
    if (o.scene.density) refuse("--density");
    if (o.scene.inPath) refuse("--in");
    const RecordOptions defaults;
    if (o.view != defaults.view) refuse("--view");
    if (o.centre) refuse("--centre");
    if (o.colourMap != defaults.colourMap) refuse("--colormap");
    if (o.gridLines != defaults.gridLines) refuse("--no-grid-lines");
}

CloudRecordPlan planCloud(const RecordOptions& o) {
    refuseGridOptions(o);
    const CloudRecordOptions& c = o.cloud;
    CloudRecordPlan plan;
    plan.size = o.scene.size ? cloud::parseCloudSize(*o.scene.size) : cloud::CloudSize{128, 128, 32};
    cloud::checkCloudSize(plan.size);
    plan.params = cloudParamsFrom(c.model, plan.size, o.scene.seed);
    plan.sourcesFrom = c.model.sourcesFrom();
    plan.backend = cloud::resolveCloudBackend(o.scene.backend.value_or("auto"));
    plan.formation = c.formation.value_or(300);
    if (plan.formation < 0 || plan.formation > kMaxCloudSteps)
        throw Error("--formation must be 0.." + std::to_string(kMaxCloudSteps) + " steps");

    using render::OrbitCamera;
    OrbitCamera& camera = plan.path.start;
    if (c.yaw) {
        if (!std::isfinite(*c.yaw)) throw Error("--yaw must be a finite angle in degrees");
        camera.yawDegrees = *c.yaw;
    }
    plan.path.orbitDegrees = c.orbitDegrees.value_or(60.0);
    if (!std::isfinite(plan.path.orbitDegrees) || std::abs(plan.path.orbitDegrees) > 36000)
        throw Error("--orbit-degrees must be -36000..36000 (100 turns)");
    plan.path.endPitchDegrees = camera.pitchDegrees;
    plan.path.endDistance = camera.distance;
    if (c.pitch)
        std::tie(camera.pitchDegrees, plan.path.endPitchDegrees) =
            startAndEnd(*c.pitch, "--pitch", "A or A,B in degrees above the horizon (start, end), e.g. 10,40",
                        OrbitCamera::kMinPitch, OrbitCamera::kMaxPitch);
    if (c.distance)
        std::tie(camera.distance, plan.path.endDistance) = startAndEnd(
            *c.distance, "--distance", "A or A,B (start, end), the volume's longest side being 1, e.g. 2.5,1.2",
            OrbitCamera::kMinDistance, OrbitCamera::kMaxDistance);
    if (c.sun) {
        const char* form = "AZIMUTH,ELEVATION in degrees, e.g. 35,30";
        const std::vector<double> v = parseNumberList(*c.sun, "--sun", form);
        if (v.size() != 2) throw Error("bad --sun '" + *c.sun + "': expected " + form);
        if (v[1] < -90 || v[1] > 90) throw Error("--sun '" + *c.sun + "': the elevation must be -90..90 degrees");
        plan.look.sunAzimuthDegrees = v[0];
        plan.look.sunElevationDegrees = v[1];
    }
    if (c.densityScale) {
        if (!(*c.densityScale > 0 && *c.densityScale <= 100))
            throw Error("--density-scale must be above 0, at most 100");
        plan.look.densityScale = *c.densityScale;
    }
    plan.densityRadius = c.densityRadius.value_or(1);
    cloud::checkDensityRadius(plan.densityRadius);
    return plan;
}

} // namespace

RecordPlan planRecording(const RecordOptions& o) {
    RecordPlan plan;
    if (o.sceneKind != "grid" && o.sceneKind != "cloud")
        throw Error("--scene must be grid (a 2D automaton) or cloud (the 3D cloud automaton), not '" + o.sceneKind +
                    "'");
    if (o.sceneKind == "grid" && o.cloud.anyGiven())
        throw Error("the cloud options (--formation, --orbit-degrees, --pitch, --distance, --yaw, --sun, "
                    "--cloud-scene, --source, "
                    "--wind, --p-*, --density-scale, --density-radius) need --scene cloud");
    if (o.out.empty()) throw Error("--out is required: the video file (or the folder for --format png)");
    const video::VideoFormat format = chooseFormat(o.out, video::parseVideoFormat(o.format));
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
    if (o.upload != "auto" && o.upload != "host") throw Error("--upload must be auto or host, not '" + o.upload + "'");
    plan.upload = o.upload == "host" ? render::ViewUpload::HostOnly : render::ViewUpload::Auto;
    if (o.sceneKind == "cloud") {
        plan.cloud = planCloud(o);
        return plan;
    }
    plan.view = parseView(o);
    const auto map = render::parseColourMap(o.colourMap);
    if (!map) throw Error("--colormap must be two-state, decay or density, not '" + o.colourMap + "'");
    plan.style.colourMap = *map;
    plan.style.gridLines = o.gridLines;
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
