#pragma once

#include <nccl.h>

// Every NCCL call goes through this: a failure becomes a catlab::Error naming the call, the file and
// the line, with NCCL's own explanation.
#define CATLAB_NCCL_CHECK(call) ::catlab::nccl::check((call), #call, __FILE__, __LINE__)

namespace catlab::nccl {

void throwNcclError(ncclResult_t result, const char* what, const char* file, int line);

inline void check(ncclResult_t result, const char* what, const char* file, int line) {
    if (result != ncclSuccess) throwNcclError(result, what, file, line);
}

} // namespace catlab::nccl
