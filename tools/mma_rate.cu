// Throughput of the tensor cores' integer mma.sync on this GPU: binary (AND + POPC, m16n8k256) and int8
// (m16n8k32), each warp issuing four independent chains. docs/benchmarks.md cites it for boxsum's small
// radii. Build and run: nvcc -arch=sm_90 -O3 -o mma_rate tools/mma_rate.cu && ./mma_rate
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Every CUDA call: stop with the error's name and the line.
#define CHECK(call) check((call), __LINE__)
static void check(cudaError_t e, int line) {
    if (e == cudaSuccess) return;
    std::fprintf(stderr, "mma_rate.cu:%d: %s\n", line, cudaGetErrorString(e));
    std::exit(1);
}

template <int Kind>
__global__ void rate(unsigned* out, int iterations) {
    unsigned a0 = threadIdx.x * 2654435761u, a1 = a0 ^ 0x9e3779b9u, a2 = a0 + 7, a3 = a0 * 3;
    unsigned b0 = a0 >> 3, b1 = a1 << 5;
    int acc[4][4] = {};
    for (int i = 0; i < iterations; ++i) {
#pragma unroll
        for (int c = 0; c < 4; ++c) {
            if (Kind == 0)
                asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+r"(acc[c][0]), "+r"(acc[c][1]), "+r"(acc[c][2]), "+r"(acc[c][3])
                             : "r"(a0 + c), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
            else
                asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+r"(acc[c][0]), "+r"(acc[c][1]), "+r"(acc[c][2]), "+r"(acc[c][3])
                             : "r"(a0 + c), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        }
    }
    int s = 0;
    for (int c = 0; c < 4; ++c) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = unsigned(s);
}

template <class K>
double time(K kernel, int blocks, int threads, int iterations, unsigned* out) {
    kernel<<<blocks, threads>>>(out, 16); // warm-up
    CHECK(cudaGetLastError());
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    kernel<<<blocks, threads>>>(out, iterations);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return ms;
}

int main() {
    int sms = 0, clock = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0));
    std::printf("%d SMs, %d MHz\n", sms, clock / 1000);
    unsigned* out = nullptr;
    CHECK(cudaMalloc(&out, sizeof(unsigned) * sms * 1024 * 4));
    const int it = 4096;
    for (int warps : {8, 16, 32}) {
        const int blocks = sms * (warps == 32 ? 2 : 4), threads = 32 * warps;
        double mmas = double(blocks) * warps * it * 4;
        double ms = time(rate<0>, blocks, threads, it, out);
        std::printf("b1 m16n8k256: %2d warps x %d blocks %.3f ms %.3e mma/s = %.0f T popc-bitops/s, %.2f mma/clk/SM\n",
                    warps, blocks, ms, mmas / ms * 1e3, mmas * 16 * 8 * 256 / ms * 1e-9,
                    mmas / (ms * 1e-3) / sms / (clock * 1e3));
        ms = time(rate<1>, blocks, threads, it, out);
        std::printf("s8 m16n8k32:  %2d warps x %d blocks %.3f ms %.3e mma/s = %.0f T MAC/s, %.2f mma/clk/SM\n", warps,
                    blocks, ms, mmas / ms * 1e3, mmas * 16 * 8 * 32 / ms * 1e-9,
                    mmas / (ms * 1e-3) / sms / (clock * 1e3));
    }
    CHECK(cudaFree(out));
}
