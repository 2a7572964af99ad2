#include "catlab/nvml_power.hpp"

#include <dlfcn.h>

#include <memory>

namespace catlab {

// The few NVML entry points catlab uses, declared here so that no NVML header is needed.
// nvmlReturn_t is an int enum (0 = NVML_SUCCESS), nvmlDevice_t an opaque pointer.
struct NvmlPower::Api {
    using Return = int;
    using Device = void*;
    Return (*init)() = nullptr;
    Return (*shutdown)() = nullptr;
    const char* (*errorString)(Return) = nullptr;
    Return (*handleByIndex)(unsigned, Device*) = nullptr;
    Return (*handleByPciBusId)(const char*, Device*) = nullptr;
    Return (*name)(Device, char*, unsigned) = nullptr;
    Return (*powerUsage)(Device, unsigned*) = nullptr;            // milliwatts
    Return (*totalEnergy)(Device, unsigned long long*) = nullptr; // millijoules
};

namespace {

template <typename F>
void bind(void* handle, const char* symbol, F& function) {
    function = reinterpret_cast<F>(dlsym(handle, symbol));
}

} // namespace

NvmlPower::NvmlPower(const std::string& pciBusId, const char* library) {
    handle_ = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        reason_ = std::string(library) + " not found (no NVIDIA driver here)";
        return;
    }
    auto api = std::make_unique<Api>();
    bind(handle_, "nvmlInit_v2", api->init);
    bind(handle_, "nvmlShutdown", api->shutdown);
    bind(handle_, "nvmlErrorString", api->errorString);
    bind(handle_, "nvmlDeviceGetHandleByIndex_v2", api->handleByIndex);
    bind(handle_, "nvmlDeviceGetHandleByPciBusId_v2", api->handleByPciBusId);
    bind(handle_, "nvmlDeviceGetName", api->name);
    bind(handle_, "nvmlDeviceGetPowerUsage", api->powerUsage);
    bind(handle_, "nvmlDeviceGetTotalEnergyConsumption", api->totalEnergy);
    api_ = api.release();
    auto fail = [&](const char* what, Api::Return code) {
        reason_ = std::string(what) + " failed";
        if (api_->errorString) reason_ += std::string(": ") + api_->errorString(code);
    };
    if (!api_->init || !api_->shutdown || !api_->handleByIndex || !api_->powerUsage) {
        reason_ = std::string(library) + " lacks the NVML functions catlab needs";
        return;
    }
    if (const Api::Return r = api_->init(); r != 0) {
        fail("nvmlInit_v2", r);
        return;
    }
    initialised_ = true;
    Api::Device device = nullptr;
    if (!pciBusId.empty() && api_->handleByPciBusId && api_->handleByPciBusId(pciBusId.c_str(), &device) == 0) {
        device_ = device;
        return;
    }
    if (const Api::Return r = api_->handleByIndex(0, &device); r != 0) {
        fail("nvmlDeviceGetHandleByIndex_v2", r);
        return;
    }
    device_ = device;
}

NvmlPower::~NvmlPower() {
    if (initialised_) api_->shutdown();
    delete api_;
    if (handle_) dlclose(handle_);
}

std::optional<std::string> NvmlPower::deviceName() const {
    if (!device_ || !api_->name) return std::nullopt;
    char name[96] = {};
    if (api_->name(device_, name, sizeof name) != 0) return std::nullopt;
    return std::string(name);
}

std::optional<double> NvmlPower::powerWatts() const {
    unsigned milliwatts = 0;
    if (!device_ || api_->powerUsage(device_, &milliwatts) != 0) return std::nullopt;
    return milliwatts / 1000.0;
}

std::optional<double> NvmlPower::totalEnergyJoules() const {
    unsigned long long millijoules = 0;
    if (!device_ || !api_->totalEnergy || api_->totalEnergy(device_, &millijoules) != 0) return std::nullopt;
    return double(millijoules) / 1000.0;
}

} // namespace catlab
