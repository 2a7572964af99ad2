#include "gui/population_actions.hpp"
#include "gui/population_plot.hpp"

#include "render/screenshot.hpp"

#include "catlab/identify.hpp"
#include "catlab/population_csv.hpp"

namespace catlab::gui {

void exportPopulationCsv(Lab& lab, const std::string& path) {
    lab.populationHistory.record(lab.session);
    writePopulationCsvFile(path, lab.populationHistory.samples());
}

void exportPopulationPng(Lab& lab, const std::string& path) {
    lab.populationHistory.record(lab.session);
    const std::vector<std::uint8_t> rgb =
        drawPopulationPlot(lab.populationHistory.samples(), kPopulationPngWidth, kPopulationPngHeight);
    render::saveRgbPng(path, kPopulationPngWidth, kPopulationPngHeight, rgb);
}

void identifyPattern(Lab& lab, long long maxGenerations, const std::optional<CellRect>& region) {
    const SimulationSession& session = lab.session;
    IdentifyOptions options;
    options.backend = session.backendName();
    options.maxGenerations = maxGenerations;
    Grid start;
    std::string what = "the grid";
    if (region) {
        const std::vector<Cell> cells = session.readCells(*region); // checks the rectangle
        start = Grid(session.size());
        copyIntoGrid(start, *region, cells);
        what = std::to_string(region->width) + "x" + std::to_string(region->height) + " cells at (" +
               std::to_string(region->x) + ", " + std::to_string(region->y) + ")";
    } else {
        start = session.snapshot();
    }
    const IdentifyResult result = identify(session.rule(), start, options);
    lab.identifyReport =
        "generation " + std::to_string(session.generation()) + ", " + what + ":\n" + identifyReport(result);
    lab.status = "identify: " + identifySummary(result);
    lab.statusIsError = false;
}

} // namespace catlab::gui
