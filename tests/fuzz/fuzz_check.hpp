#pragma once
// What every fuzzer shares: bad input is refused with catlab::Error; a broken property aborts, so that
// libFuzzer keeps the input as a finding.

#include "catlab/error.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace catlab::fuzz {

[[noreturn]] inline void propertyBroken(const std::string& what) {
    std::fprintf(stderr, "catlab fuzz: property broken: %s\n", what.c_str());
    std::abort();
}

inline void require(bool holds, const std::string& what) {
    if (!holds) propertyBroken(what);
}

// The fuzzer's input as text.
inline std::string textOf(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// parse() when it accepts the input; nothing when it refuses it with catlab::Error. Any other exception
// escapes to libFuzzer, which reports it with the input.
template <class Parse>
auto acceptedBy(Parse&& parse) -> std::optional<decltype(parse())> {
    try {
        return parse();
    } catch (const Error&) {
        return std::nullopt;
    }
}

// parse() of text that must be accepted (e.g. what catlab itself wrote); a refusal is a finding.
template <class Parse>
auto mustAccept(const std::string& what, Parse&& parse) -> decltype(parse()) {
    try {
        return parse();
    } catch (const Error& e) {
        propertyBroken(what + " was refused: " + e.what());
    }
}

} // namespace catlab::fuzz
