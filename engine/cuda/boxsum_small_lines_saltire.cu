#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<LineShape::Saltire>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<LineShape::Saltire>(const BoxsumPlan&, int);

} // namespace catlab::cuda
