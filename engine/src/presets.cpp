#include "catlab/presets.hpp"

#include "catlab/error.hpp"

#include <cctype>
#include <charconv>

namespace catlab {
namespace detail {
extern const char* const kPresetsCsv;
}

namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

std::vector<Preset> parsePresets(std::string_view text) {
    std::vector<Preset> out;
    int lineNumber = 0;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        ++lineNumber;
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string_view> fields;
        for (size_t start = 0;;) {
            const size_t sep = line.find(';', start);
            fields.push_back(line.substr(start, sep - start));
            if (sep == std::string_view::npos || fields.size() == 5) break;
            start = sep + 1;
        }
        const std::string where = "presets line " + std::to_string(lineNumber) + ": ";
        if (fields.size() < 4) throw Error(where + "expected id;name;density;rule;note");
        Preset p;
        p.id = fields[0];
        p.name = fields[1];
        auto [ptr, ec] = std::from_chars(fields[2].data(), fields[2].data() + fields[2].size(), p.density);
        if (ec != std::errc() || ptr != fields[2].data() + fields[2].size() || p.density < 0 || p.density > 1)
            throw Error(where + "bad density '" + std::string(fields[2]) + "'");
        try {
            p.rule = parseRule(std::string(fields[3])).rule;
        } catch (const Error& e) {
            throw Error(where + e.what());
        }
        if (fields.size() == 5) p.note = fields[4];
        out.push_back(std::move(p));
    }
    return out;
}

const std::vector<Preset>& presets() {
    static const std::vector<Preset> all = parsePresets(detail::kPresetsCsv);
    return all;
}

const Preset* findPreset(std::string_view idOrName) {
    for (const Preset& p : presets())
        if (equalsIgnoreCase(p.id, idOrName) || equalsIgnoreCase(p.name, idOrName)) return &p;
    return nullptr;
}

const Preset& defaultPreset() { return *findPreset("bosco"); }

ResolvedRule resolveRule(const std::string& presetOrRule) {
    if (const Preset* p = findPreset(presetOrRule)) return {RuleSpec{p->rule, std::nullopt}, p};
    const bool looksLikeRule = presetOrRule.find_first_of("/,:") != std::string::npos ||
                               (!presetOrRule.empty() && (presetOrRule[0] == 'R' || presetOrRule[0] == 'r') &&
                                presetOrRule.size() > 1 && std::isdigit(static_cast<unsigned char>(presetOrRule[1])));
    if (!looksLikeRule)
        throw Error("'" + presetOrRule + "' is neither a preset (see `catlab rules`) nor a rule string");
    return {parseRule(presetOrRule), nullptr};
}

} // namespace catlab
