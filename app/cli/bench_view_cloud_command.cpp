// `catlab bench-view-cloud`: how long a frame of the cloud scene takes while the volume steps every
// frame, measured headless (EGL, no window): each frame steps the cloud automaton, writes the density
// snapshot into the 3D texture (CUDA-GL interop for the cuda backend), builds the occupancy pyramid and
// the light volumes from it and ray marches it into an offscreen framebuffer.
#include "cli/cloud_model_options.hpp"
#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/report_text.hpp"
#include "cli/scene_setup.hpp"

#include "build_info.hpp"
#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"
#include "render/offscreen_frame.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

namespace catlab::cli {
namespace {

struct BenchViewCloudOptions {
    std::string frameSize = "1920x1080";
    std::string cloudSize = "256x256x64";
    std::string backend = "auto";
    int frames = 200;
    int warmup = 20;
    int stepsPerFrame = 1;
    long long formation = 300; // steps before the first frame, so that clouds have formed
    std::optional<std::string> scene;
    std::optional<std::string> wind;
    int densityRadius = 1;
    std::string upload = "auto";
    std::string march = "fast";
    std::string rays = "auto";
};

using Clock = std::chrono::steady_clock;

int runBenchViewCloud(const BenchViewCloudOptions& o) {
    GridSize frame;
    try {
        frame = parseGridSize(o.frameSize);
    } catch (const Error&) {
        frame = {};
    }
    if (frame.width < 1 || frame.height < 1 || frame.width > 16384 || frame.height > 16384)
        throw Error("--size " + o.frameSize + ": the frame must be WxH pixels, each side 1..16384");
    const cloud::CloudSize size = cloud::parseCloudSize(o.cloudSize);
    cloud::checkCloudSize(size);
    if (o.frames < 1) throw Error("--frames must be at least 1");
    if (o.warmup < 0) throw Error("--warmup cannot be negative");
    if (o.stepsPerFrame < 1 || o.stepsPerFrame > 4096) throw Error("--steps-per-frame must be 1..4096");
    if (o.formation < 0 || o.formation > kMaxCloudSteps) throw Error("--formation must be 0..2^30 steps");
    if (o.upload != "auto" && o.upload != "host") throw Error("--upload must be auto or host, not " + o.upload);
    if (o.march != "fast" && o.march != "reference") throw Error("--march must be fast or reference, not " + o.march);
    if (o.rays != "auto" && o.rays != "pixel" && o.rays != "quad")
        throw Error("--rays must be auto, pixel or quad, not " + o.rays);
    cloud::checkDensityRadius(o.densityRadius);
    CloudModelOptions model;
    model.scene = o.scene;
    model.wind = o.wind;
    const cloud::CloudParams params = cloudParamsFrom(model, size, 1);

    const render::EglContext context;
    std::cout << "catlab bench-view-cloud: OpenGL " << context.description() << '\n';
    auto sim = cloud::makeCloudSimulation(cloud::resolveCloudBackend(o.backend), size, params);
    sim->step(int(o.formation));
    render::CloudVolumeSource source(o.upload == "host" ? render::ViewUpload::HostOnly : render::ViewUpload::Auto);
    render::CloudRenderer renderer;
    const render::OrbitCamera camera;
    render::CloudLook look;
    look.march = o.march == "reference" ? render::CloudMarch::Reference : render::CloudMarch::Fast;
    look.rayStride = o.rays == "pixel" ? 1 : o.rays == "quad" ? 2 : 0;
    const render::OffscreenFrame target(frame.width, frame.height);
    constexpr float kBlend = 0.5f; // halfway between snapshots, as the window draws most frames

    // Pipelined frames, as the window runs them; then the same with every phase waited for.
    std::vector<double> frames, steps, snapshots, pyramids, lights, marches;
    for (int f = 0; f < o.warmup + o.frames; ++f) {
        const Clock::time_point start = Clock::now();
        sim->step(o.stepsPerFrame);
        source.snapshot(*sim, o.densityRadius);
        renderer.draw(source, kBlend, camera, look, 0, 0, frame.width, frame.height);
        glFinish();
        if (f >= o.warmup) frames.push_back(msSince(start));
    }
    // Times one phase: runs it and waits for the GPU.
    auto timed = [](std::vector<double>& into, auto&& phase) {
        const Clock::time_point start = Clock::now();
        phase();
        glFinish();
        into.push_back(msSince(start));
    };
    for (int f = 0; f < o.frames; ++f) {
        steps.push_back(sim->timeSteps(o.stepsPerFrame));
        timed(snapshots, [&] { source.snapshot(*sim, o.densityRadius); });
        timed(pyramids, [&] { renderer.updateOccupancy(source, look); });
        timed(lights, [&] { renderer.updateLight(source, look); });
        timed(marches, [&] { renderer.march(source, kBlend, camera, look, 0, 0, frame.width, frame.height); });
    }
    if (const GLenum error = glGetError(); error != GL_NO_ERROR)
        throw Error("OpenGL error " + std::to_string(error) + " during the benchmark");

    const double frameMs = median(frames);
    const cloud::CloudCounts counts = sim->counts();
    const std::string gpu = cudaDeviceName();
    std::cout << "frame " << frame.width << "x" << frame.height << ", cloud " << cloud::sizeText(size) << ", backend "
              << sim->backendName() << ", " << o.stepsPerFrame << " step(s) per frame, density path "
              << render::toString(source.lastPath()) << ", cloud cells " << counts.cld << " after " << sim->generation()
              << " steps\n";
    if (!source.notice().empty()) std::cout << "notice: " << source.notice() << '\n';
    std::cout << "GPU: " << (gpu.empty() ? "none" : gpu) << ", commit " << CATLAB_GIT_COMMIT << ", " << todayUtc()
              << '\n'
              << "march " << o.march << ", a ray through every "
              << (render::CloudRenderer::rayStrideFor(look, frame.width, frame.height) == 1 ? "pixel" : "2x2 pixels")
              << '\n'
              << "frame (step + density + pyramid + light volumes + ray march, pipelined): median "
              << fixedDigits(frameMs, 3) << " ms = " << fixedDigits(1000.0 / frameMs, 1) << " fps over " << o.frames
              << " frames after " << o.warmup << " warm-up (min "
              << fixedDigits(*std::min_element(frames.begin(), frames.end()), 3) << ", max "
              << fixedDigits(*std::max_element(frames.begin(), frames.end()), 3) << ")\n"
              << "split (each phase waited for): step " << fixedDigits(median(steps), 3) << " ms ("
              << (sim->memorySpace() == MemorySpace::Device ? "CUDA events" : "steady clock") << "), density + upload "
              << fixedDigits(median(snapshots), 3) << " ms, pyramid " << fixedDigits(median(pyramids), 3)
              << " ms, light volumes " << fixedDigits(median(lights), 3) << " ms, ray march "
              << fixedDigits(median(marches), 3) << " ms\n";
    return 0;
}

} // namespace

void addBenchViewCloudCommand(CLI::App& app) {
    auto o = std::make_shared<BenchViewCloudOptions>();
    CLI::App* cmd = app.add_subcommand("bench-view-cloud",
                                       "Frame time of the cloud scene while the volume steps every frame, headless "
                                       "(EGL, no window)");
    cmd->add_option("--size", o->frameSize, "Frame size WxH in pixels")->capture_default_str();
    cmd->add_option("--cloud-size", o->cloudSize, "Cloud volume XxYxZ")->capture_default_str();
    cmd->add_option("--backend", o->backend, "Cloud backend: cpu, cuda or auto")->capture_default_str();
    addIntegerOption(*cmd, "--frames", o->frames, "Timed frames", 1, std::numeric_limits<int>::max())
        ->capture_default_str();
    addIntegerOption(*cmd, "--warmup", o->warmup, "Untimed frames first", 0, std::numeric_limits<int>::max())
        ->capture_default_str();
    addIntegerOption(*cmd, "--steps-per-frame", o->stepsPerFrame, "Cloud steps per frame", 1, 4096)
        ->capture_default_str();
    addIntegerOption(*cmd, "--formation", o->formation, "Steps before the first frame, so clouds have formed", 0,
                     kMaxCloudSteps)
        ->capture_default_str();
    cmd->add_option("--cloud-scene", o->scene, "Cloud scene: cumulus or ellipsoid")
        ->default_str(cloud::cloudSceneName(cloud::kDefaultCloudScene));
    cmd->add_option("--wind", o->wind, "Wind vx,vy[,vx_top,vy_top] in cells per step (default: the scene's)");
    addIntegerOption(*cmd, "--density-radius", o->densityRadius, "Smoothing radius of the density, 0..3", 0,
                     cloud::kMaxDensityRadius)
        ->capture_default_str();
    cmd->add_option("--upload", o->upload, "auto (CUDA-GL interop for the cuda backend) or host")
        ->capture_default_str();
    cmd->add_option("--march", o->march, "fast (skipping, light volumes) or reference (brute force)")
        ->capture_default_str();
    cmd->add_option("--rays", o->rays,
                    "Rays of the fast march: pixel (one per pixel), quad (one per 2x2 pixels, filtered up) or auto "
                    "(quad beyond 3840x2160)")
        ->capture_default_str();
    cmd->callback([o] {
        const int code = runBenchViewCloud(*o);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
