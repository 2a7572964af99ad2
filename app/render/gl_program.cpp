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

// Compiles the named shaders as one source, in order (the first carries the #version line).
GlShader compileShader(GLenum stage, std::initializer_list<std::string_view> names) {
    std::vector<const GLchar*> texts;
    std::vector<GLint> lengths;
    std::string joined;
    for (std::string_view name : names) {
        const std::string_view source = embeddedShaderSource(name);
        if (source.empty()) throw Error("shader " + std::string(name) + " is not built into this catlab");
        texts.push_back(source.data());
        lengths.push_back(GLint(source.size()));
        joined += (joined.empty() ? "" : " + ") + std::string(name);
    }
    GlShader shader(glCreateShader(stage));
    glShaderSource(shader.get(), GLsizei(texts.size()), texts.data(), lengths.data());
    glCompileShader(shader.get());
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) throw Error("shader " + joined + " does not compile: " + shaderLog(shader.get()));
    return shader;
}

GlProgram link(std::initializer_list<const GlShader*> shaders, const std::string& what) {
    GlProgram program(glCreateProgram());
    for (const GlShader* shader : shaders) glAttachShader(program.get(), shader->get());
    glLinkProgram(program.get());
    GLint ok = GL_FALSE;
    glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) throw Error("shaders " + what + " do not link: " + programLog(program.get()));
    for (const GlShader* shader : shaders) glDetachShader(program.get(), shader->get());
    return program;
}

} // namespace

GlProgram buildProgram(std::string_view vertexShaderName, std::initializer_list<std::string_view> fragmentShaderNames) {
    const GlShader vertex = compileShader(GL_VERTEX_SHADER, {vertexShaderName});
    const GlShader fragment = compileShader(GL_FRAGMENT_SHADER, fragmentShaderNames);
    std::string what(vertexShaderName);
    for (std::string_view name : fragmentShaderNames) what += " + " + std::string(name);
    return link({&vertex, &fragment}, what);
}

GlProgram buildComputeProgram(std::initializer_list<std::string_view> shaderNames) {
    const GlShader compute = compileShader(GL_COMPUTE_SHADER, shaderNames);
    std::string what;
    for (std::string_view name : shaderNames) what += (what.empty() ? "" : " + ") + std::string(name);
    return link({&compute}, what);
}

GLint uniformLocation(const GlProgram& program, const char* name) {
    const GLint location = glGetUniformLocation(program.get(), name);
    if (location < 0) throw Error(std::string("the shader program has no uniform ") + name);
    return location;
}

} // namespace catlab::render
