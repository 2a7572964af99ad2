#pragma once
// Every pattern file format of Golly's that catlab reads, behind one entry point.

#include "catlab/rle.hpp"

#include <string>
#include <string_view>

namespace catlab {

enum class PatternFormat { Rle, Mcell, Plaintext, Life105, Life106, Macrocell };

const char* toString(PatternFormat format);

// The format of a file's text, from its first non-blank line ("#MCell", "#Life 1.05", "#Life 1.06",
// "[M2]", "!" for plaintext) and, failing that, the file's extension (".mcl", ".lif", ".mc", ".cells");
// RLE otherwise.
PatternFormat detectPatternFormat(std::string_view text, std::string_view path);
// The same from the first 64 KiB of a file (its extension alone when it cannot be read: reading it
// says why), for readers that stream the file rather than take it whole.
PatternFormat detectPatternFileFormat(const std::string& path);

// Reads any of the formats into a Pattern: RLE and extended RLE (#CXRLE Pos= and Gen=), MCell .mcl
// (#GAME, #RULE, #BOARD, #WRAP; #D and the other directives kept as comments), plaintext .cells,
// Life 1.05 and 1.06 .lif, and macrocell .mc (flattened into a grid when it fits). Throws catlab::Error
// "source:line: reason" on malformed input; a bounded plane (":P", "#WRAP 0") is refused, naming the
// topology as not supported yet.
Pattern readPattern(std::string_view text, const std::string& sourceName, std::string_view path = {});
// The file read within limits (text_file.hpp), then readPattern.
Pattern readPatternFile(const std::string& path);

} // namespace catlab
