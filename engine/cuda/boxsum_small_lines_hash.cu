#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<LineShape::Hash>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<LineShape::Hash>(const BoxsumPlan&, int);

} // namespace catlab::cuda
