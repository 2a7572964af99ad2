#pragma once
// What every boxsum step kernel receives, and how blocks map onto the grid.
#include "bit_planes.cuh"
#include "bitsliced.cuh"

namespace catlab::cuda {

// The rule as sets of whole-neighbourhood counts (centre included, as catlab::Transition counts).
struct CountRule {
    bitsliced::Thresholds birth, survival;
    int states;
};

// Blocks cover `columnBlocks` groups of words across each row times strips of `stripRows` rows; block b
// is column group b % columnBlocks of strip b / columnBlocks (a 1D launch: any number of rows).
struct StepArgs {
    BitGrid in, out;
    CountRule rule;
    int radius;
    int columnBlocks;
    int stripRows;
    int blockWords; // output words per block
    int spanHalo;   // words read on each side of a block's output words (wide Moore, von Neumann)
    int chunkRows;  // rows per shared-memory pass (wide Moore)
};

CATLAB_HD int wrapRow(long long y, int height) {
    const long long m = y % height;
    return int(m < 0 ? m + height : m);
}

} // namespace catlab::cuda
