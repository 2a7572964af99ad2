#include "gui/recording_actions.hpp"

#include "recording/kept_frames.hpp"

#include "catlab/error.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace catlab::gui {

void startRecording(Lab& lab) {
    if (lab.recording) throw Error("already recording to " + lab.recording->path());
    lab.recording =
        std::make_unique<WindowRecording>(lab.recordingSettings, FramebufferSize{lab.viewWidth, lab.viewHeight});
    lab.status = "recording to " + lab.recording->path();
    lab.statusIsError = false;
}

bool stopRecording(Lab& lab) {
    if (!lab.recording) throw Error("nothing is being recorded");
    const std::unique_ptr<WindowRecording> recording = std::move(lab.recording);
    const std::optional<std::string> error = recording->finish();
    const std::int64_t kept = recording->framesInFile();
    // A recording that kept no frame failed too, even without an error: there is nothing to play.
    const bool failed = error || kept == 0;
    std::ostringstream text;
    if (failed) {
        text << "recording stopped: " << (error ? *error + "; " : "")
             << recording::keptFramesText(recording->path(), kept, recording->codecName() == "png");
        std::cerr << "catlab: error: " << text.str() << std::endl;
    } else {
        text << "recorded " << kept << " frames (" << std::fixed << std::setprecision(1)
             << double(kept) / recording->settings().fps << " s of video, " << std::setprecision(2)
             << double(recording->bytesWritten()) / 1e6 << " MB) to " << recording->path();
        if (recording->framesDropped() > 0)
            text << "; " << recording->framesDropped() << " frames dropped while the encoder was behind";
        std::cout << "catlab: " << text.str() << std::endl;
    }
    lab.status = text.str();
    lab.statusIsError = failed;
    return !failed;
}

void toggleRecording(Lab& lab) {
    if (lab.recording)
        stopRecording(lab);
    else
        startRecording(lab);
}

bool recordFrame(Lab& lab, CaptureStage stage, FramebufferSize size) {
    if (!lab.recording) return true;
    lab.recording->offerFrame(stage, size);
    return !lab.recording->failed() || stopRecording(lab);
}

} // namespace catlab::gui
