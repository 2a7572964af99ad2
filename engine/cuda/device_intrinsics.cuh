#pragma once
// The few CUDA intrinsics the kernel bodies (boxsum's steps, the view's bit bands) use, with host
// versions of the same meaning, so the bodies also compile for the CPU (the CPU tests run them on host
// threads, one per CUDA thread).
#include "catlab/host_device.hpp"

#include <cstdint>
#if !defined(__CUDA_ARCH__)
#include <atomic>
#include <bit>
#endif

// `#pragma unroll` in device code; host compilers (nvcc's host pass included) do not know it.
#if defined(__CUDA_ARCH__)
#define CATLAB_UNROLL _Pragma("unroll")
#define CATLAB_UNROLL_4 _Pragma("unroll 4")
#define CATLAB_NO_UNROLL _Pragma("unroll 1")
#else
#define CATLAB_UNROLL
#define CATLAB_UNROLL_4
#define CATLAB_NO_UNROLL
#endif

namespace catlab::cuda::intrinsics {

// The upper 32 bits of (hi:lo) << shift, 0 <= shift < 32.
CATLAB_HD unsigned funnelLeft(unsigned lo, unsigned hi, unsigned shift) {
#if defined(__CUDA_ARCH__)
    return __funnelshift_l(lo, hi, shift);
#else
    const std::uint64_t v = (std::uint64_t(hi) << 32) | lo;
    return unsigned((v << (shift & 31u)) >> 32);
#endif
}

// The lower 32 bits of (hi:lo) >> shift, 0 <= shift < 32.
CATLAB_HD unsigned funnelRight(unsigned lo, unsigned hi, unsigned shift) {
#if defined(__CUDA_ARCH__)
    return __funnelshift_r(lo, hi, shift);
#else
    const std::uint64_t v = (std::uint64_t(hi) << 32) | lo;
    return unsigned(v >> (shift & 31u));
#endif
}

CATLAB_HD int popcount(unsigned x) {
#if defined(__CUDA_ARCH__)
    return __popc(x);
#else
    return std::popcount(x);
#endif
}

// c + sum of the four unsigned bytes of a times the four signed (UnsignedB: unsigned) bytes of b.
template <bool UnsignedB = false>
CATLAB_HD int dot4(unsigned a, unsigned b, int c) {
#if defined(__CUDA_ARCH__)
    int d;
    if constexpr (UnsignedB)
        asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    else
        asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
#else
    unsigned sum = unsigned(c); // wraps as the instruction does
    for (unsigned i = 0; i < 32; i += 8) {
        const unsigned byte = (b >> i) & 0xFFu;
        sum += ((a >> i) & 0xFFu) * (UnsignedB ? byte : unsigned(int(std::int8_t(byte))));
    }
    return int(sum);
#endif
}

// c + the two unsigned 16-bit halves of a times the two low signed bytes of b.
CATLAB_HD int dot2(unsigned a, unsigned b, int c) {
#if defined(__CUDA_ARCH__)
    int d;
    asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
#else
    return c + int(a & 0xFFFFu) * int(std::int8_t(b & 0xFFu)) + int(a >> 16) * int(std::int8_t((b >> 8) & 0xFFu));
#endif
}

// Bytes picked from the eight of (b:a) (a: 0..3, b: 4..7), byte i of the result by nibble i of selector.
CATLAB_HD unsigned bytePermute(unsigned a, unsigned b, unsigned selector) {
#if defined(__CUDA_ARCH__)
    return __byte_perm(a, b, selector);
#else
    const std::uint64_t v = (std::uint64_t(b) << 32) | a;
    unsigned r = 0;
    for (unsigned i = 0; i < 4; ++i) r |= unsigned((v >> (8u * ((selector >> (4u * i)) & 7u))) & 0xFFu) << (8u * i);
    return r;
#endif
}

// a * b, the product of the two 32-bit numbers taken whole, by one wide multiply (the compiler otherwise
// may widen a loop-invariant factor and multiply in 64 bits).
CATLAB_HD std::uint64_t multiplyWide(unsigned a, unsigned b) {
#if defined(__CUDA_ARCH__)
    std::uint64_t r;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b));
    return r;
#else
    return std::uint64_t(a) * b;
#endif
}

// x with its bits in reverse order (bit 0 becomes bit 31).
CATLAB_HD unsigned bitReverse(unsigned x) {
#if defined(__CUDA_ARCH__)
    return __brev(x);
#else
    unsigned y = 0;
    for (int i = 0; i < 32; ++i) y |= ((x >> i) & 1u) << (31 - i);
    return y;
#endif
}

// 2 * acc + the carry out of the 32-bit sum a + b: one add with carry-out and one add with carry-in.
CATLAB_HD unsigned shiftInCarry(unsigned acc, unsigned a, unsigned b) {
#if defined(__CUDA_ARCH__)
    asm("{\n\t.reg .u32 sum;\n\tadd.cc.u32 sum, %1, %2;\n\taddc.u32 %0, %0, %0;\n\t}" : "+r"(acc) : "r"(a), "r"(b));
    return acc;
#else
    return 2u * acc + unsigned((std::uint64_t(a) + b) >> 32);
#endif
}

// A load through the read-only data cache.
template <class T>
CATLAB_HD T loadReadOnly(const T* p) {
#if defined(__CUDA_ARCH__)
    return __ldg(p);
#else
    return *p;
#endif
}

// Four consecutive words from or to p (16-byte aligned): one vector access on the device.
CATLAB_HD void loadFour(const unsigned* p, unsigned (&v)[4]) {
#if defined(__CUDA_ARCH__)
    const uint4 q = *reinterpret_cast<const uint4*>(p);
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
#else
    for (int i = 0; i < 4; ++i) v[i] = p[i];
#endif
}
CATLAB_HD void storeFour(unsigned* p, const unsigned (&v)[4]) {
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<uint4*>(p) = uint4{v[0], v[1], v[2], v[3]};
#else
    for (int i = 0; i < 4; ++i) p[i] = v[i];
#endif
}

// *counter += value, atomically among the threads of a block (a counter in shared memory).
CATLAB_HD void sharedAdd(unsigned* counter, unsigned value) {
#if defined(__CUDA_ARCH__)
    atomicAdd(counter, value);
#else
    std::atomic_ref<unsigned>(*counter).fetch_add(value, std::memory_order_relaxed);
#endif
}

} // namespace catlab::cuda::intrinsics

namespace catlab::cuda {

// __syncthreads() and warp-wide sums for the kernel bodies (no-ops in host compilation, which never runs
// them). The warp operations are called by all 32 lanes of a warp; `tid` is the thread's index in its
// one-dimensional block.
struct DeviceSync {
    CATLAB_HD void operator()() const {
#if defined(__CUDA_ARCH__)
        __syncthreads();
#endif
    }
    // The sum of `value` over lanes 0..tid % 32 of the warp.
    CATLAB_HD int warpInclusiveSum([[maybe_unused]] int tid, int value) const {
#if defined(__CUDA_ARCH__)
        const int lane = tid % 32;
        CATLAB_UNROLL
        for (int offset = 1; offset < 32; offset *= 2) {
            const int below = __shfl_up_sync(0xFFFFFFFFu, value, offset);
            if (lane >= offset) value += below;
        }
#endif
        return value;
    }
    // The lanes of the warp, all of which call it, wait for each other; shared memory written before is seen after.
    CATLAB_HD void syncWarp([[maybe_unused]] int tid) const {
#if defined(__CUDA_ARCH__)
        __syncwarp();
#endif
    }
    // `value` of lane 31 of the warp.
    CATLAB_HD int fromLastLane([[maybe_unused]] int tid, int value) const {
#if defined(__CUDA_ARCH__)
        value = __shfl_sync(0xFFFFFFFFu, value, 31);
#endif
        return value;
    }
};

} // namespace catlab::cuda
