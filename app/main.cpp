#include "cli/commands.hpp"

int main(int argc, char** argv) { return catlab::cli::runMain(argc, argv); }
