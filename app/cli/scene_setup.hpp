#pragma once

#include "cli/run_options.hpp"

#include "catlab/grid.hpp"
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace catlab::cli {

inline constexpr GridSize kDefaultSize{1024, 1024};

// What to simulate, with every command-line and file source reconciled.
struct Scene {
    Rule rule;
    std::string ruleName; // preset name, or the pattern's #N name, or empty
    GridSize size;
    double density = 0.5;
    std::optional<Grid> initial; // from --in; otherwise a random start
    // An RLE --in left in its file, to be read a chunk at a time into a distributed grid
    // (startDistributedGrid) where PatternCells::StreamRle allows it; `initial` is then empty.
    std::optional<std::string> streamedRle;
    std::vector<std::string> comments; // the --in file's comment lines, written back with --out
    std::string backend;
    // A pattern file that names no topology, on Golly's unbounded universe: a plane that grows with the
    // pattern (Simulator::growWithPattern), whose cell (0, 0) lies at origin on the file's coordinates.
    bool growing = false;
    std::int64_t originX = 0, originY = 0;
};

// The torus for a pattern file that names none, given its bounding box and rule.
using RoomForPattern = std::function<GridSize(GridSize pattern, const Rule& rule)>;

// Whether a pattern naming no topology may open on a growing plane, or goes on a torus around it.
enum class Unbounded { GrowingPlane, Torus };

// Whether an RLE --in is read whole into Scene::initial, or only checked (its header, comments and
// cells, a chunk at a time) and left for a distributed grid to stream (Scene::streamedRle), so that no
// host holds the whole grid. Other formats are read whole either way.
enum class PatternCells { Whole, StreamRle };
// Resolves --rule/--size/--density/--backend/--in. Where the command line overrides what the pattern
// file says, a note goes to `notices`; contradictions that cannot be resolved throw catlab::Error. A
// pattern that names no topology goes on a growing plane where `unbounded` allows it, else on `room`'s
// torus, by default twice its size and at least kDefaultSize.
Scene setUpScene(const RunOptions& options, std::ostream& notices, Unbounded unbounded = Unbounded::Torus,
                 const RoomForPattern& room = {}, PatternCells cells = PatternCells::Whole);

// What `--out` writes beside the cells after `generation` steps, one process or many: the name, the
// input's comments and Golly's generation.
// On a growing plane, `origin` is where the grid's cell (0, 0) lies by then (Simulator::originX/Y).
RleExtras outputExtras(const Scene& scene, std::uint64_t generation,
                       std::optional<std::pair<std::int64_t, std::int64_t>> origin = std::nullopt);

} // namespace catlab::cli
