#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<LineShape::Star>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<LineShape::Star>(const BoxsumPlan&, int);

} // namespace catlab::cuda
