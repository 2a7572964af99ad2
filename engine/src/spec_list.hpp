#pragma once
// What the lists of built-in backends (backend_list.def, cloud/cloud_backend_list.def) expand with. A
// list names host backends with CATLAB_HOST_BACKEND(id) and device backends with
// CATLAB_DEVICE_BACKEND(id); each id is a function catlab::...::backends::id() returning the spec. A
// device backend's id is its name: without CUDA its file is not built, and the list makes it a spec that
// says so, under that name.

#include "catlab/error.hpp"

#include <string>
#include <string_view>

#ifdef CATLAB_HAVE_CUDA
#define CATLAB_IF_CUDA(...) __VA_ARGS__
// The device spec `id`, or without CUDA notBuilt(name).
#define CATLAB_DEVICE_SPEC(id, notBuilt) ::catlab::listedAs(#id, id())
#else
#define CATLAB_IF_CUDA(...)
#define CATLAB_DEVICE_SPEC(id, notBuilt) notBuilt(#id)
#endif

namespace catlab {

// The spec, after checking that it carries the name its list gives it (the name builds without CUDA use).
template <class Spec>
Spec listedAs(std::string_view id, Spec spec) {
    if (spec.name != id)
        throw Error("backend list: the spec of '" + std::string(id) + "' is named '" + spec.name + "'");
    return spec;
}

} // namespace catlab
