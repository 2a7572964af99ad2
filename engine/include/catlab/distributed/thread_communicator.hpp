#pragma once

#include "catlab/distributed/communicator.hpp"

#include <memory>
#include <vector>

namespace catlab {

// The ranks of one process's threads, one communicator each (communicator i is rank i; each is used by
// one thread only): messages are copied between host buffers, and every collective waits at a barrier
// for all ranks. abort() on any of them makes every rank's waiting and later operations fail.
std::vector<std::unique_ptr<Communicator>> makeThreadCommunicators(int ranks);

} // namespace catlab
