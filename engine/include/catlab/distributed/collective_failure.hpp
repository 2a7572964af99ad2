#pragma once

#include "catlab/distributed/communicator.hpp"
#include "catlab/error.hpp"

#include <exception>
#include <string>

namespace catlab {

// Runs `work` on every rank and lets the ranks agree on how it went: when it failed anywhere, every rank
// throws (a failed rank its own error, the others catlab::Error saying how many ranks failed), so no rank
// goes on to wait for one that gave up.
template <class Work>
void onEveryRank(Communicator& comm, Work&& work) {
    std::exception_ptr failure;
    try {
        work();
    } catch (const std::exception&) {
        failure = std::current_exception();
    }
    const std::uint64_t failed = comm.sum(failure ? 1 : 0);
    if (failure) std::rethrow_exception(failure);
    if (failed > 0) throw Error(std::to_string(failed) + " of " + std::to_string(comm.size()) + " ranks failed");
}

} // namespace catlab
