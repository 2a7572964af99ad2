#pragma once

namespace catlab {

struct GridSize {
    int width = 0;
    int height = 0;
    friend bool operator==(const GridSize&, const GridSize&) = default;
};

} // namespace catlab
