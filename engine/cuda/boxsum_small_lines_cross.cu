#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<LineShape::Cross>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<LineShape::Cross>(const BoxsumPlan&, int);

} // namespace catlab::cuda
