#include "descriptor_output.hpp"

#include <unistd.h>

#include <cerrno>

namespace catlab {

DescriptorOutput::DescriptorOutput(int fd) : fd_(fd) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

DescriptorOutput::int_type DescriptorOutput::overflow(int_type c) {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

std::streamsize DescriptorOutput::xsputn(const char* data, std::streamsize size) {
    if (size < std::streamsize(buffer_.size())) return std::streambuf::xsputn(data, size);
    // Large blocks go straight to the file, after what is buffered.
    return drain() && writeAll(data, std::size_t(size)) ? size : 0;
}

int DescriptorOutput::sync() { return drain() ? 0 : -1; }

bool DescriptorOutput::drain() {
    const bool written = writeAll(pbase(), std::size_t(pptr() - pbase()));
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return written;
}

bool DescriptorOutput::writeAll(const char* data, std::size_t size) {
    if (error_ != 0) return false;
    while (size > 0) {
        const ssize_t written = ::write(fd_, data, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            error_ = written < 0 ? errno : EIO;
            return false;
        }
        data += written;
        size -= std::size_t(written);
    }
    return true;
}

} // namespace catlab
