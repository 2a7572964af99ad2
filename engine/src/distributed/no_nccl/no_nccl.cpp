// Built when catlab has no NCCL (or no CUDA): distributed runs over GPUs are refused with the reason.
#include "catlab/distributed/nccl.hpp"
#include "catlab/error.hpp"

namespace catlab {
namespace {
const char* const kReason = "this catlab was built without NCCL (needs CUDA and NCCL's nccl.h and libnccl.so; "
                            "configure with CATLAB_NCCL=AUTO or ON)";
}

std::optional<std::string> ncclUnavailableReason() { return std::string(kReason); }
NcclId makeNcclId() { throw Error(kReason); }
std::unique_ptr<Communicator> makeNcclCommunicator(const NcclId&, int, int, int) { throw Error(kReason); }

} // namespace catlab
