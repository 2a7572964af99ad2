#pragma once

#include <cstddef>

namespace catlab::cuda {

// Lets `kernel` launch with up to `bytes` of dynamic shared memory on the current device (past 48 KiB
// the limit must be raised). The limit belongs to the device's context: with several GPUs in one
// process each device needs its own, so it is kept per kernel and device. Cheap after the first call.
void allowDynamicSharedMemory(const void* kernel, std::size_t bytes);
// The same up to the most a block may have on the current device.
void allowMostDynamicSharedMemory(const void* kernel);

template <class Kernel>
Kernel* withMostDynamicSharedMemory(Kernel* kernel) {
    allowMostDynamicSharedMemory(reinterpret_cast<const void*>(kernel));
    return kernel;
}

} // namespace catlab::cuda
