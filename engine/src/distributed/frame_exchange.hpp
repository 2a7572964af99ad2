#pragma once
// One rank's part of an edge frame exchange (frame_plan.hpp): its source cells read from its band, sent to
// the ranks whose halos and frames need them (one message per peer) or copied within the rank, and the
// cells received written into its halo rows and frame columns. Everything passes through the host.
#include "catlab/cell_storage.hpp"
#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/frame_plan.hpp"
#include "catlab/simulator.hpp"

#include <memory>
#include <vector>

namespace catlab {

class FrameExchange {
  public:
    FrameExchange(Communicator& comm, RankFramePlan plan);

    // Collective: fills every halo and frame cell of `band` (this rank's local torus) from the cells of
    // every band.
    void run(Simulator& band);

    const RankFramePlan& plan() const { return plan_; }

  private:
    Communicator& comm_;
    RankFramePlan plan_;
    std::vector<Cell> staged_, targets_;    // the plan's sources and targets, rectangle after rectangle
    std::vector<Cell> outgoing_, incoming_; // every peer's message, one after the other, on the host
    std::unique_ptr<CellStorage> sendBuffer_, receiveBuffer_; // the same in the communicator's memory, if not the host
};

} // namespace catlab
