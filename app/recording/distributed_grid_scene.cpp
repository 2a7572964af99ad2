#include "recording/distributed_grid_scene.hpp"

#include "catlab/error.hpp"

#include <cstdint>

namespace catlab::recording {
namespace {

// What rank 0 does next, sent to the other ranks as its term of a sum (theirs are 0).
enum class FrameCommand : std::uint64_t { Export = 1, Advance = 2, Finish = 3 };

void send(Communicator& comm, FrameCommand command) { comm.sum(std::uint64_t(command)); }

void checkScene(const DistributedSimulator& grid, const ViewWindow& window, int generationsPerFrame) {
    if (generationsPerFrame < 1) throw Error("a recording advances at least one generation per frame");
    makeViewMapping(window, grid.size(), grid.rule().states); // a bad window fails before any frame
}

} // namespace

DistributedGridScene::DistributedGridScene(DistributedSimulator& grid, const ViewWindow& window,
                                           const render::ViewStyle& style, int generationsPerFrame)
    : grid_(grid), window_(window), style_(style), generationsPerFrame_(generationsPerFrame),
      source_(render::ViewUpload::HostOnly) {
    if (grid.communicator().rank() != 0) throw Error("rank 0 films a distributed grid; the others follow it");
    checkScene(grid, window, generationsPerFrame);
}

void DistributedGridScene::draw(const FrameTarget& target) {
    if (target.width != window_.width || target.height != window_.height)
        throw Error("the grid's view is " + std::to_string(window_.width) + "x" + std::to_string(window_.height) +
                    ", not the " + std::to_string(target.width) + "x" + std::to_string(target.height) + " frame");
    send(grid_.communicator(), FrameCommand::Export);
    const GLuint pixels =
        source_.update(window_, MemorySpace::Host, [&](ViewTarget to) { grid_.exportView(window_, to); });
    // The frame shows the grid alone, as GridScene's do.
    const render::ViewContent content{grid_.rule().states, grid_.rule().radius, GridSize{0, 0}};
    if (target.texture != 0)
        renderer_.drawInto(target.texture, pixels, window_, content, style_);
    else
        renderer_.draw(pixels, window_, content, style_);
}

void DistributedGridScene::advance() {
    send(grid_.communicator(), FrameCommand::Advance);
    grid_.step(generationsPerFrame_);
}

void DistributedGridScene::finish() { send(grid_.communicator(), FrameCommand::Finish); }

void followDistributedGridScene(DistributedSimulator& grid, const ViewWindow& window, int generationsPerFrame) {
    if (grid.communicator().rank() == 0) throw Error("rank 0 films a distributed grid; the others follow it");
    checkScene(grid, window, generationsPerFrame);
    for (;;) {
        const std::uint64_t command = grid.communicator().sum(0);
        switch (FrameCommand(command)) {
        case FrameCommand::Export: grid.exportView(window, {}); break;
        case FrameCommand::Advance: grid.step(generationsPerFrame); break;
        case FrameCommand::Finish: return;
        default: throw Error("rank 0 sent an unknown frame command, " + std::to_string(command));
        }
    }
}

} // namespace catlab::recording
