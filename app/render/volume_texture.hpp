#pragma once

#include "render/gl_objects.hpp"

namespace catlab::render {

// An immutable 3D texture of one level, clamped to its edge; `filter` is GL_NEAREST or GL_LINEAR.
inline GlTexture createVolumeTexture(GLenum internalFormat, int nx, int ny, int nz, GLint filter) {
    GlTexture texture = createTexture(GL_TEXTURE_3D);
    glTextureStorage3D(texture.get(), 1, internalFormat, nx, ny, nz);
    glTextureParameteri(texture.get(), GL_TEXTURE_MIN_FILTER, filter);
    glTextureParameteri(texture.get(), GL_TEXTURE_MAG_FILTER, filter);
    for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R})
        glTextureParameteri(texture.get(), wrap, GL_CLAMP_TO_EDGE);
    return texture;
}

// Work groups of `local` invocations that cover n items.
inline GLuint groupsFor(int n, int local) { return GLuint((n + local - 1) / local); }

// n cells in texels of `cells` cells each, the last one partly filled.
inline int texelsFor(int n, int cells) { return (n + cells - 1) / cells; }

} // namespace catlab::render
