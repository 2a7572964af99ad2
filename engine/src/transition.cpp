#include "catlab/transition.hpp"

namespace catlab {

Transition::Transition(const Rule& rule) : dyingState_(rule.states > 2 ? Cell{2} : Cell{0}), states_(rule.states) {
    const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
    born_.resize(std::size_t(maxCount) + 1);
    survives_.resize(std::size_t(maxCount) + 1);
    for (int count = 0; count <= maxCount; ++count) {
        born_[std::size_t(count)] = rule.birth.contains(count);
        // A live centre is in `count`; the rule counts it only with M1.
        survives_[std::size_t(count)] = count >= 1 && rule.survival.contains(rule.includeCentre ? count : count - 1);
    }
}

} // namespace catlab
