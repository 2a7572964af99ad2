#pragma once

#include "render/gl_objects.hpp"

#include <string_view>

namespace catlab::render {

// A linked program from two of the shaders embedded from shaders/ (by file name, e.g. "view.vert.glsl").
// Throws catlab::Error with the compiler's or linker's log, naming the shader, when either fails.
GlProgram buildProgram(std::string_view vertexShaderName, std::string_view fragmentShaderName);

// Location of a uniform the program must have; throws catlab::Error naming it when it has not (a typo
// or a uniform the compiler removed because it is unused).
GLint uniformLocation(const GlProgram& program, const char* name);

} // namespace catlab::render
