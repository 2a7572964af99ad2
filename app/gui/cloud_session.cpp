#include "gui/cloud_session.hpp"

namespace catlab::gui {
CloudSession::CloudSession(const CloudStart& start) {
    params = cloud::cloudSceneParams(start.scene, start.size, start.seed);
    simulation = cloud::makeCloudSimulation(cloud::resolveCloudBackend(start.backend), start.size, params);
}

} // namespace catlab::gui
