#pragma once

#include "cli/run_options.hpp"

#include "render/view_renderer.hpp"
#include "render/view_source.hpp"
#include "video/video_settings.hpp"

#include "catlab/grid.hpp"
#include "catlab/view.hpp"

#include <optional>
#include <string>

namespace catlab::cli {

// `catlab record` as given on the command line.
struct RecordOptions {
    RunOptions scene; // --rule --size --density --seed --backend --in, and --steps
    int every = 1;    // generations between frames
    int width = 1280; // frame size in pixels
    int height = 720;
    int fps = 30;
    std::string out;
    std::string format = "auto";
    int quality = 18;
    std::string view = "fit";          // "fit" or pixels per cell
    std::optional<std::string> centre; // "X,Y" in cells
    std::string colourMap = "two-state";
    bool gridLines = true;
    std::string upload = "auto"; // "auto" (CUDA-GL interop for GPU backends) or "host"
};

// Where the camera looks: the whole grid, or a zoom (pixels per cell) around a centre cell.
struct RecordView {
    bool fit = true;
    double zoom = 1;
    std::optional<double> centreX, centreY; // default: the grid's centre
};

// Everything a recording needs, each option checked.
struct RecordPlan {
    video::VideoSettings video;
    long long frames = 1; // generations 0, every, 2 every, ... up to --steps
    int every = 1;
    RecordView view;
    render::ViewStyle style;
    render::ViewUpload upload = render::ViewUpload::Auto;
};

// Checks every option that needs no grid and no OpenGL, so that bad input fails at once: throws
// catlab::Error naming the option and what it must be.
RecordPlan planRecording(const RecordOptions& options);

// The window the frames show of a grid (throws catlab::Error when it is not a usable window).
ViewWindow recordingWindow(const RecordView& view, GridSize grid, int width, int height, int states);

} // namespace catlab::cli
