#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Tripod>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Tripod>(const BoxsumPlan&);

} // namespace catlab::cuda
