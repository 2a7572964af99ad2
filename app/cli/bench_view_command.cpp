// `catlab bench-view`: how long a frame of the desktop view takes while the grid steps every frame,
// measured headless (EGL, no window): each frame steps the grid once, exports the visible window into
// the view texture (CUDA-GL interop for GPU backends) and draws it into an offscreen framebuffer.
#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/report_text.hpp"
#include "cli/scene_setup.hpp"

#include "build_info.hpp"
#include "render/cuda_gl_pixel_buffer.hpp"
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"
#include "render/offscreen_frame.hpp"
#include "render/view_renderer.hpp"
#include "render/view_source.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/number_text.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule_scaling.hpp"
#include "catlab/simulator.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

namespace catlab::cli {
namespace {

struct BenchViewOptions {
    std::string frameSize = "3840x2160";
    std::string grid = "16384";
    std::string rule = "cat-r5";
    std::optional<int> radius;
    std::string backend = "fastest";
    int frames = 200;
    int warmup = 20;
    std::string zoom = "fit";
    std::optional<double> density;
    std::uint64_t seed = 1;
    std::string upload = "auto";
    std::optional<std::string> csvPath;
};

using Clock = std::chrono::steady_clock;

// The backend that steps this scene fastest here: each candidate times a few steps on the real grid.
// GPU backends when there are any, else the CPU ones; never the cpu-naive oracle unless it is all there is.
std::string fastestBackend(const Rule& rule, GridSize size, double density, std::uint64_t seed, std::ostream& out) {
    std::vector<const BackendSpec*> candidates;
    for (MemorySpace space : {MemorySpace::Device, MemorySpace::Host}) {
        for (const BackendSpec& spec : BackendRegistry::instance().all())
            if (spec.memorySpace == space && spec.name != "cpu-naive" && !spec.unavailableReason() &&
                !spec.unsupportedReason(rule))
                candidates.push_back(&spec);
        if (!candidates.empty()) break;
    }
    if (candidates.empty()) return "cpu-naive";
    std::string best;
    double bestMs = std::numeric_limits<double>::infinity();
    for (const BackendSpec* spec : candidates) {
        try {
            Simulator sim(rule, size, density, seed, spec->name);
            sim.timedStep(1); // warm-up
            const double ms = sim.timedStep(3) / 3.0;
            out << "  " << std::left << std::setw(10) << spec->name << fixedDigits(ms, 3) << " ms/step\n";
            if (ms < bestMs) {
                bestMs = ms;
                best = spec->name;
            }
        } catch (const Error& e) {
            out << "  " << std::left << std::setw(10) << spec->name << "skipped: " << e.what() << '\n';
        }
    }
    if (best.empty()) throw Error("no backend here could step rule " + rule.format());
    return best;
}

struct Split {
    std::vector<double> step, exportUpload, draw, frame;
    std::vector<double> fragmentDraw; // the same picture by the window's fragment pass
    std::vector<double> exportAlone;  // into device memory, no interop (GPU backends only)
};

// The view export alone, timed like a step (CUDA events), into a device buffer of the frame's pixels:
// what the export costs without the interop's map, unmap and texture upload.
std::vector<double> timeExportAlone(const Simulator& sim, const ViewWindow& window, int frames) {
    if (sim.memorySpace() != MemorySpace::Device) return {};
    CellStorage pixels(MemorySpace::Device, {window.width * int(sizeof(ViewPixel)), window.height});
    const ViewTarget target{reinterpret_cast<ViewPixel*>(pixels.view().data), window.width, MemorySpace::Device};
    std::vector<double> ms;
    for (int f = 0; f < frames; ++f) ms.push_back(sim.timedExportView(window, target));
    return ms;
}

// What the interop path costs besides the export, each part waited for: an empty glFinish (the wait
// itself), and mapping and unmapping the pixel buffer for CUDA.
struct InteropParts {
    double finish = 0, mapUnmap = 0;
};

InteropParts timeInteropParts(int width, int height, int frames) {
    render::CudaGlPixelBuffer buffer(std::size_t(width) * std::size_t(height) * sizeof(ViewPixel));
    std::vector<double> finish, mapUnmap;
    for (int f = 0; f < frames; ++f) {
        glFinish();
        Clock::time_point start = Clock::now();
        glFinish();
        finish.push_back(msSince(start));
        start = Clock::now();
        { const render::CudaGlPixelBuffer::Mapping mapped(buffer); }
        glFinish();
        mapUnmap.push_back(msSince(start));
    }
    return {median(finish), median(mapUnmap)};
}

int runBenchView(const BenchViewOptions& o) {
    GridSize frame;
    try {
        frame = parseGridSize(o.frameSize);
    } catch (const Error&) {
        frame = {};
    }
    if (frame.width < 1 || frame.height < 1 || frame.width > kMaxViewSide || frame.height > kMaxViewSide)
        throw Error("--size " + o.frameSize + ": the frame must be WxH pixels, each side 1.." +
                    std::to_string(kMaxViewSide));
    const GridSize grid = parseGridSize(o.grid);
    if (o.frames < 1) throw Error("--frames must be at least 1");
    if (o.warmup < 0) throw Error("--warmup cannot be negative");
    if (o.upload != "auto" && o.upload != "host") throw Error("--upload must be auto or host, not " + o.upload);
    if (o.csvPath) checkWritable(*o.csvPath); // before the benchmark, not after

    const ResolvedRule resolved = resolveRule(o.rule);
    Rule rule = resolved.spec.rule;
    if (o.radius) {
        RuleShape shape = shapeOf(rule);
        shape.radius = *o.radius;
        rule = reshapeRule(rule, shape);
    }
    checkGridSize(grid, &rule);
    const double density = o.density.value_or(resolved.preset ? resolved.preset->density : 0.5);

    double cellsPerPixel = 0;
    if (o.zoom == "fit") {
        cellsPerPixel = std::max(double(grid.width) / frame.width, double(grid.height) / frame.height);
    } else {
        const std::optional<double> zoom = parseFiniteNumber(o.zoom);
        if (!zoom) throw Error("--zoom must be fit or a number of cells per pixel, not " + o.zoom);
        cellsPerPixel = *zoom;
    }
    // Centred on the grid (the window wraps around the torus where it is wider than the grid).
    const ViewWindow window{0.5 * (grid.width - cellsPerPixel * frame.width),
                            0.5 * (grid.height - cellsPerPixel * frame.height), cellsPerPixel, frame.width,
                            frame.height};
    makeViewMapping(window, grid, rule.states); // refuse a bad zoom before any work

    const render::EglContext context;
    std::cout << "catlab bench-view: OpenGL " << context.description() << '\n';
    std::string backend = o.backend;
    if (backend == "fastest") {
        std::cout << "choosing the fastest backend for " << rule.format() << " on " << grid.width << "x" << grid.height
                  << ":\n";
        backend = fastestBackend(rule, grid, density, o.seed, std::cout);
    } // "auto" and names go to the simulator as they are

    Simulator sim(rule, grid, density, o.seed, backend);
    render::ViewSource source(o.upload == "host" ? render::ViewUpload::HostOnly : render::ViewUpload::Auto);
    const render::ViewRenderer renderer;
    const render::OffscreenFrame target(frame.width, frame.height);
    render::ViewContent content;
    content.states = rule.states;
    content.radius = rule.radius;
    render::ViewStyle style;
    style.colourMap = render::ColourMap::TwoState;
    style.gridLines = true;

    // As a headless frame is drawn (catlab record): the view coloured by the compute pass straight into
    // the frame's texture.
    auto drawFrame = [&] {
        const GLuint pixels = source.update(sim, window);
        renderer.drawInto(target.colour(), pixels, window, content, style);
    };
    // Pipelined frames: nothing waits until the frame's last GL command is done (the interop unmap
    // orders the CUDA step and export before GL's draw).
    Split s;
    for (int f = 0; f < o.warmup + o.frames; ++f) {
        const Clock::time_point start = Clock::now();
        sim.step(1);
        drawFrame();
        glFinish();
        if (f >= o.warmup) s.frame.push_back(msSince(start));
    }
    // The same frames with every phase waited for, to see where the time goes.
    for (int f = 0; f < o.frames; ++f) {
        s.step.push_back(sim.timedStep(1));
        Clock::time_point start = Clock::now();
        source.update(sim, window);
        glFinish();
        s.exportUpload.push_back(msSince(start));
        start = Clock::now();
        renderer.drawInto(target.colour(), source.pixels(), window, content, style);
        glFinish();
        s.draw.push_back(msSince(start));
        start = Clock::now();
        renderer.draw(source.pixels(), window, content, style);
        glFinish();
        s.fragmentDraw.push_back(msSince(start));
    }
    if (const GLenum error = glGetError(); error != GL_NO_ERROR)
        throw Error("OpenGL error " + std::to_string(error) + " during the benchmark");
    s.exportAlone = timeExportAlone(sim, window, o.frames);
    std::optional<InteropParts> interop;
    if (source.lastPath() == render::ViewPath::CudaInterop)
        interop = timeInteropParts(window.width, window.height, o.frames);

    const double frameMs = median(s.frame), stepMs = median(s.step), exportMs = median(s.exportUpload),
                 drawMs = median(s.draw);
    const std::string gpu = cudaDeviceName();
    std::cout << "frame " << frame.width << "x" << frame.height << ", grid " << grid.width << "x" << grid.height
              << ", rule " << rule.format() << (resolved.preset && !o.radius ? " (" + resolved.preset->name + ")" : "")
              << ", backend " << sim.backendName() << ", view path " << render::toString(source.lastPath()) << ", "
              << fixedDigits(cellsPerPixel, 3) << " cells per pixel\n";
    if (!source.notice().empty()) std::cout << "notice: " << source.notice() << '\n';
    std::cout << "GPU: " << (gpu.empty() ? "none" : gpu) << ", commit " << CATLAB_GIT_COMMIT << ", " << todayUtc()
              << '\n';
    std::cout << "frame (step + export + draw, pipelined): median " << fixedDigits(frameMs, 3)
              << " ms = " << fixedDigits(1000.0 / frameMs, 1) << " fps over " << o.frames << " frames after "
              << o.warmup << " warm-up (min " << fixedDigits(*std::min_element(s.frame.begin(), s.frame.end()), 3)
              << ", max " << fixedDigits(*std::max_element(s.frame.begin(), s.frame.end()), 3) << ")\n";
    std::cout << "split (each phase waited for): step " << fixedDigits(stepMs, 3) << " ms (" << sim.stepTimerMethod()
              << "), export + upload " << fixedDigits(exportMs, 3) << " ms, draw " << fixedDigits(drawMs, 3)
              << " ms (compute pass into the frame; the window's fragment pass "
              << fixedDigits(median(s.fragmentDraw), 3) << " ms)\n";
    if (!s.exportAlone.empty())
        std::cout << "export alone (into device memory, " << sim.stepTimerMethod() << "): median "
                  << fixedDigits(median(s.exportAlone), 3) << " ms\n";
    if (interop)
        std::cout << "interop parts (each waited for, wall clock): an empty glFinish "
                  << fixedDigits(interop->finish, 3) << " ms, map + unmap " << fixedDigits(interop->mapUnmap, 3)
                  << " ms\n";

    if (o.csvPath) {
        // A copy of the old rows plus this one replaces the file: a failure never costs the rows it had.
        AtomicFile file(*o.csvPath, AtomicFile::Mode::Append);
        std::ostream& csv = file.stream();
        if (file.previousSize() == 0)
            csv << "frame_width,frame_height,grid_width,grid_height,rule,backend,view_path,cells_per_pixel,frames,"
                   "frame_ms_median,fps,step_ms_median,export_upload_ms_median,draw_ms_median,step_timer,gpu,gl,"
                   "date,commit\n";
        csv << frame.width << ',' << frame.height << ',' << grid.width << ',' << grid.height << ','
            << csvField(rule.format()) << ',' << sim.backendName() << ',' << render::toString(source.lastPath()) << ','
            << cellsPerPixel << ',' << o.frames << ',' << frameMs << ',' << 1000.0 / frameMs << ',' << stepMs << ','
            << exportMs << ',' << drawMs << ',' << sim.stepTimerMethod() << ',' << csvField(gpu) << ','
            << csvField(context.description()) << ',' << todayUtc() << ',' << CATLAB_GIT_COMMIT << '\n';
        file.commit();
    }
    return 0;
}

} // namespace

void addBenchViewCommand(CLI::App& app) {
    auto options = std::make_shared<BenchViewOptions>();
    CLI::App* cmd = app.add_subcommand(
        "bench-view", "Frame time of the view while the grid steps every frame, headless (EGL, no window)");
    cmd->add_option("--size", options->frameSize, "Frame size WxH in pixels")->capture_default_str();
    cmd->add_option("--grid", options->grid, "Torus size N or WxH")->capture_default_str();
    cmd->add_option("--rule", options->rule, "Preset id/name or Golly rule string")->capture_default_str();
    addIntegerOption(*cmd, "--radius", options->radius, "Rescale the rule to this radius (same shape and character)", 1,
                     kMaxRadius);
    cmd->add_option("--backend", options->backend,
                    "Backend; fastest: time every one here and take the quickest; auto: the default choice")
        ->capture_default_str();
    addIntegerOption(*cmd, "--frames", options->frames, "Timed frames", 1, std::numeric_limits<int>::max())
        ->capture_default_str();
    addIntegerOption(*cmd, "--warmup", options->warmup, "Untimed frames first", 0, std::numeric_limits<int>::max())
        ->capture_default_str();
    cmd->add_option("--zoom", options->zoom, "fit (the whole grid in the frame) or cells per pixel")
        ->capture_default_str();
    addNumberOption(*cmd, "--density", options->density, "Initial fraction of live cells (default: the preset's)", 0,
                    1);
    addIntegerOption(*cmd, "--seed", options->seed, "Seed of the random start")->capture_default_str();
    cmd->add_option("--upload", options->upload, "auto (CUDA-GL interop for GPU backends) or host")
        ->capture_default_str();
    cmd->add_option("--csv", options->csvPath, "Append a row of results to this CSV file (header when new)");
    cmd->callback([options] {
        const int code = runBenchView(*options);
        if (code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
