#include "catlab/state_view.hpp"

namespace catlab {

const char* toString(StateLayout layout) {
    switch (layout) {
    case StateLayout::Cells: return "cells";
    case StateLayout::Tiles16: return "tiles16";
    case StateLayout::Bits32: return "bits32";
    case StateLayout::BitPlanes32: return "bitplanes32";
    }
    return "?";
}

std::size_t elementBytes(StateElement element) { return element == StateElement::U32 ? 4 : 1; }

StateView cellsView(void* cells, GridSize size, MemorySpace space, std::int64_t pitch, bool writable) {
    return {.data = cells,
            .space = space,
            .layout = StateLayout::Cells,
            .element = StateElement::U8,
            .shape = {size.height, size.width},
            .strides = {pitch, 1},
            .size = size,
            .writable = writable};
}

} // namespace catlab
