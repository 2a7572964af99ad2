// `catlab record` over several ranks: the grid cut into bands, the view of the whole grid summed band by
// band (DistributedSimulator::exportView), only pixels reaching rank 0, which draws and encodes the frames.
#include "cli/record_distributed.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/distributed_scene.hpp"
#include "cli/interrupt_flag.hpp"
#include "cli/record_film.hpp"
#include "cli/scene_setup.hpp"

#include "recording/distributed_grid_scene.hpp"
#include "recording/frame_recorder.hpp"
#include "render/egl_context.hpp"

#include "catlab/distributed/collective_failure.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"

#include <iostream>
#include <memory>
#include <sstream>

namespace catlab::cli {
namespace {

int recordOnRank(Communicator& comm, const RecordOptions& options, const RecordPlan& plan, const Scene& scene,
                 const ViewWindow& window, const InterruptFlag& interrupt) {
    const bool root = comm.rank() == 0;
    // Rank 0's context (on its own thread under --gpus) and file come first: an unwritable path fails on
    // every rank before any work.
    std::unique_ptr<render::EglContext> context;
    std::unique_ptr<recording::FrameRecorder> recorder;
    onEveryRank(comm, [&] {
        if (!root) return;
        context = std::make_unique<render::EglContext>();
        recorder = std::make_unique<recording::FrameRecorder>(plan.video, recording::WhenEncoderIsBehind::Wait);
    });
    const std::unique_ptr<DistributedSimulator> grid = startDistributedGrid(comm, scene, options.scene);
    if (!root) {
        recording::followDistributedGridScene(*grid, window, plan.every);
        return 0;
    }
    recording::DistributedGridScene filmed(*grid, window, plan.style, plan.every);
    std::cout << "rule        " << scene.rule.format() << (scene.ruleName.empty() ? "" : " (" + scene.ruleName + ")")
              << "\ngrid        " << scene.size.width << "x" << scene.size.height << " "
              << describeTopology(scene.rule.topology) << ", backend " << grid->backendName() << " on each of "
              << comm.size() << " ranks (" << comm.transport() << "), bands of "
              << grid->layout().band(comm.size() - 1).rows << ".." << grid->layout().band(0).rows << " rows"
              << "\nOpenGL      " << context->description() << "\ngenerations 0.." << (plan.frames - 1) * plan.every
              << ", every " << plan.every << '\n';
    const int code = film(filmed, "view path", *recorder, plan, interrupt, options.scene.progress);
    filmed.finish();
    return code;
}

} // namespace

int recordDistributedGrid(const RecordOptions& options) {
    const RecordPlan plan = planRecording(options); // bad options fail before any work
    if (plan.cloud)
        throw Error("--gpus and mpirun record a 2D automaton's grid cut into bands; the cloud scene records in one "
                    "process");
    std::ostringstream unseen; // notices about the pattern file, printed once
    const Scene scene = setUpScene(options.scene, printingProcess() ? std::cerr : unseen, Unbounded::Torus, {},
                                   PatternCells::StreamRle); // an RLE --in streams into the bands
    const ViewWindow window =
        recordingWindow(plan.view, scene.size, plan.video.width, plan.video.height, scene.rule.states);
    // From here on Ctrl+C stops the recording at rank 0's next frame.
    const InterruptFlag interrupt;
    return runOnRanks(options.scene.gpus, isDeviceBackend(scene.backend),
                      [&](Communicator& comm) { return recordOnRank(comm, options, plan, scene, window, interrupt); });
}

} // namespace catlab::cli
