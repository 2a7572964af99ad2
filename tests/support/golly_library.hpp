#pragma once
// Golly's pattern library as the tests run it: which files, for how many generations, on what torus.
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace catlab::testing {

// Where Golly's patterns are (Debian's golly package), or CATLAB_GOLLY_PATTERNS where they were copied.
inline std::filesystem::path gollyPatterns() {
    const char* copied = std::getenv("CATLAB_GOLLY_PATTERNS");
    return copied && *copied ? copied : "/usr/share/golly/Patterns";
}

// The pattern files of one folder of the library (scripts left out), sorted; empty when it is missing.
inline std::vector<std::filesystem::path> libraryFiles(const std::string& folder) {
    std::vector<std::filesystem::path> files;
    const std::filesystem::path root = gollyPatterns() / folder;
    if (!std::filesystem::is_directory(root)) return files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
        if (entry.is_regular_file() && entry.path().extension() != ".lua" && entry.path().extension() != ".py")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Generations to compare, fewer for wide radii (a wide pattern needs a wide torus to stand for Golly's
// unbounded plane); even, so that B0 rules compare where catlab and Golly show the same cells.
inline int libraryGenerations(const Rule& rule) {
    if (rule.radius >= 200) return 2;
    if (rule.radius >= 50) return 10;
    return 100;
}

// The file's own torus, or one with room for the pattern to grow by the radius every generation, as on
// Golly's plane.
inline GridSize libraryTorus(const Pattern& p, const Rule& rule, int generations) {
    if (p.rule && p.rule->size) return *p.rule->size;
    const int margin = 2 * (generations * rule.radius + 2);
    return {p.cells.width() + margin, p.cells.height() + margin};
}

} // namespace catlab::testing
