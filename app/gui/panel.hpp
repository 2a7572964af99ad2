#pragma once

#include "gui/lab.hpp"
#include "gui/library_panel_state.hpp"

#include "catlab/cloud/cloud_cells.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace catlab::gui {

// What the panel's widgets hold between frames (text being typed, fields not yet applied).
struct PanelState {
    // Rule
    std::string ruleSearch;
    std::string ruleText;      // the custom rule field
    std::string ruleTextError; // why ruleText is not a rule (empty when it is)
    std::string shownRule;     // the running rule when ruleText was last filled from it
    int radiusField = 1;       // the radius slider while it is dragged (applied on release)
    bool radiusEditing = false;
    int statesField = 2;
    bool statesEditing = false;
    // Run
    GridSize shownSize{}; // the grid size when the fields below were last filled from it
    int gridWidth = 0, gridHeight = 0;
    bool randomFieldsFilled = false;
    float randomDensity = 0.5f;
    int randomSeed = 1;
    // Edit
    std::string patternPath = "pattern.rle";
    std::string screenshotPath = "catlab.png";
    // Metrics: the population is counted a few times a second, not every frame.
    std::optional<std::uint64_t> population;
    std::chrono::steady_clock::time_point populationTime{};
    // Population: the plot's zoom (an index of the section's choices), export paths, Identify's limit.
    int populationZoom = 0;
    std::string populationCsvPath = "population.csv";
    std::string populationPngPath = "population.png";
    int identifyGenerations = 1000;
    bool identifyRegionOnly = false;        // Identify the cells of a rectangle alone
    int identifyRegion[4] = {0, 0, 16, 16}; // its x, y, width, height
    // Cloud: the size fields, and the cell counts (counted about once a second: they copy the volume).
    cloud::CloudSize shownCloudSize{};
    int cloudSize[3] = {0, 0, 0};
    std::optional<cloud::CloudCounts> cloudCounts;
    std::chrono::steady_clock::time_point cloudCountsTime{};
    LibraryPanelState library;
};

// The control panel, a Dear ImGui window at the right of the view; call between ImGui's frame begin
// and end. Every change goes through lab_actions.hpp; failures appear in the panel.
void drawPanel(Lab& lab, PanelState& state);

} // namespace catlab::gui
