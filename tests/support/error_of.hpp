#pragma once

#include "catlab/error.hpp"

#include <functional>
#include <string>

namespace catlab::testing {

// The message of the catlab::Error that f throws, or "(no error)".
inline std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace catlab::testing
