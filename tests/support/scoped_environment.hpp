#pragma once
// An environment variable set for one scope, and unset when the scope ends (tests that set what catlab
// reads from the environment).
#include <cstdlib>
#include <string>
#include <utility>

namespace catlab::testing {

class ScopedEnvironmentVariable {
  public:
    ScopedEnvironmentVariable(std::string name, const std::string& value) : name_(std::move(name)) {
        setenv(name_.c_str(), value.c_str(), 1);
    }
    ~ScopedEnvironmentVariable() { unsetenv(name_.c_str()); }
    ScopedEnvironmentVariable(const ScopedEnvironmentVariable&) = delete;
    ScopedEnvironmentVariable& operator=(const ScopedEnvironmentVariable&) = delete;

  private:
    std::string name_;
};

} // namespace catlab::testing
