#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Cross>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Cross>(const BoxsumPlan&);

} // namespace catlab::cuda
