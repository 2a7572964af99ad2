// Filming a scene for `catlab record`, and the report of what reached the file.
#include "cli/record_film.hpp"
#include "cli/progress_bar.hpp"

#include "recording/kept_frames.hpp"
#include "recording/record_frames.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

namespace catlab::cli {
namespace {

std::string megabytes(std::int64_t bytes) {
    std::ostringstream text;
    text << std::fixed << std::setprecision(2) << double(bytes) / 1e6 << " MB";
    return text.str();
}

// After the last frame: how the pictures reached OpenGL, under the scene's label.
void reportUpload(std::string_view label, const recording::Scene& scene, std::ostream& out) {
    out << std::setw(12) << std::left << label << std::right << render::toString(scene.uploadPath()) << '\n';
    if (!scene.uploadNotice().empty()) out << "            (" << scene.uploadNotice() << ")\n";
}

} // namespace

int film(recording::Scene& scene, std::string_view uploadLabel, recording::FrameRecorder& recorder,
         const RecordPlan& plan, const InterruptFlag& interrupt, bool progress) {
    std::cout << "recording   " << plan.frames << " frames at " << plan.video.width << "x" << plan.video.height << ", "
              << plan.video.fps << " fps, " << recorder.codecName() << " -> " << plan.video.path << std::endl;
    ProgressBar bar(plan.frames, progress);
    const recording::RecordingResult result = recording::recordFrames(scene, recorder, plan.frames, interrupt.raised(),
                                                                      [&](long long done) { bar.update(done); });
    bar.finish();

    reportUpload(uploadLabel, scene, std::cout);
    const std::int64_t kept = result.framesInFile;
    if (kept > 0)
        std::cout << std::setprecision(4) << "wrote       " << kept << " frames (" << double(kept) / plan.video.fps
                  << " s of video, " << megabytes(result.bytesWritten) << ") to " << plan.video.path << " in "
                  << result.seconds << " s: " << double(kept) / std::max(result.seconds, 1e-9) << " frames/s"
                  << std::endl;
    const std::string keptText =
        recording::keptFramesText(plan.video.path, kept, plan.video.format == video::VideoFormat::PngSequence);
    if (result.error) {
        std::cerr << "catlab: error: " << *result.error << "\ncatlab: the recording stopped; " << keptText << '\n';
        return 1;
    }
    if (result.interrupted) {
        if (kept == 0)
            std::cerr << "catlab: interrupted before the first frame: " << keptText << '\n';
        else
            std::cerr << "catlab: interrupted: the recording stopped after " << kept << " of " << plan.frames
                      << " frames; " << plan.video.path << " is complete up to there\n";
        return interrupt.exitCode();
    }
    if (kept == 0) { // every frame was asked for: never report a file that is not there
        std::cerr << "catlab: error: " << keptText << '\n';
        return 1;
    }
    return 0;
}

} // namespace catlab::cli
