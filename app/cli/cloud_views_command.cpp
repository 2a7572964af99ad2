// `catlab cloud-views`: pictures of a cloud scene from three cameras, headless (EGL, no window): after
// the formation steps, one state seen from the side at the horizon (the towers' heights), at an angle
// and from above, each written to a PNG file. The same command serves a laptop with Mesa (cpu backend)
// and a GPU server (cuda backend).
#include "cli/cloud_model_options.hpp"
#include "cli/commands.hpp"
#include "cli/number_options.hpp"

#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"
#include "render/offscreen_frame.hpp"
#include "render/screenshot.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <array>
#include <filesystem>
#include <iostream>
#include <optional>

namespace catlab::cli {
namespace {

struct CloudViewsOptions {
    std::string size = "256x256x64";
    std::uint64_t seed = 1;
    CloudModelOptions model;
    std::string backend = "auto";
    long long formation = 300;
    std::string frameSize = "1280x720";
    std::string outDir = ".";
    std::string prefix = "cloud";
    std::optional<std::string> sun;
    int densityRadius = 1;
};

// The three cameras: at the horizon from the side, where the towers' heights show; at an angle from
// above, the field in depth; and from high above, how the clouds are spread over the sky.
struct NamedView {
    const char* name;
    render::OrbitCamera camera;
};
std::array<NamedView, 3> threeViews() {
    auto camera = [](double yaw, double pitch, double distance) {
        render::OrbitCamera c;
        c.yawDegrees = yaw;
        c.pitchDegrees = pitch;
        c.distance = distance;
        return c;
    };
    return {NamedView{"side", camera(-90.0, 3.0, 0.9)}, NamedView{"oblique", camera(-55.0, 25.0, 1.1)},
            NamedView{"above", camera(-30.0, 65.0, 1.4)}};
}

GridSize frameSizeOf(const std::string& text) {
    GridSize frame;
    try {
        frame = parseGridSize(text);
    } catch (const Error&) {
        frame = {};
    }
    if (frame.width < 1 || frame.height < 1 || frame.width > 16384 || frame.height > 16384)
        throw Error("--frame-size " + text + ": the pictures must be WxH pixels, each side 1..16384");
    return frame;
}

render::CloudLook lookOf(const CloudViewsOptions& o) {
    render::CloudLook look;
    if (o.sun) {
        const char* form = "AZIMUTH,ELEVATION in degrees, e.g. 35,30";
        const std::vector<double> v = parseNumberList(*o.sun, "--sun", form);
        if (v.size() != 2) throw Error("bad --sun '" + *o.sun + "': expected " + form);
        if (v[1] < -90 || v[1] > 90) throw Error("--sun '" + *o.sun + "': the elevation must be -90..90 degrees");
        look.sunAzimuthDegrees = v[0];
        look.sunElevationDegrees = v[1];
    }
    return look;
}

int runCloudViews(const CloudViewsOptions& o, std::ostream& out) {
    const cloud::CloudSize size = cloud::parseCloudSize(o.size);
    cloud::checkCloudSize(size);
    const GridSize frame = frameSizeOf(o.frameSize);
    if (o.formation < 0 || o.formation > kMaxCloudSteps)
        throw Error("--formation must be 0.." + std::to_string(kMaxCloudSteps) + " steps");
    cloud::checkDensityRadius(o.densityRadius);
    const render::CloudLook look = lookOf(o);
    const cloud::CloudParams params = cloudParamsFrom(o.model, size, o.seed);
    if (o.prefix.empty() || o.prefix.find('/') != std::string::npos)
        throw Error("--prefix '" + o.prefix + "' must be a non-empty file name start, without '/'");
    const std::array<NamedView, 3> views = threeViews();
    std::vector<std::string> paths;
    for (const NamedView& view : views) {
        paths.push_back((std::filesystem::path(o.outDir) / (o.prefix + "-" + view.name + ".png")).string());
        checkWritable(paths.back()); // before the formation steps, which may take minutes on a CPU
    }

    const render::EglContext context;
    const auto sim = cloud::makeCloudSimulation(cloud::resolveCloudBackend(o.backend), size, params);
    out << "cloud       " << cloud::sizeText(size) << ", seed " << o.seed << ", backend " << sim->backendName() << '\n';
    printCloudModel(sim->params(), o.model.sourcesFrom(), out);
    out << "OpenGL      " << context.description() << '\n'
        << "steps       " << o.formation << " before the pictures" << std::endl;
    sim->step(int(o.formation));

    render::CloudVolumeSource source;
    source.snapshot(*sim, o.densityRadius);
    render::CloudRenderer renderer;
    const render::OffscreenFrame target(frame.width, frame.height);
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const NamedView& view = views[i];
        renderer.draw(source, 1.0f, view.camera, look, 0, 0, frame.width, frame.height);
        if (const GLenum error = glGetError(); error != GL_NO_ERROR)
            throw Error("OpenGL error " + std::to_string(error) + " while drawing the " + view.name + " view");
        render::saveFramebufferPng(paths[i], 0, 0, frame.width, frame.height);
        out << "wrote       " << paths[i] << " (" << view.name << ": yaw " << view.camera.yawDegrees << ", pitch "
            << view.camera.pitchDegrees << ", distance " << view.camera.distance << ")\n";
    }
    return 0;
}

} // namespace

void addCloudViewsCommand(CLI::App& app) {
    auto o = std::make_shared<CloudViewsOptions>();
    CLI::App* cmd = app.add_subcommand("cloud-views", "Pictures of a cloud scene from the side, at an angle and from "
                                                      "above, as PNG files, headless (EGL, no window)");
    cmd->add_option("--size", o->size, "Cloud volume XxYxZ in cells, z up")->capture_default_str();
    addIntegerOption(*cmd, "--seed", o->seed, "Seed of the scene's layout and of the random draws")
        ->capture_default_str();
    addCloudModelOptions(*cmd, o->model);
    cmd->add_option("--backend", o->backend, "Cloud backend: cpu, cuda or auto")->capture_default_str();
    addIntegerOption(*cmd, "--formation", o->formation, "Steps before the pictures, so that clouds have formed", 0,
                     kMaxCloudSteps)
        ->capture_default_str();
    cmd->add_option("--frame-size", o->frameSize, "Picture size WxH in pixels")->capture_default_str();
    cmd->add_option("--out-dir", o->outDir, "Folder of the pictures (it must exist)")->capture_default_str();
    cmd->add_option("--prefix", o->prefix,
                    "Names start with this: PREFIX-side.png, PREFIX-oblique.png, "
                    "PREFIX-above.png")
        ->capture_default_str();
    cmd->add_option("--sun", o->sun, "Sun AZIMUTH,ELEVATION in degrees (default 35,30)");
    addIntegerOption(*cmd, "--density-radius", o->densityRadius, "Smoothing radius of the density, 0..3", 0,
                     cloud::kMaxDensityRadius)
        ->capture_default_str();
    cmd->callback([o] {
        if (const int code = runCloudViews(*o, std::cout); code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
