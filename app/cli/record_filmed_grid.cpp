// `catlab record --scene grid`: a 2D automaton's grid through a fixed view window.
#include "cli/record_filmed_scene.hpp"
#include "cli/scene_setup.hpp"

#include "recording/grid_scene.hpp"

#include "catlab/simulator.hpp"

#include <ostream>

namespace catlab::cli {
namespace {

class FilmedGrid final : public FilmedScene {
  public:
    FilmedGrid(const RecordOptions& options, const RecordPlan& plan, std::ostream& notices)
        : setup_(setUpScene(options.scene, notices)), seed_(options.scene.seed), plan_(plan),
          window_(recordingWindow(plan.view, setup_.size, plan.video.width, plan.video.height, setup_.rule.states)) {}

    std::unique_ptr<recording::Scene> start(const std::string& openGl, std::ostream& out,
                                            const std::atomic<bool>&) override {
        sim_ = setup_.initial
                   ? std::make_unique<Simulator>(setup_.rule, *setup_.initial, setup_.backend)
                   : std::make_unique<Simulator>(setup_.rule, setup_.size, setup_.density, seed_, setup_.backend);
        auto filmed = std::make_unique<recording::GridScene>(*sim_, window_, plan_.style, plan_.every, plan_.upload);
        out << "rule        " << setup_.rule.format() << (setup_.ruleName.empty() ? "" : " (" + setup_.ruleName + ")")
            << "\ngrid        " << setup_.size.width << "x" << setup_.size.height << " "
            << describeTopology(setup_.rule.topology) << ", backend " << sim_->backendName() << "\nOpenGL      "
            << openGl << '\n';
        out << "generations 0.." << (plan_.frames - 1) * plan_.every << ", every " << plan_.every << '\n';
        return filmed;
    }

    std::string_view uploadLabel() const override { return "view path"; }

  private:
    Scene setup_; // rule, grid, start and backend, from the options and the pattern file
    std::uint64_t seed_;
    RecordPlan plan_;
    ViewWindow window_;
    std::unique_ptr<Simulator> sim_;
};

} // namespace

std::unique_ptr<FilmedScene> filmedGrid(const RecordOptions& options, const RecordPlan& plan, std::ostream& notices) {
    return std::make_unique<FilmedGrid>(options, plan, notices);
}

} // namespace catlab::cli
