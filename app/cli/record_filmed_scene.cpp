#include "cli/record_filmed_scene.hpp"

namespace catlab::cli {

std::unique_ptr<FilmedScene> filmedScene(const RecordOptions& options, const RecordPlan& plan, std::ostream& notices) {
    return plan.cloud ? filmedCloud(options, plan) : filmedGrid(options, plan, notices);
}

} // namespace catlab::cli
