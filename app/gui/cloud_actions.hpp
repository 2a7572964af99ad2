#pragma once

#include "gui/lab.hpp"

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"

#include <string>

namespace catlab::gui {

// The changes a user can make to the cloud automaton, shared by the panel, the mouse and scripts. Each
// throws catlab::Error naming the problem and leaves the automaton as it was.

// The cloud automaton, made from lab.cloudStart when there is none yet.
CloudSession& cloudSession(Lab& lab);

// A new, empty volume of this size on the same backend; the sources scale with the volume.
void resizeCloud(Lab& lab, cloud::CloudSize size);
// Another backend (cpu, cuda or auto), keeping the cells and the step count.
void switchCloudBackend(Lab& lab, const std::string& backend);
// The params (sources, probabilities, wind, seed) applied to the simulation; the cells stay.
void applyCloudParams(Lab& lab);
// Every cell clear, the step count back to 0.
void clearCloud(Lab& lab);
// Steps now, timed into the metrics; the density snapshot follows.
void stepCloud(Lab& lab, int steps);

void setSun(Lab& lab, double azimuthDegrees, double elevationDegrees);

} // namespace catlab::gui
