#pragma once

#include <optional>
#include <string>

namespace catlab {

// GPU power and energy from NVML, loaded at run time with dlopen, so catlab needs neither the NVML
// headers nor the library to build, and runs where the driver is missing. Every query returns
// nullopt (and available() is false, with a reason) when NVML cannot be used.
class NvmlPower {
  public:
    // Opens `library` and picks the device with this PCI bus id (as CUDA reports it), or the
    // device at NVML index 0 when the id is empty or unknown to NVML.
    explicit NvmlPower(const std::string& pciBusId = {}, const char* library = "libnvidia-ml.so.1");
    ~NvmlPower();
    NvmlPower(const NvmlPower&) = delete;
    NvmlPower& operator=(const NvmlPower&) = delete;

    bool available() const { return device_ != nullptr; }
    // Why NVML cannot be used ("libnvidia-ml.so.1 not found", "nvmlInit_v2 failed: ..."); empty when it can.
    const std::string& unavailableReason() const { return reason_; }

    std::optional<std::string> deviceName() const;
    // Instantaneous board power draw, watts.
    std::optional<double> powerWatts() const;
    // Energy used since the driver was loaded, joules (Volta and later); nullopt when not supported.
    std::optional<double> totalEnergyJoules() const;

  private:
    struct Api;
    void* handle_ = nullptr; // dlopen handle
    Api* api_ = nullptr;
    void* device_ = nullptr; // nvmlDevice_t
    bool initialised_ = false;
    std::string reason_;
};

} // namespace catlab
