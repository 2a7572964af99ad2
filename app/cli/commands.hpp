#pragma once

#include <CLI/CLI.hpp>

namespace catlab::cli {

// Parses the command line, runs the chosen subcommand and returns the process exit code:
// 0 on success, 1 for a catlab::Error (bad input, unavailable backend...), CLI11's code for bad usage.
int runMain(int argc, char** argv);

// Each subcommand adds itself to the app; its callback does the work.
void addRunCommand(CLI::App& app);
// `catlab identify`: period, speed and kind of a pattern (identify_command.cpp).
void addIdentifyCommand(CLI::App& app);
// `catlab library`: pattern folders, their files and a search by name (library_command.cpp).
void addLibraryCommand(CLI::App& app);
void addBackendsCommand(CLI::App& app);
void addRulesCommand(CLI::App& app);
void addBenchCommand(CLI::App& app);
// `catlab cloud`: the 3D cloud automaton headless.
void addCloudCommand(CLI::App& app);
// `catlab bench-view`: frame times of the view renderer (builds with CATLAB_RENDER only).
void addBenchViewCommand(CLI::App& app);
// `catlab record`: a scene to video, headless (builds with CATLAB_RENDER and CATLAB_VIDEO only).
void addRecordCommand(CLI::App& app);
// `catlab bench-view-cloud`: frame time of the ray-marched cloud scene (CATLAB_RENDER only).
void addBenchViewCloudCommand(CLI::App& app);
// `catlab cloud-views`: a cloud scene from three cameras to PNG files (CATLAB_RENDER only).
void addCloudViewsCommand(CLI::App& app);

} // namespace catlab::cli
