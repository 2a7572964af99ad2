#pragma once

#include <string>
#include <vector>

namespace catlab::cli {

// Parses a list of radii: comma-separated items, each a radius ("8") or an inclusive range ("1..16"),
// e.g. "1..16,32,64,100". The result is in the order given with duplicates dropped. Throws
// catlab::Error naming the bad item for empty items, non-numbers, reversed ranges and radii outside
// 1..kMaxRadius.
std::vector<int> parseRadiusList(const std::string& text);

} // namespace catlab::cli
