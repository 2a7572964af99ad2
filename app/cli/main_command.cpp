#include "cli/commands.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/number_options.hpp"
#include "cli/run_options.hpp"
#include "cli/scene_options.hpp"
#include "cli/scene_setup.hpp"

#include "build_info.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"

#ifdef CATLAB_HAVE_GUI
#include "gui/glfw_library.hpp"
#include "gui/script.hpp"
#include "gui/window_app.hpp"
#include "gui/window_size.hpp"
#endif

#include <csignal>
#include <cstdio>
#include <iostream>
#include <limits>
#include <new>

namespace catlab::cli {
namespace {

// What `catlab` without a subcommand was asked for: a scene, and with the window its options.
struct DefaultCommandOptions {
    RunOptions scene;
#ifdef CATLAB_HAVE_GUI
    std::optional<long long> frames;
    std::optional<std::string> screenshot;
    std::optional<std::string> script;
    std::optional<std::string> windowSize;
    bool hidePanel = false;
    std::string firstScene = "2d";
    std::optional<std::string> cloudSize;
    std::optional<std::string> cloudScene;
    std::string cloudBackend = "auto";
#endif
};

void addDefaultCommandOptions(CLI::App& app, DefaultCommandOptions& o) {
    addSceneOptions(app, o.scene);
#ifdef CATLAB_HAVE_GUI
    addIntegerOption(app, "--frames", o.frames, "Close the window after N frames", 1,
                     std::numeric_limits<long long>::max());
    app.add_option("--screenshot", o.screenshot, "Save the window to this PNG after the last frame");
    app.add_option("--script", o.script,
                   "Drive the window from a script file: commands, or Python when it ends in .py (see the README)");
    app.add_option("--window", o.windowSize,
                   "Window size WxH in screen coordinates, at most the screen's (default 1280x800)");
    app.add_flag("--hide-panel", o.hidePanel, "Start with the control panel hidden (Tab shows it)");
    app.add_option("--scene", o.firstScene,
                   "What the window shows first: 2d (the rules) or cloud (the 3D cloud automaton)")
        ->capture_default_str();
    app.add_option("--cloud-size", o.cloudSize, "Cloud volume XxYxZ (default 128x128x32)");
    app.add_option("--cloud-scene", o.cloudScene,
                   "Cloud scene: cumulus (towering cumulus in shear, laid out by --seed) or ellipsoid (one flat "
                   "source)")
        ->default_str(cloud::cloudSceneName(cloud::kDefaultCloudScene));
    app.add_option("--cloud-backend", o.cloudBackend, "Cloud backend: cpu, cuda or auto")->capture_default_str();
    app.add_option("--gpus", o.scene.gpus, kGpusHelp);
    app.add_option("--ranks", o.scene.ranks, kRanksHelp);
#endif
}

bool sceneOptionsGiven(const CLI::App& app) {
    for (const char* name : {"--rule", "--size", "--density", "--seed", "--backend", "--in", "--frames", "--screenshot",
                             "--script", "--window", "--hide-panel", "--scene", "--cloud-size", "--cloud-scene",
                             "--cloud-backend", "--gpus", "--ranks"})
        if (app.get_option_no_throw(name) && app.count(name) > 0) return true;
    return false;
}

#ifdef CATLAB_HAVE_GUI
int openWindow(const DefaultCommandOptions& o) {
    gui::WindowOptions window;
    const Scene scene = setUpScene(o.scene, std::cerr);
    window.scene = {scene.rule,   scene.ruleName, scene.size,    scene.density,
                    o.scene.seed, scene.backend,  scene.initial, {}};
    // --gpus N or --ranks N: the grid cut into bands, stepped by rank threads that the window commands.
    window.scene.spread.ranks = threadRankCount(o.scene.gpus, o.scene.ranks, isDeviceBackend(scene.backend));
    window.scene.spread.onGpus = o.scene.gpus.has_value();
    window.frames = o.frames;
    window.screenshot = o.screenshot;
    window.scriptPath = o.script;
    window.patternPath = o.scene.inPath;
    window.hidePanel = o.hidePanel;
    if (o.firstScene != "2d" && o.firstScene != "cloud")
        throw Error("--scene must be 2d or cloud (got '" + o.firstScene + "')");
    window.firstScene = o.firstScene == "cloud" ? gui::SceneKind::Cloud : gui::SceneKind::Grid;
    if (window.scene.spread.ranks > 0 && window.firstScene == gui::SceneKind::Cloud)
        throw Error("--gpus and --ranks cut the 2D automaton's grid into bands; the cloud scene runs on one device");
    if (o.cloudSize) window.cloud.size = cloud::parseCloudSize(*o.cloudSize);
    cloud::checkCloudSize(window.cloud.size);
    if (o.cloudScene) window.cloud.scene = cloud::parseCloudScene(*o.cloudScene);
    window.cloud.seed = o.scene.seed;
    cloud::resolveCloudBackend(o.cloudBackend); // an unknown name fails here, before the window opens
    window.cloud.backend = o.cloudBackend;
    if (o.frames && *o.frames < 1) throw Error("--frames must be at least 1");
    if (o.screenshot) {
        checkWritable(*o.screenshot);
        if (!o.frames && !o.script) window.frames = 1;
    }
    if (o.windowSize) window.size = gui::parseWindowSize(*o.windowSize);
    try {
        return gui::runWindow(window);
    } catch (const gui::NoDisplayError& e) {
        std::cerr << "catlab: error: cannot open the window: " << e.what()
                  << "\ncatlab: without a display, `catlab run` simulates headless and `catlab bench` times the "
                     "backends (see `catlab --help`)\n";
        return 1;
    }
}
#endif

int runDefaultCommand(const DefaultCommandOptions& o) {
#ifdef CATLAB_HAVE_GUI
    return openWindow(o);
#else
    std::cerr << "catlab: this build has no desktop window; running the scene headless "
                 "(see `catlab --help` for the subcommands)\n";
    RunOptions options = o.scene;
    options.steps = 500;
    return runScene(options, std::cout);
#endif
}

} // namespace

int runMain(int argc, char** argv) {
    // Past a file-size limit (ulimit -f) writes then fail with EFBIG and are reported like a full disk,
    // instead of SIGXFSZ killing catlab before it can close what it was writing.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"catlab: a laboratory for cellular automata on the GPU and CPU"};
    app.set_version_flag("--version", "catlab " CATLAB_VERSION_STRING " (commit " CATLAB_GIT_COMMIT ")");
#ifdef CATLAB_HAVE_GUI
    app.footer("Without a subcommand catlab opens the window on the scene the options describe.\n"
               "Window script commands (--script FILE, one per line, # comments):\n" +
               gui::scriptCommandHelp());
#endif
    DefaultCommandOptions defaults;
    addDefaultCommandOptions(app, defaults);
    addRunCommand(app);
    addIdentifyCommand(app);
    addLibraryCommand(app);
    addBackendsCommand(app);
    addRulesCommand(app);
    addBenchCommand(app);
    addCloudCommand(app);
#ifdef CATLAB_HAVE_RENDER
    addBenchViewCommand(app);
    addBenchViewCloudCommand(app);
    addCloudViewsCommand(app);
#endif
#ifdef CATLAB_HAVE_RECORDING
    addRecordCommand(app);
#endif
    app.require_subcommand(0, 1);
    // Checked before any subcommand runs.
    app.parse_complete_callback([&app] {
        if (!app.get_subcommands().empty() && sceneOptionsGiven(app))
            throw Error("the options before the subcommand are for the window; give them after the subcommand, "
                        "e.g. `catlab run --rule bosco`");
    });
    try {
        app.parse(argc, argv);
        if (app.get_subcommands().empty()) return runDefaultCommand(defaults);
        return 0;
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const Error& e) {
        std::cerr << "catlab: error: " << e.what() << '\n';
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "catlab: error: out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "catlab: internal error: " << e.what() << '\n';
        return 2;
    }
}

} // namespace catlab::cli
