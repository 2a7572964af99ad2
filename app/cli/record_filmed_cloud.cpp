// `catlab record --scene cloud`: the cloud automaton flown around along a camera path.
#include "cli/record_filmed_scene.hpp"
#include "cli/step_chunks.hpp"

#include "recording/cloud_flight_scene.hpp"

#include "catlab/cloud/cloud_simulation.hpp"

#include <iomanip>
#include <ostream>

namespace catlab::cli {
namespace {

// Steps the cloud before the first frame, a chunk at a time so that Ctrl+C is heard.
void formClouds(cloud::CloudSimulation& sim, long long steps, const std::atomic<bool>& stop) {
    StepChunks chunks;
    stepInChunks(steps, chunks, stop, [&](long long n) {
        sim.step(int(n));
        sim.synchronize(); // a chunk's time is its steps' time
    });
}

class FilmedCloud final : public FilmedScene {
  public:
    FilmedCloud(const RecordOptions& options, const RecordPlan& plan) : plan_(plan), seed_(options.scene.seed) {}

    std::unique_ptr<recording::Scene> start(const std::string& openGl, std::ostream& out,
                                            const std::atomic<bool>& stop) override {
        const CloudRecordPlan& c = *plan_.cloud;
        sim_ = cloud::makeCloudSimulation(c.backend, c.size, c.params);
        out << "cloud       " << cloud::sizeText(c.size) << ", seed " << seed_ << ", backend " << sim_->backendName()
            << '\n';
        printCloudModel(sim_->params(), c.sourcesFrom, out);
        const recording::CameraPath& path = c.path;
        const render::OrbitCamera end = path.at(1.0);
        out << std::setprecision(4) << "camera      yaw " << path.start.yawDegrees << " -> " << end.yawDegrees
            << ", pitch " << path.start.pitchDegrees << " -> " << end.pitchDegrees << " degrees, distance "
            << path.start.distance << " -> " << end.distance << "; sun azimuth " << c.look.sunAzimuthDegrees
            << ", elevation " << c.look.sunElevationDegrees << "\nOpenGL      " << openGl << '\n';
        out << "steps       " << c.formation << " before the first frame, then " << plan_.every << " per frame: steps "
            << c.formation << ".." << c.formation + (plan_.frames - 1) * plan_.every << std::endl;
        formClouds(*sim_, c.formation, stop);
        return std::make_unique<recording::CloudFlightScene>(*sim_, path, c.look, plan_.frames, plan_.every,
                                                             c.densityRadius, plan_.upload);
    }

    std::string_view uploadLabel() const override { return "density"; }

  private:
    RecordPlan plan_; // with the cloud's
    std::uint64_t seed_;
    std::unique_ptr<cloud::CloudSimulation> sim_;
};

} // namespace

std::unique_ptr<FilmedScene> filmedCloud(const RecordOptions& options, const RecordPlan& plan) {
    return std::make_unique<FilmedCloud>(options, plan);
}

} // namespace catlab::cli
