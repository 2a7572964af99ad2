#pragma once

#include <unistd.h>

#include <cerrno>
#include <utility>

namespace catlab {

// Owns a POSIX file descriptor: closed once, by close() (which says whether it worked) or the destructor.
class UniqueDescriptor {
  public:
    UniqueDescriptor() = default;
    explicit UniqueDescriptor(int fd) : fd_(fd) {}
    UniqueDescriptor(UniqueDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    UniqueDescriptor& operator=(UniqueDescriptor&& other) noexcept {
        if (this != &other) {
            closeQuietly();
            fd_ = std::exchange(other.fd_, -1);
        }
        return *this;
    }
    UniqueDescriptor(const UniqueDescriptor&) = delete;
    UniqueDescriptor& operator=(const UniqueDescriptor&) = delete;
    ~UniqueDescriptor() { closeQuietly(); }

    int get() const { return fd_; }
    bool valid() const { return fd_ >= 0; }

    // Returns 0, or the errno of a failed close (a write-back error can surface only here).
    int close() {
        if (fd_ < 0) return 0;
        const int rc = ::close(std::exchange(fd_, -1));
        return rc == 0 ? 0 : errno;
    }

  private:
    void closeQuietly() {
        if (fd_ >= 0) ::close(std::exchange(fd_, -1));
    }

    int fd_ = -1;
};

} // namespace catlab
