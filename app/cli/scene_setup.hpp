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
    std::optional<Grid> initial;       // from --in; otherwise a random start
    std::vector<std::string> comments; // the --in file's comment lines, written back with --out
    std::string backend;
    // A pattern file that names no topology, on Golly's unbounded universe: a plane that grows with the
    // pattern (Simulator::growWithPattern), whose cell (0, 0) lies at origin on the file's coordinates.
    bool growing = false;
    std::int64_t originX = 0, originY = 0;
};

// The torus for a pattern file that names none, given its cells and rule.
using RoomForPattern = std::function<GridSize(const Grid& pattern, const Rule& rule)>;

// Whether a pattern naming no topology may open on a growing plane, or goes on a torus around it.
enum class Unbounded { GrowingPlane, Torus };

// Resolves --rule/--size/--density/--backend/--in. Where the command line overrides what the pattern
// file says, a note goes to `notices`; contradictions that cannot be resolved throw catlab::Error. A
// pattern that names no topology goes on a growing plane where `unbounded` allows it, else on `room`'s
// torus, by default twice its size and at least kDefaultSize.
Scene setUpScene(const RunOptions& options, std::ostream& notices, Unbounded unbounded = Unbounded::Torus,
                 const RoomForPattern& room = {});

// What `--out` writes beside the cells after `generation` steps, one process or many: the name, the
// input's comments and Golly's generation.
// On a growing plane, `origin` is where the grid's cell (0, 0) lies by then (Simulator::originX/Y).
RleExtras outputExtras(const Scene& scene, std::uint64_t generation,
                       std::optional<std::pair<std::int64_t, std::int64_t>> origin = std::nullopt);

} // namespace catlab::cli
