// Pattern files: every format catlab reads (pattern_file.hpp), RLE written.
#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/pattern_file.hpp"
#include "catlab/rle.hpp"

#include <pybind11/stl.h>

#include <sstream>

namespace catlab::python {

void bindIo(py::module_& m) {
    py::class_<Pattern>(m, "Pattern",
                        "A pattern read from a file: its cells (bounding box), rule, position, name, comments")
        .def_readonly("cells", &Pattern::cells, "a catlab.Grid of the bounding box")
        .def_property_readonly("rule",
                               [](const Pattern& p) -> std::optional<Rule> {
                                   if (!p.rule) return std::nullopt;
                                   return p.rule->rule;
                               })
        .def_property_readonly(
            "torus",
            [](const Pattern& p) -> py::object {
                if (!p.rule || !p.rule->size) return py::none();
                return sizeTuple(*p.rule->size);
            },
            "(width, height) named by the rule line's ':Tw,h', or None")
        .def_readonly("position", &Pattern::position, "Golly's top-left (#CXRLE Pos=x,y), or None")
        .def_readonly("name", &Pattern::name)
        .def_readonly("comments", &Pattern::comments, "the file's comment lines, '#' and all")
        .def_readonly("generation", &Pattern::generation, "Golly's generation (#CXRLE Gen=, #G) as digits, or ''")
        .def(
            "place", [](const Pattern& p, const py::object& size) { return placePattern(p, gridSizeOf(size)); },
            py::arg("size"), "The pattern on a torus of this size: at its position on its own torus, else centred")
        .def("__repr__", [](const Pattern& p) {
            return "catlab.Pattern(" + std::to_string(p.cells.width()) + "x" + std::to_string(p.cells.height()) +
                   (p.rule ? ", '" + formatRuleSpec(*p.rule) + "'" : std::string()) + ")";
        });

    m.def("read_rle", &readRleFile, py::arg("path"), "A pattern from an RLE file; catlab.Error names the line");
    m.def("read_pattern", &readPatternFile, py::arg("path"),
          "A pattern from any file catlab reads (RLE, MCell, plaintext, Life 1.05/1.06, macrocell); catlab.Error "
          "names the line");
    m.def(
        "parse_rle",
        [](const std::string& text, const std::string& source) {
            std::istringstream in(text);
            return readRle(in, source);
        },
        py::arg("text"), py::arg("source") = "<text>", "A pattern from RLE text");
    m.def(
        "write_rle",
        [](const std::string& path, const Grid& grid, const Rule& rule, const std::string& name) {
            writeRleFile(path, grid, rule, name);
        },
        py::arg("path"), py::arg("grid"), py::arg("rule"), py::arg("name") = "",
        "The whole grid as RLE with its rule and torus (written atomically)");
    m.def(
        "format_rle",
        [](const Grid& grid, const Rule& rule, const std::string& name) {
            std::ostringstream out;
            writeRle(out, grid, rule, name);
            return out.str();
        },
        py::arg("grid"), py::arg("rule"), py::arg("name") = "", "The whole grid as RLE text");
}

} // namespace catlab::python
