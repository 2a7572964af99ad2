#pragma once

#include <string_view>

namespace catlab::render {

// The text of shaders/<name> as it was at build time (generated from the files by CMake), so the
// executable needs no shader files at run time. Empty when there is no such shader.
std::string_view embeddedShaderSource(std::string_view name);

} // namespace catlab::render
