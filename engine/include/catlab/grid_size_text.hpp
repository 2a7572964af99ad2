#pragma once

#include "catlab/grid.hpp"

#include <string>

namespace catlab {

// "WxH" or "N" (for NxN); throws catlab::Error naming the text.
GridSize parseGridSize(const std::string& text);
std::string formatGridSize(GridSize size);

} // namespace catlab
