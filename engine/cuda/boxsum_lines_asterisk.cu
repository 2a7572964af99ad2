#include "boxsum_lines_kernel.cuh"

namespace catlab::cuda {

template void launchLinesOf<LineShape::Asterisk>(const BoxsumPlan&, const StepArgs&);
template int linesResidentBlocksOf<LineShape::Asterisk>(const BoxsumPlan&);

} // namespace catlab::cuda
