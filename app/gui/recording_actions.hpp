#pragma once

#include "gui/gl_window.hpp"
#include "gui/lab.hpp"
#include "gui/window_recording.hpp"

namespace catlab::gui {

// Starting and stopping a recording of the window (the Record button, Ctrl+R, scripts). Each needs the
// window's GL context current.

// Records the window at its current size with lab.recordingSettings. Throws catlab::Error when a
// recording is already running, or when the path and format do not fit (video/video_output.hpp: an
// unknown extension, a codec its container does not hold, a bad PNG pattern) or the file cannot be
// opened, naming the path and the reason; nothing is made then.
void startRecording(Lab& lab);
// Closes the file. The outcome goes to the panel's status line and to stdout ("recorded N frames ...
// to PATH"), or, when the recording had failed or kept no frame, to stderr. Returns false then.
// Throws catlab::Error when nothing is being recorded.
bool stopRecording(Lab& lab);
void toggleRecording(Lab& lab);

// Offers this frame to the recording, if there is one. A recording that has failed (a full disk, an
// unwritable file, a resized window) is stopped with its reason in the panel while the simulation
// goes on. Returns false when it failed here.
bool recordFrame(Lab& lab, CaptureStage stage, FramebufferSize size);

} // namespace catlab::gui
