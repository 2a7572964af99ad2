#pragma once
// A run-time integer to a compile-time one. Kernels specialised on a small integer (a radius, a count of
// band fragments or bit planes) are instantiated once for each value of a fixed range, and the launch
// picks the instantiation for the value at hand. Plain C++, so the CPU tests use it too.
#include "catlab/error.hpp"

#include <string>
#include <utility>

namespace catlab::cuda {

// Calls f.template operator()<V>() for the V in [First, Last] equal to `value`. Any other value has no
// instantiation and throws catlab::Error "<kernels>: no kernel for <quantity> <value> (compiled for
// First..Last)". A fold over the range, not a recursion: no template depth grows with the range.
template <int First, int Last, class F>
void withCompileTimeInt(int value, const char* kernels, const char* quantity, F&& f) {
    static_assert(First <= Last, "an empty range has no kernel");
    if (value < First || value > Last)
        throw Error(std::string(kernels) + ": no kernel for " + quantity + " " + std::to_string(value) +
                    " (compiled for " + std::to_string(First) + ".." + std::to_string(Last) + ")");
    [&]<int... Offsets>(std::integer_sequence<int, Offsets...>) {
        (void)((value == First + Offsets && (f.template operator()<First + Offsets>(), true)) || ...);
    }
    (std::make_integer_sequence<int, Last - First + 1>{});
}

} // namespace catlab::cuda
