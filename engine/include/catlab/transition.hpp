#pragma once

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <vector>

namespace catlab {

// The rule's state transition as lookup tables over neighbour counts. `count` is the number of
// state-1 cells in the whole neighbourhood, the centre included: the table subtracts the centre
// itself when the rule excludes it.
class Transition {
  public:
    explicit Transition(const Rule& rule);

    Cell next(Cell state, int countWithCentre) const {
        if (state == 0) return born_[countWithCentre];
        if (state == 1) return survives_[countWithCentre] ? Cell{1} : dyingState_;
        return state + 1 < states_ ? Cell(state + 1) : Cell{0};
    }

  private:
    std::vector<Cell> born_;     // indexed by count (centre dead, so nothing to subtract)
    std::vector<Cell> survives_; // indexed by count including the live centre
    Cell dyingState_;
    int states_;
};

} // namespace catlab
