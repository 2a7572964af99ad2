#include "boxsum_launch.hpp"

namespace catlab::cuda {

void launchLines(const BoxsumPlan& p, const StepArgs& args) {
    switch (p.lineShape) {
    case LineShape::Cross: return launchLinesOf<LineShape::Cross>(p, args);
    case LineShape::Saltire: return launchLinesOf<LineShape::Saltire>(p, args);
    case LineShape::Star: return launchLinesOf<LineShape::Star>(p, args);
    case LineShape::Hash: return launchLinesOf<LineShape::Hash>(p, args);
    case LineShape::Asterisk: return launchLinesOf<LineShape::Asterisk>(p, args);
    case LineShape::Tripod: return launchLinesOf<LineShape::Tripod>(p, args);
    }
}

int linesResidentBlocks(const BoxsumPlan& p) {
    switch (p.lineShape) {
    case LineShape::Cross: return linesResidentBlocksOf<LineShape::Cross>(p);
    case LineShape::Saltire: return linesResidentBlocksOf<LineShape::Saltire>(p);
    case LineShape::Star: return linesResidentBlocksOf<LineShape::Star>(p);
    case LineShape::Hash: return linesResidentBlocksOf<LineShape::Hash>(p);
    case LineShape::Asterisk: return linesResidentBlocksOf<LineShape::Asterisk>(p);
    case LineShape::Tripod: return linesResidentBlocksOf<LineShape::Tripod>(p);
    }
    return 0;
}

} // namespace catlab::cuda
