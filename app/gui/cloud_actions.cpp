#include "gui/cloud_actions.hpp"

#include "catlab/error.hpp"

#include <cmath>

namespace catlab::gui {

CloudScene& cloudScene(Lab& lab) {
    if (!lab.cloud) lab.cloud = std::make_unique<CloudScene>(lab.cloudStart);
    return *lab.cloud;
}

void showScene(Lab& lab, SceneKind kind) {
    if (kind == SceneKind::Cloud) cloudScene(lab).snapshotDue = true;
    if (kind != lab.scene) lab.metrics.restartSmoothing();
    lab.scene = kind;
}

void resizeCloud(Lab& lab, cloud::CloudSize size) {
    CloudScene& scene = cloudScene(lab);
    cloud::checkCloudSize(size);
    const cloud::CloudSize old = scene.simulation->size();
    cloud::CloudParams params = scene.params;
    const double fx = double(size.nx) / old.nx, fy = double(size.ny) / old.ny, fz = double(size.nz) / old.nz;
    for (cloud::CloudSource& s : params.sources) s = {s.cx * fx, s.cy * fy, s.cz * fz, s.rx * fx, s.ry * fy, s.rz * fz};
    auto next = cloud::makeCloudSimulation(scene.simulation->backendName(), size, params);
    scene.simulation = std::move(next); // the old volume is freed only once the new one exists
    scene.params = params;
    scene.snapshotDue = true;
    lab.metrics.restartSmoothing();
}

void switchCloudBackend(Lab& lab, const std::string& backend) {
    CloudScene& scene = cloudScene(lab);
    auto next = cloud::makeCloudSimulation(cloud::resolveCloudBackend(backend), scene.simulation->size(),
                                           scene.simulation->params());
    next->load(scene.simulation->cells(), scene.simulation->generation());
    scene.simulation = std::move(next);
    scene.snapshotDue = true;
    lab.metrics.restartSmoothing();
}

void applyCloudParams(Lab& lab) {
    CloudScene& scene = cloudScene(lab);
    scene.simulation->setParams(scene.params);
}

void clearCloud(Lab& lab) {
    CloudScene& scene = cloudScene(lab);
    scene.simulation->load(cloud::CloudCells(scene.simulation->size()), 0);
    scene.snapshotDue = true;
}

void stepCloud(Lab& lab, int steps) {
    if (steps < 0) throw Error("cannot step a negative number of cloud steps");
    if (steps == 0) return;
    CloudScene& scene = cloudScene(lab);
    const double ms = scene.simulation->timeSteps(steps);
    lab.metrics.recordSteps(std::string("cloud ") + scene.simulation->backendName(), steps, ms,
                            double(scene.simulation->size().cellCount()));
    scene.snapshotDue = true;
}

void setSun(Lab& lab, double azimuthDegrees, double elevationDegrees) {
    if (!std::isfinite(azimuthDegrees) || !(elevationDegrees >= -90 && elevationDegrees <= 90))
        throw Error("the sun needs an azimuth in degrees and an elevation within -90..90");
    CloudScene& scene = cloudScene(lab);
    scene.look.sunAzimuthDegrees = azimuthDegrees;
    scene.look.sunElevationDegrees = elevationDegrees;
}

} // namespace catlab::gui
