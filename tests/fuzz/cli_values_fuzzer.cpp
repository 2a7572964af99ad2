// The sizes, lists and numbers typed on the command line: grid sizes (`--size`, the script's `size`), cloud
// sizes, radius lists (`catlab bench --radii`), cloud sources and wind, and every integer and real option
// (`--seed`, `--steps`, `--fps`, ...). Every input goes to every parser; what one accepts must hold its
// promises (sides in range, radii in range without duplicates, finite numbers), format back to text that
// parses to the same value, and an option must end up holding the number catlab checked.
#include "fuzz_check.hpp"

#include "catlab/cloud/cloud_size.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/rule.hpp"
#include "cli/cloud_model_options.hpp"
#include "cli/number_options.hpp"
#include "cli/radius_list.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

using namespace catlab;
using catlab::fuzz::acceptedBy;
using catlab::fuzz::mustAccept;
using catlab::fuzz::require;

namespace {

void checkGridSize(const std::string& text) {
    const auto size = acceptedBy([&] { return parseGridSize(text); });
    if (!size) return;
    require(size->width >= 1 && size->width <= kMaxGridSide && size->height >= 1 && size->height <= kMaxGridSide,
            "grid size '" + text + "' has a side out of range");
    const std::string formatted = formatGridSize(*size);
    require(mustAccept("grid size '" + formatted + "'", [&] { return parseGridSize(formatted); }) == *size,
            "grid size '" + text + "' formats as '" + formatted + "', which parses to another size");
}

void checkCloudSize(const std::string& text) {
    const auto size = acceptedBy([&] { return cloud::parseCloudSize(text); });
    if (!size) return;
    for (int side : {size->nx, size->ny, size->nz})
        require(side >= 1 && side <= cloud::kMaxCloudSide, "cloud size '" + text + "' has a side out of range");
    const std::string formatted = cloud::sizeText(*size);
    require(mustAccept("cloud size '" + formatted + "'", [&] { return cloud::parseCloudSize(formatted); }) == *size,
            "cloud size '" + text + "' formats as '" + formatted + "', which parses to another size");
}

void checkRadiusList(const std::string& text) {
    const auto radii = acceptedBy([&] { return cli::parseRadiusList(text); });
    if (!radii) return;
    require(!radii->empty(), "radius list '" + text + "' is accepted but empty");
    for (int r : *radii) require(r >= 1 && r <= kMaxRadius, "radius list '" + text + "' has a radius out of range");
    std::vector<int> sorted = *radii;
    std::sort(sorted.begin(), sorted.end());
    require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(),
            "radius list '" + text + "' has a radius twice");
}

void checkCloudModel(const std::string& text) {
    if (const auto source = acceptedBy([&] { return cli::parseCloudSource(text); }))
        for (double v : {source->cx, source->cy, source->cz, source->rx, source->ry, source->rz})
            require(std::isfinite(v), "cloud source '" + text + "' has a number that is not finite");
    if (const auto wind = acceptedBy([&] { return cli::parseCloudWind(text); }))
        for (double v : {wind->vx, wind->vy, wind->vxTop, wind->vyTop})
            require(std::isfinite(v), "wind '" + text + "' has a number that is not finite");
}

// An option read through addIntegerOption / addNumberOption as `catlab run` reads it: accepted exactly when
// the strict reader accepts the text, holding the same value (CLI11 converts the text after catlab's check).
template <class T>
void checkNumberOption(const std::string& text) {
    CLI::App app;
    T value{};
    if constexpr (std::is_integral_v<T>)
        cli::addIntegerOption(app, "--value", value, "");
    else
        cli::addNumberOption(app, "--value", value, "");
    bool accepted = true;
    try {
        // "--value=TEXT": one argument, so a TEXT starting with '-' is not taken for another option.
        app.parse(std::vector<std::string>{"--value=" + text});
    } catch (const Error&) {
        accepted = false;
    } catch (const CLI::ParseError&) {
        accepted = false;
    }
    if constexpr (std::is_integral_v<T>) {
        T strict{};
        const bool strictOk = parseInteger(text, strict) == IntegerText::Ok;
        require(accepted == strictOk && (!accepted || value == strict),
                "integer option '" + text + "' is read otherwise than parseInteger reads it");
    } else {
        const std::optional<double> strict = parseFiniteNumber(text);
        require(accepted == strict.has_value() && (!accepted || value == *strict),
                "number option '" + text + "' is read otherwise than parseFiniteNumber reads it");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::textOf(data, size);
    checkGridSize(text);
    checkCloudSize(text);
    checkRadiusList(text);
    checkCloudModel(text);
    checkNumberOption<int>(text);
    checkNumberOption<std::int64_t>(text);
    checkNumberOption<std::uint64_t>(text);
    checkNumberOption<double>(text);
    return 0;
}
