#include "video/atomic_image_files.hpp"

#include "catlab/atomic_file.hpp"

#include <cerrno>
#include <exception>
#include <memory>

namespace catlab::video {
namespace {

constexpr int kBufferBytes = 1 << 16;

// Nothing may throw back into FFmpeg's C code: failures become AVERROR codes with the system's errno.
template <typename Action>
int asAvError(Action&& action) noexcept {
    try {
        action();
        return 0;
    } catch (const FileWriteError& e) {
        return AVERROR(e.code());
    } catch (const std::exception&) {
        return AVERROR(ENOMEM);
    }
}

int writeBytes(void* file, uint8_t* data, int size) {
    const int error = asAvError([&] { static_cast<AtomicFile*>(file)->write(data, std::size_t(size)); });
    return error < 0 ? error : size;
}

int openImageFile(AVFormatContext*, AVIOContext** io, const char* url, int flags, AVDictionary**) {
    if (!(flags & AVIO_FLAG_WRITE)) return AVERROR(EINVAL);
    std::unique_ptr<AtomicFile> file;
    if (const int error = asAvError([&] { file = std::make_unique<AtomicFile>(url); }); error < 0) return error;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
    if (!buffer) return AVERROR(ENOMEM);
    *io = avio_alloc_context(buffer, kBufferBytes, 1, file.get(), nullptr, writeBytes, nullptr);
    if (!*io) {
        av_free(buffer);
        return AVERROR(ENOMEM);
    }
    file.release(); // owned by the I/O context until closeImageFile
    return 0;
}

int closeImageFile(AVFormatContext*, AVIOContext* io) {
    const std::unique_ptr<AtomicFile> file(static_cast<AtomicFile*>(io->opaque));
    avio_flush(io);
    const int writeError = io->error;
    av_freep(&io->buffer);
    avio_context_free(&io);
    if (writeError < 0) return writeError; // the file's destructor removes what was written
    return asAvError([&] { file->commit(); });
}

} // namespace

void writeImageFilesAtomically(AVFormatContext& output) {
    output.io_open = openImageFile;
    output.io_close2 = closeImageFile;
}

} // namespace catlab::video
