#include "gui/cloud_actions.hpp"

#include "catlab/error.hpp"

#include <cmath>

namespace catlab::gui {

CloudSession& cloudSession(Lab& lab) {
    if (!lab.cloud) lab.cloud = std::make_unique<CloudSession>(lab.cloudStart);
    return *lab.cloud;
}

void resizeCloud(Lab& lab, cloud::CloudSize size) {
    CloudSession& clouds = cloudSession(lab);
    cloud::checkCloudSize(size);
    const cloud::CloudSize old = clouds.simulation->size();
    cloud::CloudParams params = clouds.params;
    const double fx = double(size.nx) / old.nx, fy = double(size.ny) / old.ny, fz = double(size.nz) / old.nz;
    for (cloud::CloudSource& s : params.sources) s = {s.cx * fx, s.cy * fy, s.cz * fz, s.rx * fx, s.ry * fy, s.rz * fz};
    auto next = cloud::makeCloudSimulation(clouds.simulation->backendName(), size, params);
    clouds.simulation = std::move(next); // the old volume is freed only once the new one exists
    clouds.params = params;
    clouds.snapshotDue = true;
    lab.metrics.restartSmoothing();
}

void switchCloudBackend(Lab& lab, const std::string& backend) {
    CloudSession& clouds = cloudSession(lab);
    auto next = cloud::makeCloudSimulation(cloud::resolveCloudBackend(backend), clouds.simulation->size(),
                                           clouds.simulation->params());
    next->load(clouds.simulation->cells(), clouds.simulation->generation());
    clouds.simulation = std::move(next);
    clouds.snapshotDue = true;
    lab.metrics.restartSmoothing();
}

void applyCloudParams(Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    clouds.simulation->setParams(clouds.params);
}

void clearCloud(Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    clouds.simulation->load(cloud::CloudCells(clouds.simulation->size()), 0);
    clouds.snapshotDue = true;
}

void stepCloud(Lab& lab, int steps) {
    if (steps < 0) throw Error("cannot step a negative number of cloud steps");
    if (steps == 0) return;
    CloudSession& clouds = cloudSession(lab);
    const double ms = clouds.simulation->timeSteps(steps);
    lab.metrics.recordSteps(std::string("cloud ") + clouds.simulation->backendName(), steps, ms,
                            double(clouds.simulation->size().cellCount()));
    clouds.snapshotDue = true;
}

void setSun(Lab& lab, double azimuthDegrees, double elevationDegrees) {
    if (!std::isfinite(azimuthDegrees) || !(elevationDegrees >= -90 && elevationDegrees <= 90))
        throw Error("the sun needs an azimuth in degrees and an elevation within -90..90");
    CloudSession& clouds = cloudSession(lab);
    clouds.look.sunAzimuthDegrees = azimuthDegrees;
    clouds.look.sunElevationDegrees = elevationDegrees;
}

} // namespace catlab::gui
