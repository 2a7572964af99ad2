#pragma once

#include <cstdint>
#include <string>

namespace catlab::cloud {

// The extent of a cloud volume in cells: x and y horizontal, z up.
struct CloudSize {
    int nx = 0, ny = 0, nz = 0;

    std::uint64_t cellCount() const { return std::uint64_t(nx) * std::uint64_t(ny) * std::uint64_t(nz); }
    friend bool operator==(const CloudSize&, const CloudSize&) = default;
};

inline constexpr int kMaxCloudSide = 1 << 14;
inline constexpr std::uint64_t kMaxCloudCells = std::uint64_t(1) << 30;

// "XxYxZ", e.g. "256x256x64"
std::string sizeText(CloudSize size);

// Throws catlab::Error naming the problem: a side outside 1..kMaxCloudSide or more than kMaxCloudCells
// cells. Whether the memory is there depends on the backend: CloudBackendRegistry::create checks it.
void checkCloudSize(CloudSize size);

// Parses "XxYxZ"; throws catlab::Error naming the text.
CloudSize parseCloudSize(const std::string& text);

} // namespace catlab::cloud
