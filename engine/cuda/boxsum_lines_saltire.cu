#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Saltire>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Saltire>(const BoxsumPlan&);

} // namespace catlab::cuda
