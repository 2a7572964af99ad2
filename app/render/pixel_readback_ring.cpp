#include "render/pixel_readback_ring.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <string>

namespace catlab::render {
namespace {

constexpr GLuint64 kWaitStepNs = 100'000'000; // a wait is retried in steps so a lost GPU is noticed
constexpr int kMaxWaitSteps = 600;            // a minute without a finished read means the GPU is gone

} // namespace

PixelReadbackRing::PixelReadbackRing(int slots) : slots_(std::size_t(std::max(slots, 1))) {}

PixelReadbackRing::~PixelReadbackRing() {
    for (Slot& slot : slots_)
        if (slot.fence) glDeleteSync(slot.fence);
}

void PixelReadbackRing::capture(int x, int y, int width, int height, const Consumer& consumer) {
    if (width <= 0 || height <= 0) throw Error("cannot read back an empty picture");
    if (pending_ == slots()) deliverOldest(consumer);
    Slot& slot = slots_[std::size_t((oldest_ + pending_) % slots())];
    const std::size_t bytes = std::size_t(width) * std::size_t(height) * 4;
    if (!slot.buffer || slot.capacity < bytes) {
        // Immutable storage the CPU maps for reading; client storage: it lives where the CPU reads fast.
        slot.buffer = createBuffer();
        glNamedBufferStorage(slot.buffer.get(), GLsizeiptr(bytes), nullptr, GL_MAP_READ_BIT | GL_CLIENT_STORAGE_BIT);
        slot.capacity = bytes;
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.get());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); // returns at once: into the buffer
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!slot.fence) throw Error("cannot read the frame back: glFenceSync failed");
    glFlush(); // the read and the fence reach the GPU now, not when the next frame fills the queue
    slot.width = width;
    slot.height = height;
    ++pending_;
}

int PixelReadbackRing::collect(const Consumer& consumer, bool waitForAll) {
    int delivered = 0;
    while (pending_ > 0 && oldestReady(waitForAll)) {
        deliverOldest(consumer);
        ++delivered;
    }
    return delivered;
}

bool PixelReadbackRing::oldestReady(bool wait) {
    GLsync fence = slots_[std::size_t(oldest_)].fence;
    for (int step = 0; step < kMaxWaitSteps; ++step) {
        switch (glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, wait ? kWaitStepNs : 0)) {
        case GL_ALREADY_SIGNALED:
        case GL_CONDITION_SATISFIED: return true;
        case GL_TIMEOUT_EXPIRED:
            if (!wait) return false;
            break;
        default: throw Error("cannot read the frame back: waiting for the GPU failed (glClientWaitSync)");
        }
    }
    throw Error("cannot read the frame back: the GPU has not finished it in a minute");
}

void PixelReadbackRing::deliverOldest(const Consumer& consumer) {
    oldestReady(true);
    Slot& slot = slots_[std::size_t(oldest_)];
    glDeleteSync(slot.fence);
    slot.fence = nullptr;
    oldest_ = (oldest_ + 1) % slots();
    --pending_;
    const std::size_t bytes = std::size_t(slot.width) * std::size_t(slot.height) * 4;
    const void* mapped = glMapNamedBufferRange(slot.buffer.get(), 0, GLsizeiptr(bytes), GL_MAP_READ_BIT);
    if (!mapped) throw Error("cannot read the frame back: glMapNamedBufferRange failed");
    // Unmapped however the consumer leaves: GL must not use a mapped buffer again.
    struct Unmap {
        GLuint buffer;
        ~Unmap() { glUnmapNamedBuffer(buffer); }
    } unmap{slot.buffer.get()};
    consumer({static_cast<const std::uint8_t*>(mapped), slot.width, slot.height, slot.width * 4});
}

} // namespace catlab::render
