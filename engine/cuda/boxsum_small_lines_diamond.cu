#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<SmallLinesShape::Diamond>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<SmallLinesShape::Diamond>(const BoxsumPlan&, int);

} // namespace catlab::cuda
