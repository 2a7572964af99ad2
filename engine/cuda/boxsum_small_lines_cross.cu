#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<SmallLinesShape::Cross>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<SmallLinesShape::Cross>(const BoxsumPlan&, int);

} // namespace catlab::cuda
