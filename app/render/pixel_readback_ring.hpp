#pragma once

#include "render/gl_objects.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace catlab::render {

// A frame read back from OpenGL: RGBA8 rows `strideBytes` apart, bottom row first (as glReadPixels
// gives them). Valid only during the consumer's call.
struct ReadbackPixels {
    const std::uint8_t* rgba = nullptr;
    int width = 0;
    int height = 0;
    int strideBytes = 0;
};

// Reads frames back without waiting for the GPU: capture() queues glReadPixels into the next of a
// ring of pixel pack buffers and puts a fence after it; collect() maps a buffer once its fence has
// passed, normally a frame or two later, so drawing, reading and the CPU's work on earlier frames
// overlap. Frames come out in the order they were captured. Needs a current OpenGL 4.5 context for
// its whole life.
class PixelReadbackRing {
  public:
    using Consumer = std::function<void(const ReadbackPixels&)>;

    explicit PixelReadbackRing(int slots = 3);
    PixelReadbackRing(const PixelReadbackRing&) = delete;
    PixelReadbackRing& operator=(const PixelReadbackRing&) = delete;
    ~PixelReadbackRing(); // frames not collected are dropped

    // Queues a read of the rectangle (bottom-left corner x, y) of the current read framebuffer. When
    // every buffer still holds a frame not collected, the oldest is waited for and handed to
    // `consumer` first. Throws catlab::Error when a read or a wait fails.
    void capture(int x, int y, int width, int height, const Consumer& consumer);
    // Hands the frames whose reads have finished to `consumer`, oldest first; with `waitForAll`, every
    // frame still queued. Returns how many were handed over. A consumer that throws loses only its frame.
    int collect(const Consumer& consumer, bool waitForAll = false);

    int pending() const { return pending_; }
    int slots() const { return int(slots_.size()); }

  private:
    struct Slot {
        GlBuffer buffer;
        std::size_t capacity = 0;
        GLsync fence = nullptr;
        int width = 0, height = 0;
    };
    // Waits for (or, with wait false, checks) the oldest pending read; true when it is ready.
    bool oldestReady(bool wait);
    void deliverOldest(const Consumer& consumer);

    std::vector<Slot> slots_;
    int oldest_ = 0;  // index of the oldest pending slot
    int pending_ = 0; // slots holding a frame not yet collected
};

} // namespace catlab::render
