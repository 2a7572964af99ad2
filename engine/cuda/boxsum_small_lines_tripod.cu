#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<SmallLinesShape::Tripod>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<SmallLinesShape::Tripod>(const BoxsumPlan&, int);

} // namespace catlab::cuda
