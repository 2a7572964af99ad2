#pragma once
// A small picture of a pattern for the library: its cells scaled into a square image and coloured as the
// window's view colours them (shaders/view.frag.glsl: the two-state map, or the decay map for rules with
// more than two states). Pure host code, safe on any thread.

#include "catlab/grid.hpp"
#include "catlab/pattern_library.hpp"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace catlab {

struct Thumbnail {
    static constexpr int kDefaultSide = 128;
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba; // row-major, top row first, 4 bytes a pixel

    const std::uint8_t* at(int x, int y) const { return rgba.data() + 4 * (std::size_t(y) * width + x); }
};

// The colours of the view's maps, as 8-bit RGB.
struct Rgb8 {
    std::uint8_t r, g, b;
    friend bool operator==(const Rgb8&, const Rgb8&) = default;
};
Rgb8 thumbnailBackground();
Rgb8 thumbnailLiveColour();

// A side x side image (side 1..1024). A pattern no larger than side cells each way gets whole pixels per
// cell (side / its larger side); a larger one k x k cells per pixel (k = its larger side / side, rounded up),
// each pixel summing its cells as view.hpp's export does (live fraction, decay weight). The picture is
// centred on the background colour. `states` is the rule's; cells in higher states raise it.
Thumbnail drawThumbnail(const Grid& cells, int states, int side = Thumbnail::kDefaultSide);

// A library file read once for its panel: its description and, when it reads, its thumbnail.
struct PatternPreview {
    PatternInfo info;
    Thumbnail thumbnail; // empty when the file did not read
};
PatternPreview previewPattern(const std::filesystem::path& path, int side = Thumbnail::kDefaultSide);

} // namespace catlab
