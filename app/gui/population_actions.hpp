#pragma once

#include "gui/lab.hpp"

#include "catlab/cell_rect.hpp"

#include <optional>
#include <string>

namespace catlab::gui {

// The population plot's exports and Identify, shared by the panel and scripts. Each throws
// catlab::Error naming the problem and leaves files and the lab as they were.

inline constexpr int kPopulationPngWidth = 800, kPopulationPngHeight = 300;

// "generation,population" for every sample of the plot, up to the current generation.
void exportPopulationCsv(Lab& lab, const std::string& path);
// The whole plot, kPopulationPngWidth x kPopulationPngHeight pixels.
void exportPopulationPng(Lab& lab, const std::string& path);

// Identify (catlab/identify.hpp) on a copy of the grid as it is now, on the running backend, for up to
// `maxGenerations`: the running automaton does not move. With a region (coordinates wrap), only its
// cells, in place on an otherwise empty grid of the same size. The report is kept in
// lab.identifyReport, its one-line summary becomes the panel's status line.
void identifyPattern(Lab& lab, long long maxGenerations, const std::optional<CellRect>& region = std::nullopt);

} // namespace catlab::gui
