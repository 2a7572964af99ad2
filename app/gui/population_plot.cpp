#include "gui/population_plot.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace catlab::gui {
namespace {

constexpr int kMargin = 6;
constexpr std::uint8_t kBackground = 255, kFrame = 190, kLine = 30;

struct Canvas {
    int width, height;
    std::vector<std::uint8_t> rgb;

    void set(int x, int y, std::uint8_t grey) {
        if (x < 0 || y < 0 || x >= width || y >= height) return;
        std::uint8_t* p = rgb.data() + 3 * (std::size_t(y) * std::size_t(width) + std::size_t(x));
        p[0] = p[1] = grey;
        p[2] = std::uint8_t(std::min(255, grey + 60)); // a touch of blue
    }

    void line(int x0, int y0, int x1, int y1) { // Bresenham
        const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
        const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
        for (int error = dx + dy;;) {
            set(x0, y0, kLine);
            if (x0 == x1 && y0 == y1) return;
            const int twice = 2 * error;
            if (twice >= dy) {
                error += dy;
                x0 += sx;
            }
            if (twice <= dx) {
                error += dx;
                y0 += sy;
            }
        }
    }
};

} // namespace

std::span<const PopulationSample> lastGenerations(std::span<const PopulationSample> samples,
                                                  std::optional<std::uint64_t> generations) {
    if (!generations || samples.empty()) return samples;
    const std::uint64_t last = samples.back().generation;
    const std::uint64_t from = last > *generations ? last - *generations : 0;
    const auto first = std::lower_bound(samples.begin(), samples.end(), from,
                                        [](const PopulationSample& s, std::uint64_t g) { return s.generation < g; });
    return samples.subspan(std::size_t(first - samples.begin()));
}

std::vector<float> plotValues(std::span<const PopulationSample> samples, int points) {
    const std::size_t buckets = std::min(samples.size(), std::size_t(std::max(points, 1)));
    std::vector<float> values(buckets, 0.0f);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        float& value = values[i * buckets / samples.size()];
        value = std::max(value, float(samples[i].population));
    }
    return values;
}

std::vector<std::uint8_t> drawPopulationPlot(std::span<const PopulationSample> samples, int width, int height) {
    if (width < 16 || height < 16 || width > 8192 || height > 8192)
        throw Error("a population plot of " + std::to_string(width) + "x" + std::to_string(height) +
                    " pixels: each side must be 16..8192");
    Canvas canvas{width, height, std::vector<std::uint8_t>(std::size_t(width) * std::size_t(height) * 3, kBackground)};
    const int left = kMargin, right = width - 1 - kMargin, top = kMargin, bottom = height - 1 - kMargin;
    for (int x = left - 1; x <= right + 1; ++x) {
        canvas.set(x, top - 1, kFrame);
        canvas.set(x, bottom + 1, kFrame);
    }
    for (int y = top - 1; y <= bottom + 1; ++y) {
        canvas.set(left - 1, y, kFrame);
        canvas.set(right + 1, y, kFrame);
    }
    if (samples.empty()) return std::move(canvas.rgb);

    const std::uint64_t firstGeneration = samples.front().generation;
    const double generations = double(std::max<std::uint64_t>(samples.back().generation - firstGeneration, 1));
    std::uint64_t largest = 1;
    for (const PopulationSample& s : samples) largest = std::max(largest, s.population);
    const auto xOf = [&](const PopulationSample& s) {
        return left + int(double(s.generation - firstGeneration) / generations * (right - left) + 0.5);
    };
    const auto yOf = [&](const PopulationSample& s) {
        return bottom - int(double(s.population) / double(largest) * (bottom - top) + 0.5);
    };
    int x = xOf(samples.front()), y = yOf(samples.front());
    canvas.set(x, y, kLine);
    for (const PopulationSample& s : samples.subspan(1)) {
        const int nextX = xOf(s), nextY = yOf(s);
        canvas.line(x, y, nextX, nextY);
        x = nextX;
        y = nextY;
    }
    return std::move(canvas.rgb);
}

} // namespace catlab::gui
