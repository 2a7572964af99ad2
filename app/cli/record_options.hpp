#pragma once

#include "cli/cloud_model_options.hpp"
#include "cli/run_options.hpp"

#include "recording/camera_path.hpp"
#include "render/cloud_renderer.hpp"
#include "render/view_renderer.hpp"
#include "render/view_source.hpp"
#include "video/video_settings.hpp"

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"
#include "catlab/grid.hpp"
#include "catlab/view.hpp"

#include <optional>
#include <string>

namespace catlab::cli {

inline constexpr int kMaxFrameSide = 16384; // the encoder's limit
inline constexpr int kMaxFps = 240;

// The cloud scene's options as typed (empty where not given: a grid recording refuses them).
struct CloudRecordOptions {
    CloudModelOptions model;                 // --cloud-scene --source --wind --p-ext --p-hum --p-act
    std::optional<long long> formation;      // steps before the first frame
    std::optional<double> yaw, orbitDegrees; // the camera's start yaw and its turn over the recording
    std::optional<std::string> pitch;        // "A" or "A,B": degrees at the start (and the end)
    std::optional<std::string> distance;     // "A" or "A,B": from the volume's centre, its longest side 1
    std::optional<std::string> sun;          // "AZIMUTH,ELEVATION" in degrees
    std::optional<double> densityScale;
    std::optional<int> densityRadius;

    bool anyGiven() const {
        return model.anyGiven() || formation || yaw || orbitDegrees || pitch || distance || sun || densityScale ||
               densityRadius;
    }
};

// `catlab record` as given on the command line.
struct RecordOptions {
    std::string sceneKind = "grid"; // grid (a 2D automaton) or cloud (the 3D cloud automaton)
    RunOptions scene;               // --rule --size --density --seed --backend --in, and --steps
    CloudRecordOptions cloud;
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

// The cloud scene, each option checked: a volume flown around along a camera path.
struct CloudRecordPlan {
    cloud::CloudSize size;
    cloud::CloudParams params;
    std::optional<cloud::CloudScene> sourcesFrom = cloud::kDefaultCloudScene; // nullopt: --source gave them
    std::string backend;                                                      // cpu or cuda (auto resolved)
    long long formation = 300;
    recording::CameraPath path;
    render::CloudLook look;
    int densityRadius = 1;
};

// Everything a recording needs, each option checked.
struct RecordPlan {
    std::optional<CloudRecordPlan> cloud; // the cloud scene; otherwise a grid
    video::VideoSettings video;
    long long frames = 1; // generations (cloud: steps after the formation) 0, every, 2 every, ... up to --steps
    int every = 1;
    RecordView view; // the grid scene's
    render::ViewStyle style;
    render::ViewUpload upload = render::ViewUpload::Auto;
};

// Checks every option that needs no grid and no OpenGL, so that bad input fails at once: throws
// catlab::Error naming the option and what it must be.
RecordPlan planRecording(const RecordOptions& options);

// The window the frames show of a grid (throws catlab::Error when it is not a usable window).
ViewWindow recordingWindow(const RecordView& view, GridSize grid, int width, int height, int states);

} // namespace catlab::cli
