#include "catlab/cloud/cloud_simulation.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/error.hpp"
#include "cloud/cloud_backends.hpp"

#include <algorithm>
#include <cctype>

namespace catlab::cloud {
namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

void checkKnown(const std::string& backend) {
    const std::vector<std::string> names = cloudBackendNames();
    if (std::find(names.begin(), names.end(), lower(backend)) == names.end())
        throw Error("unknown cloud backend '" + backend + "' (known: cpu, cuda, or auto)");
}

} // namespace

CloudSimulation::CloudSimulation(CloudSize size, const CloudParams& params)
    : size_(size), params_(params), field_(makeProbabilityField(size, params)), wind_(params.wind, size.nz) {}

void CloudSimulation::setParams(const CloudParams& params) {
    ProbabilityField field = makeProbabilityField(size_, params);
    WindSchedule wind(params.wind, size_.nz);
    params_ = params;
    field_ = std::move(field);
    wind_ = std::move(wind);
    fieldChanged();
}

void CloudSimulation::load(const CloudCells& cells, std::uint64_t generation) {
    if (cells.size() != size_)
        throw Error("cannot load a " + sizeText(cells.size()) + " cloud volume into a " + sizeText(size_) +
                    " simulation");
    for (std::uint8_t b : cells.bytes())
        if (b & ~(kHum | kAct | kCld)) throw Error("cloud cells may only hold the hum, act and cld bits");
    loadCells(cells);
    generation_ = generation;
}

CloudCells CloudSimulation::cells() const {
    CloudCells cells(size_);
    storeCells(cells);
    return cells;
}

void CloudSimulation::step(int steps) {
    if (steps < 0) throw Error("cannot run a negative number of cloud steps (" + std::to_string(steps) + ")");
    for (int i = 0; i < steps; ++i) stepOnce(generation_++);
}

void CloudSimulation::density(int radius, std::uint8_t* out, MemorySpace space) const {
    checkDensityRadius(radius);
    if (!out) throw Error("no buffer for the cloud density");
    if (space == MemorySpace::Device && memorySpace() != MemorySpace::Device)
        throw Error(std::string("the ") + backendName() + " cloud backend cannot write density to device memory");
    writeDensity(radius, out, space);
}

std::vector<std::string> cloudBackendNames() { return {"cpu", "cuda"}; }

std::optional<std::string> cloudBackendUnavailable(const std::string& backend) {
    checkKnown(backend);
    if (lower(backend) == "cuda") return cudaCloudUnavailable();
    return std::nullopt;
}

std::string resolveCloudBackend(const std::string& backend) {
    if (lower(backend) == "auto") return cudaCloudUnavailable() ? "cpu" : "cuda";
    checkKnown(backend);
    return lower(backend);
}

std::unique_ptr<CloudSimulation> makeCloudSimulation(const std::string& backend, CloudSize size,
                                                     const CloudParams& params) {
    if (auto why = cloudBackendUnavailable(backend)) throw Error("cloud backend " + backend + ": " + *why);
    if (lower(backend) == "cuda") return makeCudaCloudSimulation(size, params);
    return makeCpuCloudSimulation(size, params);
}

} // namespace catlab::cloud
