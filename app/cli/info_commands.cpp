#include "cli/commands.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/presets.hpp"
#include "cli/scene_setup.hpp"

#include <iomanip>
#include <iostream>
#include <memory>

namespace catlab::cli {

void addBackendsCommand(CLI::App& app) {
    CLI::App* cmd =
        app.add_subcommand("backends", "List the backends, whether they run here, and the rules they support");
    auto scene = std::make_shared<RunOptions>();
    cmd->add_option("--rule", scene->rule,
                    "Also say which backend `auto` picks for this rule (default: the default scene)");
    cmd->add_option("--size", scene->size, "... on a torus of this size (WxH or N)");
    cmd->callback([scene] {
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
