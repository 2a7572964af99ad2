#include "catlab/distributed/mpi.hpp"
#include "catlab/error.hpp"

#include "mpi_check.hpp"

#include <string>

namespace catlab {

namespace mpi {

void throwMpiError(int code, const char* what, const char* file, int line) {
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) length = 0;
    throw Error(std::string("MPI error at ") + file + ":" + std::to_string(line) + ": " + what + ": " +
                (length > 0 ? std::string(text, std::size_t(length)) : "code " + std::to_string(code)));
}

} // namespace mpi

std::optional<std::string> mpiUnavailableReason() { return std::nullopt; }

MpiSession::MpiSession() {
    int initialized = 0;
    CATLAB_MPI_CHECK(MPI_Initialized(&initialized));
    if (initialized) throw Error("MPI is already initialised in this process (one MpiSession at a time)");
    CATLAB_MPI_CHECK(MPI_Init(nullptr, nullptr));
    CATLAB_MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CATLAB_MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank_));
    CATLAB_MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size_));
    MPI_Comm node = MPI_COMM_NULL;
    CATLAB_MPI_CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node));
    const int rankError = MPI_Comm_rank(node, &localRank_);
    MPI_Comm_free(&node);
    CATLAB_MPI_CHECK(rankError);
}

MpiSession::~MpiSession() { MPI_Finalize(); } // nothing to report from a destructor

void MpiSession::broadcastFromRankZero(std::span<std::byte> bytes) const {
    CATLAB_MPI_CHECK(MPI_Bcast(bytes.data(), int(bytes.size()), MPI_BYTE, 0, MPI_COMM_WORLD));
}

void MpiSession::abortAll(int code) const {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::exit(code); // MPI_Abort does not return; this is for the compiler
}

} // namespace catlab
