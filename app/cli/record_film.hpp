#pragma once

#include "cli/interrupt_flag.hpp"
#include "cli/record_options.hpp"

#include "recording/frame_recorder.hpp"
#include "recording/scene.hpp"

#include <string_view>

namespace catlab::cli {

// Films the plan's frames of the scene into the recorder, with a progress bar when asked, and reports
// what reached the file (`uploadLabel` names how the pictures reached OpenGL); returns the exit code: 0,
// 1 when the recording failed, 128 + the signal when interrupted.
int film(recording::Scene& scene, std::string_view uploadLabel, recording::FrameRecorder& recorder,
         const RecordPlan& plan, const InterruptFlag& interrupt, bool progress);

} // namespace catlab::cli
