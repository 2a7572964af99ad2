#pragma once

#include <stdexcept>
#include <string>

namespace catlab {

// Every user-facing failure (bad input, unsupported request, resource exhaustion) is a catlab::Error
// whose message names the problem; the CLI prints it and exits non-zero.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace catlab
