#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Hash>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Hash>(const BoxsumPlan&);

} // namespace catlab::cuda
