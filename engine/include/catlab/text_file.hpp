#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace catlab {

// How much of a text file a reader takes: room for any real input of its kind, and a bound against
// /dev/zero, a huge log given by mistake or a binary.
struct TextFileLimits {
    std::size_t maxBytes;
    std::size_t maxLineLength; // characters, without the line break
};

// The whole of a regular text file. Throws catlab::Error naming `what` ("pattern file", "script") and
// the path when the file cannot be opened or read (with the system's reason), is a directory or no
// regular file (a FIFO, a device, a socket: never waited on), is larger than limits.maxBytes, has a
// line longer than limits.maxLineLength, or holds a NUL byte (a binary file).
std::string readTextFile(const std::string& path, std::string_view what, TextFileLimits limits);

} // namespace catlab
