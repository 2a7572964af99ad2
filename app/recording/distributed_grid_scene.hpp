#pragma once

#include "recording/scene.hpp"
#include "render/view_renderer.hpp"
#include "render/view_source.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/view.hpp"

#include <string>

namespace catlab::recording {

// The view of a grid cut into bands over several ranks, filmed by rank 0. Exporting the view and
// stepping are collective, so before each one rank 0's scene tells the other ranks, which run
// followDistributedGridScene() meanwhile, what comes next; finish() lets them go. The pixels are finished
// on rank 0's host and uploaded from there. The grid must outlive the scene; the GL context must be
// current for the scene's whole life.
class DistributedGridScene final : public Scene {
  public:
    // Throws catlab::Error on rank 0 for a bad window, as followDistributedGridScene() does on the others.
    DistributedGridScene(DistributedSimulator& grid, const ViewWindow& window, const render::ViewStyle& style,
                         int generationsPerFrame);

    void draw(const FrameTarget& target) override;
    void advance() override;
    // No frame follows: the other ranks return from followDistributedGridScene(). Collective; once, after
    // the last frame. (When rank 0 fails instead, its ranks end with it: runOnRanks, runOnGpuThreads.)
    void finish();

    render::ViewPath uploadPath() const override { return source_.lastPath(); }
    const std::string& uploadNotice() const override { return source_.notice(); }

  private:
    DistributedSimulator& grid_;
    ViewWindow window_;
    render::ViewStyle style_;
    int generationsPerFrame_;
    render::ViewSource source_;
    render::ViewRenderer renderer_;
};

// What every rank but 0 does while rank 0 films its DistributedGridScene of the same grid and window:
// the same exports and steps, until rank 0 finishes.
void followDistributedGridScene(DistributedSimulator& grid, const ViewWindow& window, int generationsPerFrame);

} // namespace catlab::recording
