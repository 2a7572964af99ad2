#include "catlab/text_file.hpp"

#include "catlab/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace catlab {
namespace {

// An open file descriptor, closed when it goes.
class FileDescriptor {
  public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    ~FileDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

std::string bytesText(std::size_t bytes) {
    constexpr std::size_t kMiB = std::size_t(1) << 20, kKiB = std::size_t(1) << 10;
    if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    if (bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// What a file that is not a regular one is, for the message.
const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

void checkLines(const std::string& text, const std::string& name, std::size_t maxLineLength) {
    std::size_t start = 0, line = 1;
    while (start <= text.size()) {
        const std::size_t newline = std::min(text.find('\n', start), text.size());
        std::size_t length = newline - start;
        if (length > 0 && text[newline - 1] == '\r') --length;
        if (length > maxLineLength)
            throw Error(name + " line " + std::to_string(line) + " is longer than " + std::to_string(maxLineLength) +
                        " characters");
        start = newline + 1;
        ++line;
    }
}

} // namespace

std::string readTextFile(const std::string& path, std::string_view what, TextFileLimits limits) {
    const std::string name = std::string(what) + " '" + path + "'";
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (file.get() < 0) throw Error("cannot open " + name + ": " + std::strerror(errno));
    struct stat status {};
    if (::fstat(file.get(), &status) != 0) throw Error("cannot read " + name + ": " + std::strerror(errno));
    if (!S_ISREG(status.st_mode)) throw Error(name + " is " + kindOf(status.st_mode) + ", not a text file");
    if (std::uintmax_t(status.st_size) > limits.maxBytes)
        throw Error(name + " is larger than " + bytesText(limits.maxBytes) + ", the most a " + std::string(what) +
                    " may hold");

    // Read to the end, however large the size said it was (files grow; /proc files say 0).
    std::string text;
    text.resize(std::min<std::size_t>(std::size_t(status.st_size), limits.maxBytes) + 1);
    std::size_t used = 0;
    while (true) {
        if (used == text.size()) {
            if (used > limits.maxBytes)
                throw Error(name + " is larger than " + bytesText(limits.maxBytes) + ", the most a " +
                            std::string(what) + " may hold");
            text.resize(std::min(2 * text.size(), limits.maxBytes + 1));
        }
        const ssize_t got = ::read(file.get(), text.data() + used, text.size() - used);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error("cannot read " + name + ": " + std::strerror(errno));
        if (got == 0) break;
        used += std::size_t(got);
    }
    text.resize(used);
    if (const std::size_t nul = text.find('\0'); nul != std::string::npos)
        throw Error(name + " holds a NUL byte at offset " + std::to_string(nul) + ": it is not a text file");
    checkLines(text, name, limits.maxLineLength);
    return text;
}

} // namespace catlab
