#include "conversions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <algorithm>
#include <cctype>

namespace catlab::python {

namespace {

// "von Neumann" -> "vonneumann": lower case, no spaces, dashes or underscores.
std::string nameKey(const std::string& name) {
    std::string key;
    for (char c : name)
        if (c != ' ' && c != '-' && c != '_') key += char(std::tolower(static_cast<unsigned char>(c)));
    return key;
}

} // namespace

// The fixed shapes by name; NW and N@ carry cell data and are set through a rule string.
Neighbourhood parseNeighbourhood(const std::string& name) {
    const std::string key = nameKey(name);
    std::string known;
    for (Neighbourhood n : kNeighbourhoods) {
        if (!isFixedShape(n)) continue;
        if (key == nameKey(toString(n))) return n;
        known += (known.empty() ? "" : ", ") + nameKey(toString(n));
    }
    throw Error("unknown neighbourhood '" + name + "' (known: " + known +
                "; weighted and custom neighbourhoods are set through a rule string)");
}

std::string neighbourhoodName(Neighbourhood n) { return nameKey(toString(n)); }

const char* memorySpaceName(MemorySpace space) { return space == MemorySpace::Device ? "device" : "host"; }

GridSize gridSizeOf(const py::handle& size) {
    auto side = [](const py::handle& value) {
        if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
            throw Error("a grid side must be an int, not " +
                        std::string(py::str(py::type::of(value).attr("__name__"))));
        const long long v = value.cast<long long>();
        if (v < 1 || v > kMaxGridSide)
            throw Error("grid side " + std::to_string(v) + " is outside 1.." + std::to_string(kMaxGridSide));
        return int(v);
    };
    if (py::isinstance<py::int_>(size)) {
        const int s = side(size);
        return {s, s};
    }
    if (py::isinstance<py::tuple>(size) || py::isinstance<py::list>(size)) {
        const py::sequence pair = py::reinterpret_borrow<py::sequence>(size);
        if (pair.size() == 2) return {side(pair[0]), side(pair[1])};
    }
    throw Error("a grid size is (width, height) or one int for a square");
}

py::tuple sizeTuple(GridSize size) { return py::make_tuple(size.width, size.height); }

} // namespace catlab::python
