#include "catlab/pattern_file.hpp"

#include "catlab/text_file.hpp"
#include "patterns/pattern_readers.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace catlab {
namespace {

// Room for any real pattern (the largest of Golly's collections are tens of MB). Lines may be as long
// as the file: some writers put all the cells on one.
constexpr std::size_t kMaxPatternFileBytes = std::size_t(256) << 20;
constexpr TextFileLimits kPatternFileLimits{.maxBytes = kMaxPatternFileBytes, .maxLineLength = kMaxPatternFileBytes};

bool endsWith(std::string_view s, std::string_view suffix) {
    if (s.size() < suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i]) return false;
    return true;
}

std::string_view firstLine(std::string_view text) {
    patterns::LineReader lines(text, {});
    std::string_view line;
    while (lines.next(line))
        if (!patterns::trimmed(line).empty()) return line;
    return {};
}

} // namespace

const char* toString(PatternFormat format) {
    switch (format) {
    case PatternFormat::Rle: return "RLE";
    case PatternFormat::Mcell: return "MCell";
    case PatternFormat::Plaintext: return "plaintext";
    case PatternFormat::Life105: return "Life 1.05";
    case PatternFormat::Life106: return "Life 1.06";
    case PatternFormat::Macrocell: return "macrocell";
    }
    return "?";
}

PatternFormat detectPatternFormat(std::string_view text, std::string_view path) {
    const std::string_view first = firstLine(text);
    if (first.rfind("#MCell", 0) == 0) return PatternFormat::Mcell;
    if (first.rfind("#Life 1.05", 0) == 0) return PatternFormat::Life105;
    if (first.rfind("#Life 1.06", 0) == 0) return PatternFormat::Life106;
    if (first.rfind("[M2]", 0) == 0) return PatternFormat::Macrocell;
    if (first.rfind("!", 0) == 0) return PatternFormat::Plaintext;
    if (endsWith(path, ".mcl")) return PatternFormat::Mcell;
    if (endsWith(path, ".mc")) return PatternFormat::Macrocell;
    if (endsWith(path, ".cells")) return PatternFormat::Plaintext;
    if (endsWith(path, ".lif") || endsWith(path, ".life")) return PatternFormat::Life105;
    return PatternFormat::Rle;
}

PatternFormat detectPatternFileFormat(const std::string& path) {
    std::string start(std::size_t(64) << 10, '\0');
    std::ifstream file(path, std::ios::binary);
    file.read(start.data(), std::streamsize(start.size()));
    start.resize(file ? start.size() : std::size_t(std::max<std::streamsize>(file.gcount(), 0)));
    return detectPatternFormat(start, path);
}

Pattern readPattern(std::string_view text, const std::string& sourceName, std::string_view path) {
    // Leading blank lines (as Golly skips them) shift no line numbers: readers count every line.
    switch (detectPatternFormat(text, path)) {
    case PatternFormat::Mcell: return patterns::readMcell(text, sourceName);
    case PatternFormat::Plaintext: return patterns::readPlaintext(text, sourceName);
    case PatternFormat::Life105: return patterns::readLife105(text, sourceName);
    case PatternFormat::Life106: return patterns::readLife106(text, sourceName);
    case PatternFormat::Macrocell: return patterns::readMacrocell(text, sourceName);
    case PatternFormat::Rle: break;
    }
    std::istringstream in{std::string(text)};
    return readRle(in, sourceName);
}

Pattern readPatternFile(const std::string& path) {
    return readPattern(readTextFile(path, "pattern file", kPatternFileLimits), path, path);
}

} // namespace catlab
