#pragma once

#include <mpi.h>

// Every MPI call goes through this: a failure becomes a catlab::Error naming the call, the file and
// the line (communicators return errors instead of aborting: MPI_ERRORS_RETURN).
#define CATLAB_MPI_CHECK(call) ::catlab::mpi::check((call), #call, __FILE__, __LINE__)

namespace catlab::mpi {

void throwMpiError(int code, const char* what, const char* file, int line);

inline void check(int code, const char* what, const char* file, int line) {
    if (code != MPI_SUCCESS) throwMpiError(code, what, file, line);
}

} // namespace catlab::mpi
