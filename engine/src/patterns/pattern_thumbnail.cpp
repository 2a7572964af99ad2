#include "catlab/pattern_thumbnail.hpp"

#include "catlab/error.hpp"
#include "catlab/pattern_file.hpp"

#include <algorithm>
#include <cmath>
#include <new>

namespace catlab {
namespace {

struct Colour {
    double r, g, b;
};

// The constants and ramps of shaders/view.frag.glsl, so that a thumbnail looks like the view.
constexpr Colour kBackground{0.055, 0.060, 0.075};
constexpr Colour kLive{0.960, 0.950, 0.880};

Colour mix(Colour a, Colour b, double t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

double smoothstep(double edge0, double edge1, double x) {
    const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

Colour decayRamp(double t) {
    const Colour ember = mix({0.35, 0.05, 0.30}, {1.00, 0.45, 0.10}, smoothstep(0.0, 0.6, t));
    const Colour hot = mix(ember, kLive, smoothstep(0.6, 1.0, t));
    return mix(kBackground, hot, smoothstep(0.0, 0.08, t));
}

Rgb8 toRgb8(Colour c) {
    const auto channel = [](double v) { return std::uint8_t(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); };
    return {channel(c.r), channel(c.g), channel(c.b)};
}

// The view's channels of a pixel covering `n` cells (view.hpp): round(255 * a / b), halves up.
std::uint8_t roundedFraction(std::uint64_t a, std::uint64_t b) { return std::uint8_t((510 * a + b) / (2 * b)); }

} // namespace

Rgb8 thumbnailBackground() { return toRgb8(kBackground); }
Rgb8 thumbnailLiveColour() { return toRgb8(kLive); }

Thumbnail drawThumbnail(const Grid& cells, int states, int side) {
    if (side < 1 || side > 1024) throw Error("thumbnail side " + std::to_string(side) + " is outside 1..1024");
    for (Cell c : cells.cells()) states = std::max(states, int(c) + 1);
    states = std::max(states, 2);
    Thumbnail image{side, side, std::vector<std::uint8_t>(std::size_t(side) * side * 4)};
    const Rgb8 background = thumbnailBackground();
    for (std::size_t i = 0; i < image.rgba.size(); i += 4)
        image.rgba[i] = background.r, image.rgba[i + 1] = background.g, image.rgba[i + 2] = background.b,
        image.rgba[i + 3] = 255;
    const int longer = std::max(cells.width(), cells.height());
    if (longer == 0) return image;

    // Either whole pixels per cell or whole cells per pixel, so that every cell counts the same.
    const int pixelsPerCell = std::max(side / longer, 1);
    const int cellsPerPixel = longer > side ? (longer + side - 1) / side : 1;
    const int pictureWidth = (cells.width() + cellsPerPixel - 1) / cellsPerPixel * pixelsPerCell;
    const int pictureHeight = (cells.height() + cellsPerPixel - 1) / cellsPerPixel * pixelsPerCell;
    const int left = (side - pictureWidth) / 2, top = (side - pictureHeight) / 2;
    const bool decayMap = states > 2;
    for (int py = 0; py < pictureHeight; ++py) {
        const int y0 = py / pixelsPerCell * cellsPerPixel, y1 = std::min(y0 + cellsPerPixel, cells.height());
        for (int px = 0; px < pictureWidth; ++px) {
            const int x0 = px / pixelsPerCell * cellsPerPixel, x1 = std::min(x0 + cellsPerPixel, cells.width());
            std::uint64_t live = 0, weight = 0;
            for (int y = y0; y < y1; ++y)
                for (int x = x0; x < x1; ++x) {
                    const int state = cells.at(x, y);
                    live += state == 1;
                    weight += state == 0 ? 0 : state == 1 ? std::uint64_t(states - 1) : std::uint64_t(states - state);
                }
            const std::uint64_t n = std::uint64_t(x1 - x0) * std::uint64_t(y1 - y0);
            const Colour colour = decayMap ? decayRamp(roundedFraction(weight, (states - 1) * n) / 255.0)
                                           : mix(kBackground, kLive, roundedFraction(live, n) / 255.0);
            const Rgb8 rgb = toRgb8(colour);
            std::uint8_t* pixel = image.rgba.data() + 4 * (std::size_t(top + py) * side + std::size_t(left + px));
            pixel[0] = rgb.r, pixel[1] = rgb.g, pixel[2] = rgb.b;
        }
    }
    return image;
}

PatternPreview previewPattern(const std::filesystem::path& path, int side) {
    PatternPreview preview;
    try {
        const Pattern pattern = readPatternFile(path.string());
        preview.info = describePattern(path, pattern);
        preview.thumbnail = drawThumbnail(pattern.cells, pattern.rule ? pattern.rule->rule.states : 2, side);
    } catch (const Error& e) {
        preview = {unreadablePattern(path, e.what()), {}};
    } catch (const std::bad_alloc&) {
        preview = {unreadablePattern(path, path.string() + ": not enough memory to read the pattern"), {}};
    }
    return preview;
}

} // namespace catlab
