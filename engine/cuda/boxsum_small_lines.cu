#include "boxsum_launch.hpp"

namespace catlab::cuda {

void launchSmallLines(const BoxsumPlan& p, const StepArgs& args) {
    switch (p.smallLinesShape) {
    case SmallLinesShape::Cross: return launchSmallLinesOf<SmallLinesShape::Cross>(p, args);
    case SmallLinesShape::Saltire: return launchSmallLinesOf<SmallLinesShape::Saltire>(p, args);
    case SmallLinesShape::Star: return launchSmallLinesOf<SmallLinesShape::Star>(p, args);
    case SmallLinesShape::Hash: return launchSmallLinesOf<SmallLinesShape::Hash>(p, args);
    case SmallLinesShape::Diamond: return launchSmallLinesOf<SmallLinesShape::Diamond>(p, args);
    case SmallLinesShape::Tripod: return launchSmallLinesOf<SmallLinesShape::Tripod>(p, args);
    case SmallLinesShape::Asterisk: return launchSmallLinesOf<SmallLinesShape::Asterisk>(p, args);
    }
}

int smallLinesResidentBlocks(const BoxsumPlan& p, int radius) {
    switch (p.smallLinesShape) {
    case SmallLinesShape::Cross: return smallLinesResidentBlocksOf<SmallLinesShape::Cross>(p, radius);
    case SmallLinesShape::Saltire: return smallLinesResidentBlocksOf<SmallLinesShape::Saltire>(p, radius);
    case SmallLinesShape::Star: return smallLinesResidentBlocksOf<SmallLinesShape::Star>(p, radius);
    case SmallLinesShape::Hash: return smallLinesResidentBlocksOf<SmallLinesShape::Hash>(p, radius);
    case SmallLinesShape::Diamond: return smallLinesResidentBlocksOf<SmallLinesShape::Diamond>(p, radius);
    case SmallLinesShape::Tripod: return smallLinesResidentBlocksOf<SmallLinesShape::Tripod>(p, radius);
    case SmallLinesShape::Asterisk: return smallLinesResidentBlocksOf<SmallLinesShape::Asterisk>(p, radius);
    }
    return 0;
}

} // namespace catlab::cuda
