// `catlab record`: films a scene headless into a video file: a 2D automaton's grid, or the cloud
// automaton flown around along a camera path. An EGL context without a window or X
// server (the GPU's on NVIDIA servers, Mesa's llvmpipe elsewhere) draws each frame into an offscreen
// framebuffer; the frames are read back through pixel buffers and encoded on a background thread.
#include "cli/commands.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/interrupt_flag.hpp"
#include "cli/number_options.hpp"
#include "cli/record_distributed.hpp"
#include "cli/record_film.hpp"
#include "cli/record_filmed_scene.hpp"
#include "cli/record_options.hpp"
#include "cli/scene_options.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/error.hpp"

#include "recording/frame_recorder.hpp"
#include "render/egl_context.hpp"

#include <iostream>
#include <limits>
#include <memory>

namespace catlab::cli {
namespace {

void addCloudRecordOptions(CLI::App& cmd, CloudRecordOptions& c) {
    const std::string group = "Cloud scene (--scene cloud)";
    addCloudModelOptions(cmd, c.model);
    for (const char* name : {"--source", "--wind", "--p-ext", "--p-hum", "--p-act"}) cmd.get_option(name)->group(group);
    const auto inGroup = [&](CLI::Option* option, const char* byDefault) {
        option->default_str(byDefault)->group(group);
    };
    inGroup(addIntegerOption(cmd, "--formation", c.formation,
                             "Steps before the first frame, so that clouds have formed", 0, kMaxCloudSteps),
            "300");
    inGroup(addNumberOption(cmd, "--yaw", c.yaw, "The camera's start direction about the vertical, degrees"), "-55");
    inGroup(addNumberOption(cmd, "--orbit-degrees", c.orbitDegrees,
                            "How far the camera circles the volume over the recording"),
            "60");
    inGroup(cmd.add_option("--pitch", c.pitch,
                           "The camera's height above the horizon, degrees: A, or A,B from start to end"),
            "20");
    inGroup(
        cmd.add_option("--distance", c.distance, "The camera's distance (the volume's longest side is 1): A, or A,B"),
        "1.9");
    inGroup(cmd.add_option("--sun", c.sun, "The sun's azimuth,elevation in degrees"), "35,30");
    inGroup(addNumberOption(cmd, "--density-scale", c.densityScale, "Extinction of full density per cell width"), "1");
    inGroup(addIntegerOption(cmd, "--density-radius", c.densityRadius, "Smoothing radius of the cloud density, 0..3", 0,
                             cloud::kMaxDensityRadius),
            "1");
}

int runRecord(const RecordOptions& options) {
    if (distributedRun(options.scene.gpus)) return recordDistributedGrid(options);
    if (options.scene.haloSteps != 0) throw Error("--halo-steps is for a distributed grid (--gpus, or under mpirun)");
    const RecordPlan plan = planRecording(options); // bad options fail before any work
    const std::unique_ptr<FilmedScene> filmed = filmedScene(options, plan, std::cerr); // and bad files
    // From here on Ctrl+C stops at the next frame (the first, if it comes while the scene is made).
    const InterruptFlag interrupt;
    const render::EglContext context; // first: the recorder's buffers and CUDA-GL interop need it
    // The file is opened before the simulation is made, so an unwritable path fails at once.
    recording::FrameRecorder recorder(plan.video, recording::WhenEncoderIsBehind::Wait);
    const std::unique_ptr<recording::Scene> scene = filmed->start(context.description(), std::cout, interrupt.raised());
    return film(*scene, filmed->uploadLabel(), recorder, plan, interrupt, options.scene.progress);
}

} // namespace

void addRecordCommand(CLI::App& app) {
    auto o = std::make_shared<RecordOptions>();
    CLI::App* cmd = app.add_subcommand("record", "Record a scene to video, headless (EGL: no window, no X server)");
    cmd->add_option("--scene", o->sceneKind, "grid (a 2D automaton) or cloud (the 3D cloud automaton, flown around)")
        ->capture_default_str();
    addSceneOptions(*cmd, o->scene, SceneOptionsFor::GridOrCloud);
    addIntegerOption(*cmd, "--steps", o->scene.steps,
                     "Generations to run; frames show generations 0, K, 2K, ... up to N (the cloud scene: after the "
                     "formation)",
                     0, std::numeric_limits<long long>::max())
        ->capture_default_str();
    addIntegerOption(*cmd, "--every", o->every, "K: generations between frames", 1, std::numeric_limits<int>::max())
        ->capture_default_str();
    addIntegerOption(*cmd, "--width", o->width, "Frame width in pixels (even but for PNG)", 2, kMaxFrameSide)
        ->capture_default_str();
    addIntegerOption(*cmd, "--height", o->height, "Frame height in pixels (even but for PNG)", 2, kMaxFrameSide)
        ->capture_default_str();
    addIntegerOption(*cmd, "--fps", o->fps, "Frames per second of the video", 1, kMaxFps)->capture_default_str();
    cmd->add_option("--out", o->out,
                    "Video file: .mp4, .mov, .mkv or .webm (the container); PNG frames: a folder, or a pattern like "
                    "f%05d.png")
        ->required();
    cmd->add_option("--format", o->format,
                    "auto (by the container: H.264, else MPEG-4; VP9 for .webm), h264, mpeg4, vp9 or png")
        ->capture_default_str();
    addIntegerOption(*cmd, "--quality", o->quality, "H.264 CRF 0..51, lower is better (MPEG-4: a quantiser from it)", 0,
                     51)
        ->capture_default_str();
    cmd->add_option("--view", o->view, "fit (the whole grid) or a zoom in pixels per cell (1: one cell per pixel)")
        ->capture_default_str();
    cmd->add_option("--centre", o->centre, "X,Y: the cell at the centre of the frames (with a --view zoom)");
    cmd->add_option("--colormap", o->colourMap, "two-state, decay or density")->capture_default_str();
    cmd->add_flag("!--no-grid-lines", o->gridLines, "No cell grid lines when zoomed in");
    cmd->add_option("--upload", o->upload, "auto (CUDA-GL interop for GPU backends) or host")->capture_default_str();
    cmd->add_option("--gpus", o->scene.gpus,
                    "One grid over N GPUs of this machine (or all), cut into bands, halos exchanged with NCCL; rank 0 "
                    "films it");
    addIntegerOption(*cmd, "--halo-steps", o->scene.haloSteps,
                     "Generations between halo exchanges of a distributed grid (halos of that many radii; 0: "
                     "chosen for the radius)",
                     0, 1 << 16)
        ->capture_default_str();
    addCloudRecordOptions(*cmd, o->cloud);
    cmd->add_flag("!--no-progress", o->scene.progress, "Never draw the progress bar");
    cmd->callback([o] {
        const int code = runRecord(*o);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
