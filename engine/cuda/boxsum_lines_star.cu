#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Star>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Star>(const BoxsumPlan&);

} // namespace catlab::cuda
