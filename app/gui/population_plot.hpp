#pragma once
// The population plot, as the panel shows it (ImGui's PlotLines) and as its PNG export draws it.

#include "catlab/population_csv.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace catlab::gui {

// The samples of the last `generations` generations, or all of them.
std::span<const PopulationSample> lastGenerations(std::span<const PopulationSample> samples,
                                                  std::optional<std::uint64_t> generations);

// At most `points` values for a line plot (at least 1): when there are more samples, each value is the
// largest population of its run of samples, so no peak disappears.
std::vector<float> plotValues(std::span<const PopulationSample> samples, int points);

// The plot as width x height RGB pixels, top row first: a dark line on white in a grey frame,
// generations to the right, population up from 0 at the bottom to the largest at the top. Throws
// catlab::Error for a size below 16 x 16 or beyond 8192 x 8192.
std::vector<std::uint8_t> drawPopulationPlot(std::span<const PopulationSample> samples, int width, int height);

} // namespace catlab::gui
