#pragma once

#include "render/gl_objects.hpp"

#include <cstdint>
#include <string>

namespace catlab::gui {

// What the library's panel section holds between frames: the folder being typed and the chosen file's
// thumbnail as a texture (made again when a new preview arrives).
struct LibraryPanelState {
    std::string folderField;
    render::GlTexture thumbnail;
    std::uint64_t thumbnailSerial = 0; // the LibrarySession::previewSerial() the texture shows
    int thumbnailWidth = 0, thumbnailHeight = 0;
};

} // namespace catlab::gui
