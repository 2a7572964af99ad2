// The measured backend speeds that `auto` chooses by, in the CSV that `catlab bench --csv` writes; a user
// gives their own through CATLAB_BACKEND_TIMINGS. Whatever the parser accepts must give every backend it
// names a finite, positive speed estimate at every radius.
#include "fuzz_check.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/rule.hpp"

#include <cmath>

using namespace catlab;
using catlab::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::textOf(data, size);
    const auto timings = fuzz::acceptedBy([&] { return BackendTimings::parse(text, "fuzz.csv"); });
    if (!timings) return 0;

    // The backends it names are among the fields of the text.
    std::string field;
    for (char c : text + '\n') {
        if (c != ',' && c != '\n' && c != '\r' && c != '"') {
            field += c;
            continue;
        }
        if (timings->has(field))
            for (int radius : {1, 2, 3, 7, 50, 499, kMaxRadius}) {
                const double rate = timings->estimate(field, radius);
                require(std::isfinite(rate) && rate > 0, "backend '" + field + "' has speed " + std::to_string(rate) +
                                                             " at radius " + std::to_string(radius));
            }
        field.clear();
    }
    return 0;
}
