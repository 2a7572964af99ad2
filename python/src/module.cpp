// The compiled part of the catlab Python package: the engine as it is (python/catlab wraps it).
#include "bindings.hpp"

PYBIND11_MODULE(_catlab, m) {
    using namespace catlab::python;
    m.doc() = "catlab's engine: rules, grids, backends, the Simulator, RLE and the cloud automaton";
    bindErrors(m); // first: every other part raises catlab.Error
    bindArrays(m);
    bindRules(m);
    bindGrids(m);
    bindBackends(m);
    bindStateViews(m);
    bindSimulator(m);
    bindIo(m);
    bindCloud(m);
}
