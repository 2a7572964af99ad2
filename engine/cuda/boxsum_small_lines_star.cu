#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<SmallLinesShape::Star>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<SmallLinesShape::Star>(const BoxsumPlan&, int);

} // namespace catlab::cuda
