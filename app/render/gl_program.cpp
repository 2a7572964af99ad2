#include "render/gl_program.hpp"
#include "render/gl_shader_sources.hpp"

#include "catlab/error.hpp"

#include <string>
#include <vector>

namespace catlab::render {
namespace {

std::string shaderLog(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(std::size_t(std::max(length, 1)), '\0');
    glGetShaderInfoLog(shader, GLsizei(log.size()), nullptr, log.data());
    return log.data();
}

std::string programLog(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(std::size_t(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program, GLsizei(log.size()), nullptr, log.data());
    return log.data();
}

GlShader compileShader(GLenum stage, std::string_view name) {
    const std::string_view source = embeddedShaderSource(name);
    if (source.empty()) throw Error("shader " + std::string(name) + " is not built into this catlab");
    GlShader shader(glCreateShader(stage));
    const GLchar* text = source.data();
    const GLint length = GLint(source.size());
    glShaderSource(shader.get(), 1, &text, &length);
    glCompileShader(shader.get());
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) throw Error("shader " + std::string(name) + " does not compile: " + shaderLog(shader.get()));
    return shader;
}

} // namespace

GlProgram buildProgram(std::string_view vertexShaderName, std::string_view fragmentShaderName) {
    const GlShader vertex = compileShader(GL_VERTEX_SHADER, vertexShaderName);
    const GlShader fragment = compileShader(GL_FRAGMENT_SHADER, fragmentShaderName);
    GlProgram program(glCreateProgram());
    glAttachShader(program.get(), vertex.get());
    glAttachShader(program.get(), fragment.get());
    glLinkProgram(program.get());
    GLint ok = GL_FALSE;
    glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE)
        throw Error("shaders " + std::string(vertexShaderName) + " + " + std::string(fragmentShaderName) +
                    " do not link: " + programLog(program.get()));
    glDetachShader(program.get(), vertex.get());
    glDetachShader(program.get(), fragment.get());
    return program;
}

GLint uniformLocation(const GlProgram& program, const char* name) {
    const GLint location = glGetUniformLocation(program.get(), name);
    if (location < 0) throw Error(std::string("the view shader has no uniform ") + name);
    return location;
}

} // namespace catlab::render
