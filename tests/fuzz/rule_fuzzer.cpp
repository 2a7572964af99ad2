// Rule text as `--rule`, the panel's rule field, a script's `rule` command or an RLE header give it: a
// preset id or name, or Golly's notations (Larger than Life, HROT lists, life-like, Generations) with an
// optional torus suffix. An accepted rule formats to text that parses back to the same rule.
#include "fuzz_check.hpp"

#include "catlab/presets.hpp"
#include "catlab/rule.hpp"

using namespace catlab;
using catlab::fuzz::mustAccept;
using catlab::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::textOf(data, size);
    const auto resolved = fuzz::acceptedBy([&] { return resolveRule(text); });
    if (!resolved) return 0;
    if (resolved->preset) {
        require(resolved->spec.rule == resolved->preset->rule, "preset '" + text + "' resolves to its own rule");
        return 0;
    }

    const RuleSpec& spec = resolved->spec;
    const std::string formatted = formatRuleSpec(spec);
    const RuleSpec again =
        mustAccept("'" + formatted + "', the format of '" + text + "',", [&] { return parseRule(formatted); });
    require(again.rule == spec.rule && again.size == spec.size,
            "'" + text + "' formats as '" + formatted + "', which parses to another rule");
    require(formatRuleSpec(again) == formatted, "'" + formatted + "' formats differently a second time");
    return 0;
}
