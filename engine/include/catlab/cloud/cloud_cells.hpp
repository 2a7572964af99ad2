#pragma once

#include "catlab/cloud/cloud_size.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace catlab::cloud {

// The three bits of a cell in Dobashi's model: humidity (vapour is there), activation (it is turning
// into cloud now) and cloud.
enum CloudBit : std::uint8_t { kHum = 1, kAct = 2, kCld = 4 };

struct CloudCounts {
    std::uint64_t hum = 0, act = 0, cld = 0;
    friend bool operator==(const CloudCounts&, const CloudCounts&) = default;
};

// The host layout of a cloud state: one byte per cell holding CloudBit flags, x fastest, then y, then z.
// Every backend loads from and stores to this layout.
class CloudCells {
  public:
    CloudCells() = default;
    // All bits clear. Throws catlab::Error for an invalid size or when host memory runs out.
    explicit CloudCells(CloudSize size);

    CloudSize size() const { return size_; }
    std::size_t index(int x, int y, int z) const {
        return (std::size_t(z) * std::size_t(size_.ny) + std::size_t(y)) * std::size_t(size_.nx) + std::size_t(x);
    }
    bool inside(long long x, long long y, long long z) const {
        return x >= 0 && y >= 0 && z >= 0 && x < size_.nx && y < size_.ny && z < size_.nz;
    }

    std::uint8_t at(int x, int y, int z) const { return bits_[index(x, y, z)]; }
    std::uint8_t& at(int x, int y, int z) { return bits_[index(x, y, z)]; }
    bool has(int x, int y, int z, CloudBit bit) const { return (at(x, y, z) & bit) != 0; }
    void set(int x, int y, int z, CloudBit bit, bool on = true) {
        std::uint8_t& b = at(x, y, z);
        b = on ? std::uint8_t(b | bit) : std::uint8_t(b & ~bit);
    }

    std::span<std::uint8_t> bytes() { return bits_; }
    std::span<const std::uint8_t> bytes() const { return bits_; }

    CloudCounts counts() const;

    friend bool operator==(const CloudCells&, const CloudCells&) = default;

  private:
    CloudSize size_{};
    std::vector<std::uint8_t> bits_;
};

// Index of the first differing cell, or -1 when equal; throws catlab::Error when the sizes differ.
long long firstDifference(const CloudCells& a, const CloudCells& b);

} // namespace catlab::cloud
