#include "gui/population_history.hpp"

namespace catlab::gui {

void PopulationHistory::record(const SimulationSession& session) {
    const std::uint64_t grid = session.gridSerial();
    const std::uint64_t generation = session.generation();
    if (grid != gridSerial_ || (!samples_.empty() && generation < samples_.back().generation)) samples_.clear();
    gridSerial_ = grid;
    if (!samples_.empty() && samples_.back().generation == generation) {
        if (session.revision() != revision_) samples_.back().population = session.population();
    } else {
        if (samples_.size() >= kMaxSamples) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < samples_.size(); i += 2) samples_[kept++] = samples_[i];
            samples_.resize(kept);
        }
        samples_.push_back({generation, session.population()});
    }
    revision_ = session.revision();
}

} // namespace catlab::gui
