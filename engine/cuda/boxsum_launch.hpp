#pragma once
// Launches of the boxsum kernels (defined in boxsum_*.cu). All throw catlab::Error on a CUDA failure.
#include "boxsum_plan.hpp"

#include <cstdint>

namespace catlab::cuda {

// One generation from args.in to args.out, as the plan says (the halo of args.out is left stale).
void launchBoxsumStep(const BoxsumPlan& plan, const StepArgs& args);
// Blocks of the plan's kernel that fit on one multiprocessor at once.
int boxsumResidentBlocks(const BoxsumPlan& plan, int radius);

void launchSmallMoore(const BoxsumPlan& plan, const StepArgs& args);
void launchMidMoore(const BoxsumPlan& plan, const StepArgs& args);
void launchVonNeumann(const BoxsumPlan& plan, const StepArgs& args);
void launchLines(const BoxsumPlan& plan, const StepArgs& args);
void launchSmallLines(const BoxsumPlan& plan, const StepArgs& args);
void launchCheckerboard(const BoxsumPlan& plan, const StepArgs& args);
void launchMidCheckerboard(const BoxsumPlan& plan, const StepArgs& args);
int smallMooreResidentBlocks(const BoxsumPlan& plan, int radius);
int midMooreResidentBlocks(const BoxsumPlan& plan);
int vonNeumannResidentBlocks(const BoxsumPlan& plan);
int linesResidentBlocks(const BoxsumPlan& plan);
int smallLinesResidentBlocks(const BoxsumPlan& plan, int radius);
int checkerboardResidentBlocks(const BoxsumPlan& plan, int radius);
int midCheckerboardResidentBlocks(const BoxsumPlan& plan);
// One shape's line kernels (boxsum_lines_<shape>.cu).
template <LineShape Shape>
void launchLinesOf(const BoxsumPlan& plan, const StepArgs& args);
template <LineShape Shape>
int linesResidentBlocksOf(const BoxsumPlan& plan);
// One shape's small line kernels (boxsum_small_lines_<shape>.cu).
template <SmallLinesShape Shape>
void launchSmallLinesOf(const BoxsumPlan& plan, const StepArgs& args);
template <SmallLinesShape Shape>
int smallLinesResidentBlocksOf(const BoxsumPlan& plan, int radius);

// Bit-grid upkeep (boxsum_bit_grid.cu).
void refreshHaloOnDevice(const BitGrid& g);
void refreshHaloOnDevice(const BitGrid& g, int firstRow, int rows); // those rows' halo words only
void packOnDevice(const BitGrid& g, const Cell* cells);             // the halo refreshed
void unpackOnDevice(const BitGrid& g, Cell* cells);
// Rows firstRow .. firstRow + rows - 1, `cells` holding row firstRow first; packing leaves the halo stale.
void packRowsOnDevice(const BitGrid& g, const Cell* cells, int firstRow, int rows);
void unpackRowsOnDevice(const BitGrid& g, Cell* cells, int firstRow, int rows);
void randomizeOnDevice(const BitGrid& g, double density, std::uint64_t seed, std::uint32_t firstRow = 0);
std::uint64_t countAliveOnDevice(const BitGrid& g);

} // namespace catlab::cuda
