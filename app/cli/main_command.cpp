#include "cli/commands.hpp"
#include "cli/run_options.hpp"

#include "build_info.hpp"

#include "catlab/error.hpp"

#include <cstdio>
#include <iostream>
#include <new>

namespace catlab::cli {

int runMain(int argc, char** argv) {
    CLI::App app{"catlab: a laboratory for cellular automata on the GPU and CPU"};
    app.set_version_flag("--version", "catlab " CATLAB_VERSION_STRING " (commit " CATLAB_GIT_COMMIT ")");
    addRunCommand(app);
    addBackendsCommand(app);
    addRulesCommand(app);
    addBenchCommand(app);
    app.require_subcommand(0, 1);
    try {
        app.parse(argc, argv);
        if (app.get_subcommands().empty()) {
            std::cerr << "catlab: this build has no desktop window yet; running the default scene headless "
                         "(see `catlab --help` for the subcommands)\n";
            RunOptions options;
            options.steps = 500;
            return runScene(options, std::cout);
        }
        return 0;
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const Error& e) {
        std::cerr << "catlab: error: " << e.what() << '\n';
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "catlab: error: out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "catlab: internal error: " << e.what() << '\n';
        return 2;
    }
}

} // namespace catlab::cli
