#pragma once

#include "render/gl_objects.hpp"

#include <initializer_list>
#include <string_view>

namespace catlab::render {

// A linked program from shaders embedded from shaders/ (by file name, e.g. "view.vert.glsl"): a vertex
// shader and a fragment shader compiled from the named files joined in order (the first carries the
// #version line, the others add to it). Throws catlab::Error with the compiler's or linker's log, naming
// the shaders, when either fails.
GlProgram buildProgram(std::string_view vertexShaderName, std::initializer_list<std::string_view> fragmentShaderNames);

// A linked compute program from the named files joined in order, as for the fragment shader above.
GlProgram buildComputeProgram(std::initializer_list<std::string_view> shaderNames);

// Location of a uniform the program must have; throws catlab::Error naming it when it has not (a typo
// or a uniform the compiler removed because it is unused).
GLint uniformLocation(const GlProgram& program, const char* name);

} // namespace catlab::render
