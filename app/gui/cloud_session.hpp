#pragma once

#include "render/cloud_renderer.hpp"
#include "render/orbit_camera.hpp"

#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace catlab::gui {

// How a cloud scene starts (the command line's --cloud-size, --cloud-scene and --seed, or the defaults).
struct CloudStart {
    cloud::CloudSize size{128, 128, 32};
    cloud::CloudScene scene = cloud::kDefaultCloudScene;
    std::uint64_t seed = 1;       // lays out the cumulus field and seeds the draws
    std::string backend = "auto"; // cpu, cuda or auto (cuda when it runs here)
};

// The cloud automaton in the window: the simulation, the settings the panel edits and how it is shown
// (cloud_window_scene.hpp draws it). The simulation advances every `framesPerSnapshot` frames; the ray
// marcher blends the last two density snapshots in between, so motion stays smooth while the
// simulation runs slower than the display.
struct CloudSession {
    static constexpr int kMaxFramesPerSnapshot = 60;

    // Throws catlab::Error for a bad size or an unavailable backend.
    explicit CloudSession(const CloudStart& start);

    std::unique_ptr<cloud::CloudSimulation> simulation;
    cloud::CloudParams params; // what the panel edits; applied with applyCloudParams
    render::CloudLook look;
    render::OrbitCamera camera;
    int densityRadius = 1;
    int framesPerSnapshot = 4;
    int framesSinceSnapshot = 0;
    bool snapshotDue = true; // the textures do not show the current state yet

    // 0..1 between the previous snapshot and the newest, for this frame.
    float blend() const { return float(framesSinceSnapshot + 1) / float(framesPerSnapshot); }
};

} // namespace catlab::gui
