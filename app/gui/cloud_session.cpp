#include "gui/cloud_session.hpp"

namespace catlab::gui {
CloudSession::CloudSession(const CloudStart& start) {
    params.sources = {cloud::defaultCloudSource(start.size.nx, start.size.ny, start.size.nz)};
    params.wind = {0.05, 0.0, 0.25, 0.08};
    simulation = cloud::makeCloudSimulation(cloud::resolveCloudBackend(start.backend), start.size, params);
}

} // namespace catlab::gui
