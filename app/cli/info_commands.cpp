#include "cli/commands.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/presets.hpp"

#include <iomanip>
#include <iostream>

namespace catlab::cli {

void addBackendsCommand(CLI::App& app) {
    CLI::App* cmd =
        app.add_subcommand("backends", "List the backends, whether they run here, and the rules they support");
    cmd->callback([] {
        std::cout << std::left << std::setw(11) << "backend" << std::setw(6) << "where" << std::setw(11) << "available"
                  << "rules\n";
        for (const BackendInfo* info : BackendRegistry::instance().all()) {
            const auto why = info->unavailableReason();
            std::cout << std::setw(11) << info->name << std::setw(6)
                      << (info->memorySpace == MemorySpace::Device ? "GPU" : "CPU") << std::setw(11)
                      << (why ? "no" : "yes") << info->rulesSummary << '\n';
            std::cout << std::setw(17) << "" << info->description << '\n';
            if (why)
                std::cout << std::setw(17) << ""
                          << "not available: " << *why << '\n';
        }
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
