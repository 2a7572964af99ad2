// Built when catlab has no MPI: distributed runs over processes are refused with the reason.
#include "catlab/distributed/mpi.hpp"
#include "catlab/error.hpp"

#include <cstdlib>

namespace catlab {
namespace {
const char* const kReason =
    "this catlab was built without MPI (install libopenmpi-dev and configure with CATLAB_MPI=AUTO or ON)";
}

std::optional<std::string> mpiUnavailableReason() { return std::string(kReason); }

MpiSession::MpiSession() { throw Error(kReason); }
MpiSession::~MpiSession() = default;
std::unique_ptr<Communicator> MpiSession::communicator() const { throw Error(kReason); }
void MpiSession::broadcastFromRankZero(std::span<std::byte>) const { throw Error(kReason); }
void MpiSession::abortAll(int code) const { std::exit(code); }

} // namespace catlab
