#include "boxsum_small_lines_kernel.cuh"

namespace catlab::cuda {

template void launchSmallLinesOf<SmallLinesShape::Asterisk>(const BoxsumPlan&, const StepArgs&);
template int smallLinesResidentBlocksOf<SmallLinesShape::Asterisk>(const BoxsumPlan&, int);

} // namespace catlab::cuda
