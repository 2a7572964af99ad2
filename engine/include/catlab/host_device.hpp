#pragma once

// Functions shared verbatim by host code and CUDA kernels.
#if defined(__CUDACC__)
#define CATLAB_HD __host__ __device__ __forceinline__
#else
#define CATLAB_HD inline
#endif
