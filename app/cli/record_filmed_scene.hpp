#pragma once

#include "cli/record_options.hpp"

#include "recording/scene.hpp"

#include <atomic>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace catlab::cli {

// A scene as `catlab record` films it. What it needs from files and options is read when it is made,
// before any OpenGL, so that bad input fails at once; start() then makes the simulation and what draws
// it. The command opens the context and the file, starts the scene, films it and reports the same way
// for every scene.
class FilmedScene {
  public:
    virtual ~FilmedScene() = default;

    // Makes the simulation, prints what is filmed (`openGl`, the context's description, has a line of
    // its own) and steps it up to the first frame, stopping early when `stop` turns true. Returns what
    // draws the frames: it needs the GL context current for its whole life and must not outlive this
    // object, which keeps the simulation.
    virtual std::unique_ptr<recording::Scene> start(const std::string& openGl, std::ostream& out,
                                                    const std::atomic<bool>& stop) = 0;
    // How the report names the way the pictures reached OpenGL.
    virtual std::string_view uploadLabel() const = 0;
};

// A 2D automaton (--rule, --size, --density, --seed, --backend, --in) seen through the plan's view.
// Reads the pattern and checks the view now; notes about overridden file settings go to `notices`.
std::unique_ptr<FilmedScene> filmedGrid(const RecordOptions& options, const RecordPlan& plan, std::ostream& notices);
// The cloud automaton of the plan, flown around along its camera path after the formation steps.
std::unique_ptr<FilmedScene> filmedCloud(const RecordOptions& options, const RecordPlan& plan);

// The scene the plan asks for: the one place where `catlab record` tells its scenes apart.
std::unique_ptr<FilmedScene> filmedScene(const RecordOptions& options, const RecordPlan& plan, std::ostream& notices);

} // namespace catlab::cli
