#include "catlab/cloud/cloud_cells.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <new>

namespace catlab::cloud {

CloudCells::CloudCells(CloudSize size) : size_(size) {
    checkCloudSize(size);
    try {
        bits_.assign(std::size_t(size.cellCount()), 0);
    } catch (const std::bad_alloc&) {
        throw Error("out of host memory allocating a " + sizeText(size) + " cloud volume");
    }
}

CloudCounts CloudCells::counts() const {
    CloudCounts c;
    for (std::uint8_t b : bits_) {
        c.hum += (b & kHum) != 0;
        c.act += (b & kAct) != 0;
        c.cld += (b & kCld) != 0;
    }
    return c;
}

long long firstDifference(const CloudCells& a, const CloudCells& b) {
    if (a.size() != b.size()) throw Error("cannot compare cloud volumes of different sizes");
    auto [ia, ib] = std::mismatch(a.bytes().begin(), a.bytes().end(), b.bytes().begin());
    return ia == a.bytes().end() ? -1 : static_cast<long long>(ia - a.bytes().begin());
}

} // namespace catlab::cloud
