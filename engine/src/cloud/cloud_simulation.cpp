#include "catlab/cloud/cloud_simulation.hpp"

#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/error.hpp"

namespace catlab::cloud {

std::uint64_t cloudFieldBytes(CloudSize size) { return 3 * size.cellCount() * sizeof(ProbabilityCode); }
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

std::optional<std::string> cloudBackendUnavailable(const std::string& backend) {
    return CloudBackendRegistry::instance().find(backend, "auto").unavailableReason();
}

std::string resolveCloudBackend(const std::string& backend) {
    return CloudBackendRegistry::instance().resolve(backend).name;
}

std::unique_ptr<CloudSimulation> makeCloudSimulation(const std::string& backend, CloudSize size,
                                                     const CloudParams& params) {
    return CloudBackendRegistry::instance().create(backend, size, params);
}

} // namespace catlab::cloud
