#include "boxsum_launch.hpp"

namespace catlab::cuda {

void launchSmallLines(const BoxsumPlan& p, const StepArgs& args) {
    switch (p.lineShape) {
    case LineShape::Cross: return launchSmallLinesOf<LineShape::Cross>(p, args);
    case LineShape::Saltire: return launchSmallLinesOf<LineShape::Saltire>(p, args);
    case LineShape::Star: return launchSmallLinesOf<LineShape::Star>(p, args);
    case LineShape::Hash: return launchSmallLinesOf<LineShape::Hash>(p, args);
    }
}

int smallLinesResidentBlocks(const BoxsumPlan& p, int radius) {
    switch (p.lineShape) {
    case LineShape::Cross: return smallLinesResidentBlocksOf<LineShape::Cross>(p, radius);
    case LineShape::Saltire: return smallLinesResidentBlocksOf<LineShape::Saltire>(p, radius);
    case LineShape::Star: return smallLinesResidentBlocksOf<LineShape::Star>(p, radius);
    case LineShape::Hash: return smallLinesResidentBlocksOf<LineShape::Hash>(p, radius);
    }
    return 0;
}

} // namespace catlab::cuda
