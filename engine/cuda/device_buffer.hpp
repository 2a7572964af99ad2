#pragma once

#include "cuda_check.hpp"

#include "catlab/error.hpp"

#include <cstddef>
#include <string>
#include <utility>

namespace catlab::cuda {

// Owns `count` elements of device memory. Move-only; the destructor never throws.
template <typename T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : count_(count) {
        if (count == 0) return;
        const cudaError_t error = cudaMalloc(&data_, count * sizeof(T));
        if (error == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            data_ = nullptr;
            throw Error("out of GPU memory: cannot allocate " + std::to_string((count * sizeof(T)) >> 20) + " MiB");
        }
        CATLAB_CUDA_CHECK(error);
    }
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            count_ = std::exchange(other.count_, 0);
        }
        return *this;
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() { release(); }

    T* data() { return data_; }
    const T* data() const { return data_; }
    std::size_t size() const { return count_; }
    std::size_t bytes() const { return count_ * sizeof(T); }

  private:
    void release() noexcept {
        if (data_) cudaFree(data_); // errors here cannot be reported from a destructor
        data_ = nullptr;
        count_ = 0;
    }

    T* data_ = nullptr;
    std::size_t count_ = 0;
};

// Launch configuration helper: blocks of `threads` covering `n` items.
inline unsigned blocksFor(std::size_t n, unsigned threads) { return unsigned((n + threads - 1) / threads); }

} // namespace catlab::cuda
