#include "cli/commands.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/presets.hpp"
#include "cli/number_options.hpp"
#include "cli/scene_setup.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace catlab::cli {
namespace {

// A rule of this shape at (up to) this radius: every cell of NW and N@'s square counted once, births and
// survivals on low counts. What `backends --shapes` asks each backend about.
Rule shapeProbe(Neighbourhood shape, int radius, int states) {
    Rule rule;
    rule.neighbourhood = shape;
    rule.radius = std::min(radius, maxRadius(shape));
    rule.states = states;
    if (!isFixedShape(shape)) {
        const std::size_t side = std::size_t(2 * rule.radius + 1);
        rule.weights.values.assign(side * side, 1);
        if (shape == Neighbourhood::Custom) rule.weights.values[side * side / 2] = 0; // the centre is left out
    }
    const int cells = rule.neighbourhoodSize();
    rule.birth = CountSet({{1, std::max(1, cells / 4)}});
    rule.survival = CountSet({{1, std::max(1, cells / 2)}});
    rule.validate();
    return rule;
}

// Which backend computes which neighbourhood, exactly or refused with its reason (whether or not the
// backend runs on this machine).
void printShapeTable(int radius, int states) {
    const auto& specs = BackendRegistry::instance().all();
    std::cout << "every shape at radius " << radius << " (or its largest), " << states
              << " states: exact, or refused (the reasons follow)\n"
              << std::left << std::setw(25) << "shape";
    for (const BackendSpec& spec : specs)
        std::cout << std::setw(std::max<int>(int(spec.name.size()) + 2, 8)) << spec.name;
    std::cout << '\n';
    std::vector<std::string> reasons;
    for (Neighbourhood shape : kNeighbourhoods) {
        const Rule rule = shapeProbe(shape, radius, states);
        std::cout << std::setw(25) << (std::string("N") + neighbourhoodLetter(shape) + " " + toString(shape));
        for (const BackendSpec& spec : specs) {
            if (!spec.built) {
                std::cout << std::setw(std::max<int>(int(spec.name.size()) + 2, 8)) << "-";
                continue;
            }
            const auto why = spec.unsupportedReason(rule);
            if (why)
                reasons.push_back("  N" + std::string(1, neighbourhoodLetter(shape)) + " on " + spec.name + ": " +
                                  *why);
            std::cout << std::setw(std::max<int>(int(spec.name.size()) + 2, 8)) << (why ? "refused" : "exact");
        }
        std::cout << '\n';
    }
    std::string unbuilt;
    for (const BackendSpec& spec : specs)
        if (!spec.built) unbuilt += (unbuilt.empty() ? "" : ", ") + spec.name;
    if (!unbuilt.empty())
        std::cout << "- " << unbuilt << ": CUDA backends, not in this build (built with nvcc, they answer here)\n";
    if (!reasons.empty()) std::cout << "refused because\n";
    for (const std::string& reason : reasons) std::cout << reason << '\n';
}

} // namespace

void addBackendsCommand(CLI::App& app) {
    CLI::App* cmd =
        app.add_subcommand("backends", "List the backends, whether they run here, and the rules they support");
    auto scene = std::make_shared<RunOptions>();
    cmd->add_option("--rule", scene->rule,
                    "Also say which backend `auto` picks for this rule (default: the default scene)");
    cmd->add_option("--size", scene->size, "... on a torus of this size (WxH or N)");
    auto shapes = std::make_shared<bool>(false);
    auto shapeRadius = std::make_shared<int>(5);
    auto shapeStates = std::make_shared<int>(2);
    cmd->add_flag("--shapes", *shapes, "Instead: which backend computes which neighbourhood shape, or why not");
    addIntegerOption(*cmd, "--radius", *shapeRadius, "... at this radius (each shape's largest if less)", 1, kMaxRadius)
        ->capture_default_str();
    addIntegerOption(*cmd, "--states", *shapeStates, "... with this many states", 2, kMaxStates)->capture_default_str();
    cmd->callback([scene, shapes, shapeRadius, shapeStates] {
        if (*shapes) {
            printShapeTable(*shapeRadius, *shapeStates);
            return;
        }
        std::cout << std::left << std::setw(11) << "backend" << std::setw(6) << "where" << std::setw(11) << "available"
                  << "rules\n";
        for (const BackendSpec& spec : BackendRegistry::instance().all()) {
            const auto why = spec.unavailableReason();
            std::cout << std::setw(11) << spec.name << std::setw(6)
                      << (spec.memorySpace == MemorySpace::Device ? "GPU" : "CPU") << std::setw(11)
                      << (why ? "no" : "yes") << spec.rulesSummary << '\n';
            std::cout << std::setw(17) << "" << spec.description << '\n';
            if (why)
                std::cout << std::setw(17) << ""
                          << "not available: " << *why << '\n';
        }
        const Scene chosen = setUpScene(*scene, std::cerr);
        std::cout << std::setw(11) << std::string(kAutoBackend) << std::setw(6) << "any" << std::setw(11) << "yes"
                  << "every rule: the fastest backend above that runs here and computes it exactly\n"
                  << std::setw(17) << ""
                  << "from measured speeds (assets/backend_timings.csv; CATLAB_BACKEND_TIMINGS=<a catlab bench CSV> "
                     "adds yours)\n"
                  << std::setw(17) << "" << chooseBackend(chosen.rule, chosen.size).reason << '\n';
    });
}

void addRulesCommand(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("rules", "List the rule presets");
    cmd->callback([] {
        std::cout << std::left << std::setw(13) << "id" << std::setw(28) << "name" << std::setw(9) << "density"
                  << "rule\n";
        for (const Preset& p : presets())
            std::cout << std::setw(13) << p.id << std::setw(28) << p.name << std::setw(9) << p.density
                      << p.rule.format() << '\n';
    });
}

} // namespace catlab::cli
