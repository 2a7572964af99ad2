#pragma once

#include "catlab/rule.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace catlab {

struct Preset {
    std::string id;   // short key, e.g. "bosco"
    std::string name; // display name, e.g. "Bosco's Rule"
    Rule rule;
    double density = 0.5; // default initial fraction of live cells
    std::string note;
};

// The presets of assets/presets.csv, in file order.
const std::vector<Preset>& presets();

// By id or display name, case-insensitive; nullptr when there is none.
const Preset* findPreset(std::string_view idOrName);

// The preset used when nothing else is asked for.
const Preset& defaultPreset();

// A preset id/name or a rule string. Throws catlab::Error (naming the bad token) for neither.
struct ResolvedRule {
    RuleSpec spec;
    const Preset* preset = nullptr;
};
ResolvedRule resolveRule(const std::string& presetOrRule);

// Parses presets text in the assets/presets.csv format; throws catlab::Error with the line number.
std::vector<Preset> parsePresets(std::string_view text);

} // namespace catlab
