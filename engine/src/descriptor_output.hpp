#pragma once

#include <array>
#include <streambuf>

namespace catlab {

// A std::streambuf writing to a file descriptor through a buffer of its own. Every write(2) is
// checked (EINTR and short writes retried); the first failure's errno is kept, and from then on
// everything fails, so that a stream over this buffer goes bad and the reason is known.
class DescriptorOutput final : public std::streambuf {
  public:
    explicit DescriptorOutput(int fd);

    // The errno of the first failed write, 0 when none failed.
    int error() const { return error_; }

  protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* data, std::streamsize size) override;
    int sync() override;

  private:
    bool drain();
    bool writeAll(const char* data, std::size_t size);

    int fd_;
    int error_ = 0;
    std::array<char, 1 << 16> buffer_;
};

} // namespace catlab
