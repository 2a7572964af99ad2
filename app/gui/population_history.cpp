#include "gui/population_history.hpp"

namespace catlab::gui {

void PopulationHistory::record(const SimulationSession& session) {
    const Simulator* simulator = &session.simulator();
    const std::uint64_t generation = session.generation();
    if (simulator != simulator_ || (!samples_.empty() && generation < samples_.back().generation)) samples_.clear();
    simulator_ = simulator;
    if (!samples_.empty() && samples_.back().generation == generation) {
        if (session.revision() != revision_) samples_.back().population = session.simulator().population();
    } else {
        if (samples_.size() >= kMaxSamples) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < samples_.size(); i += 2) samples_[kept++] = samples_[i];
            samples_.resize(kept);
        }
        samples_.push_back({generation, session.simulator().population()});
    }
    revision_ = session.revision();
}

} // namespace catlab::gui
