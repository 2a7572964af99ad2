// Rules: parsing (Golly's notations and the presets), the fields, reshaping.
#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/error.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule.hpp"
#include "catlab/rule_scaling.hpp"

#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <functional>
#include <optional>

namespace catlab::python {

namespace {

using Intervals = std::vector<std::pair<int, int>>;

Intervals intervalsOf(const CountSet& set) {
    Intervals out;
    for (const Interval& i : set.intervals()) out.emplace_back(i.lo, i.hi);
    return out;
}

CountSet countSetOf(const Intervals& pairs) {
    std::vector<Interval> intervals;
    for (auto [lo, hi] : pairs) {
        if (lo > hi) throw Error("count interval " + std::to_string(lo) + ".." + std::to_string(hi) + " is empty");
        intervals.push_back({lo, hi});
    }
    return CountSet(std::move(intervals));
}

// A preset id or name, or a rule string, without a torus (a Rule has none).
Rule ruleFromText(const std::string& text) {
    ResolvedRule resolved = resolveRule(text);
    if (resolved.spec.size)
        throw Error("'" + text + "' names a torus; catlab.parse_rule returns the rule and the torus");
    return resolved.spec.rule;
}

std::optional<std::pair<int, int>> torusOf(const RuleSpec& spec) {
    if (!spec.size) return std::nullopt;
    return std::pair{spec.size->width, spec.size->height};
}

// Changes a copy of the rule and keeps it only when it is valid: a Rule object is always valid.
void changeRule(Rule& rule, const std::function<void(Rule&)>& change) {
    Rule changed = rule;
    change(changed);
    changed.validate();
    rule = changed;
}

} // namespace

void bindRules(py::module_& m) {
    py::class_<Rule> rule(m, "Rule",
                          "A Larger than Life / Generations rule. Rule(text) takes a preset id or name or a rule "
                          "string in Golly's notations; invalid text raises catlab.Error naming the bad token.");
    rule.def(py::init(&ruleFromText), py::arg("text"))
        .def_property(
            "radius", [](const Rule& r) { return r.radius; },
            [](Rule& r, int v) { changeRule(r, [&](Rule& c) { c.radius = v; }); })
        .def_property(
            "states", [](const Rule& r) { return r.states; },
            [](Rule& r, int v) { changeRule(r, [&](Rule& c) { c.states = v; }); })
        .def_property(
            "include_centre", [](const Rule& r) { return r.includeCentre; },
            [](Rule& r, bool v) { changeRule(r, [&](Rule& c) { c.includeCentre = v; }); })
        .def_property(
            "neighbourhood", [](const Rule& r) { return neighbourhoodName(r.neighbourhood); },
            [](Rule& r, const std::string& v) {
                changeRule(r, [&](Rule& c) {
                    c.neighbourhood = parseNeighbourhood(v);
                    c.weights = {}; // a fixed shape: a weighted or custom one's cells no longer apply
                });
            },
            "'moore', 'vonneumann', 'circular', 'cross', 'saltire', 'star', 'euclidean', 'hexagonal', "
            "'checkerboard', 'alignedcheckerboard', 'hash', 'tripod', 'asterisk', 'triangular' or 'gaussian' "
            "(weighted and custom neighbourhoods come from rule strings: 'weighted', 'custom')")
        .def_property(
            "birth", [](const Rule& r) { return intervalsOf(r.birth); },
            [](Rule& r, const Intervals& v) { changeRule(r, [&](Rule& c) { c.birth = countSetOf(v); }); },
            "neighbour counts that bring a dead cell to life, as inclusive (lo, hi) intervals")
        .def_property(
            "survival", [](const Rule& r) { return intervalsOf(r.survival); },
            [](Rule& r, const Intervals& v) { changeRule(r, [&](Rule& c) { c.survival = countSetOf(v); }); },
            "neighbour counts that keep a live cell alive, as inclusive (lo, hi) intervals")
        .def_property_readonly("neighbourhood_size", &Rule::neighbourhoodSize,
                               "cells in the neighbourhood, the centre included when it counts")
        .def("format", &Rule::format, "Golly's notation; Rule(rule.format()) == rule")
        .def(
            "reshape",
            [](const Rule& r, std::optional<int> radius, std::optional<std::string> neighbourhood,
               std::optional<bool> includeCentre) {
                RuleShape shape = shapeOf(r);
                if (radius) shape.radius = *radius;
                if (neighbourhood) shape.neighbourhood = parseNeighbourhood(*neighbourhood);
                if (includeCentre) shape.includeCentre = *includeCentre;
                return reshapeRule(r, shape);
            },
            py::arg("radius") = py::none(), py::arg("neighbourhood") = py::none(),
            py::arg("include_centre") = py::none(),
            "The rule on another neighbourhood, each birth and survival interval keeping its fraction of it "
            "(B3/S23 at radius 5 is B38..52/S23..52)")
        .def("__str__", &Rule::format)
        .def("__repr__", [](const Rule& r) { return "catlab.Rule('" + r.format() + "')"; })
        .def(py::self == py::self)
        .def("__hash__", [](const Rule& r) { return py::hash(py::str(r.format())); })
        .def(py::pickle([](const Rule& r) { return r.format(); },
                        [](const std::string& text) { return parseRule(text).rule; }));
    // Every function that takes a Rule also takes its text.
    py::implicitly_convertible<std::string, Rule>();

    m.def(
        "parse_rule",
        [](const std::string& text) {
            RuleSpec spec = parseRule(text);
            return py::make_tuple(spec.rule, torusOf(spec));
        },
        py::arg("text"), "A rule string (no presets) as (Rule, (width, height) or None for the ':Tw,h' torus)");
    m.def(
        "resolve_rule",
        [](const std::string& text) {
            ResolvedRule resolved = resolveRule(text);
            return py::make_tuple(resolved.spec.rule, torusOf(resolved.spec));
        },
        py::arg("text"), "A preset id or name, or a rule string, as (Rule, torus or None)");

    py::class_<Preset>(m, "Preset", "A named rule of assets/presets.csv")
        .def_readonly("id", &Preset::id)
        .def_readonly("name", &Preset::name)
        .def_readonly("rule", &Preset::rule)
        .def_readonly("density", &Preset::density, "the default fraction of live cells at the start")
        .def_readonly("note", &Preset::note)
        .def("__repr__", [](const Preset& p) { return "catlab.Preset('" + p.id + "', '" + p.rule.format() + "')"; });
    m.def("presets", &presets, py::return_value_policy::reference, "Every preset, in file order");
    m.def("find_preset", &findPreset, py::arg("id_or_name"), py::return_value_policy::reference,
          "The preset of this id or name (case-insensitive), or None");
    m.def("default_preset", &defaultPreset, py::return_value_policy::reference);
}

} // namespace catlab::python
