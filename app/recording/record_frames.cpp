#include "recording/record_frames.hpp"

#include "render/offscreen_frame.hpp"

#include <chrono>

namespace catlab::recording {

RecordingResult recordFrames(Scene& scene, FrameRecorder& recorder, long long frames,
                             const std::atomic<bool>& stopRequested, const std::function<void(long long)>& progress) {
    const auto start = std::chrono::steady_clock::now();
    const render::OffscreenFrame target(recorder.width(), recorder.height());
    RecordingResult result;
    for (long long frame = 0; frame < frames; ++frame) {
        if (stopRequested.load()) {
            result.interrupted = true;
            break;
        }
        scene.draw({recorder.width(), recorder.height(), target.colour()});
        if (!recorder.capture()) break;
        if (progress) progress(frame + 1);
        // The next generations are computed while this frame is read back and encoded.
        if (frame + 1 < frames) scene.advance();
    }
    result.error = recorder.finish();
    result.framesCaptured = recorder.framesCaptured();
    result.framesInFile = recorder.framesInFile();
    result.bytesWritten = recorder.bytesWritten();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace catlab::recording
