#pragma once

#include "device_buffer.hpp"

#include <cstddef>

namespace catlab::cuda {

// Device scratch memory that grows on demand and is kept between calls (pixels for a host view
// target, the cells of a painted rectangle), so repeated small transfers allocate nothing.
class DeviceStaging {
  public:
    template <class T>
    T* get(std::size_t count) {
        const std::size_t bytes = count * sizeof(T);
        if (buffer_.size() < bytes) {
            buffer_ = DeviceBuffer<unsigned char>(); // free first: the old buffer is too small anyway
            buffer_ = DeviceBuffer<unsigned char>(bytes);
        }
        return reinterpret_cast<T*>(buffer_.data()); // cudaMalloc aligns to 256 bytes
    }

  private:
    DeviceBuffer<unsigned char> buffer_;
};

} // namespace catlab::cuda
