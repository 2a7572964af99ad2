#include "device_rule.cuh"

#include "catlab/error.hpp"

namespace catlab::cuda {

std::optional<std::string> deviceRuleUnsupported(const Rule& rule) {
    if (!isRowSpans(rule.neighbourhood))
        return std::string("the row-span GPU kernels sum one span of cells per row (Moore, von Neumann, circular, "
                           "Euclidean, cross, hexagonal); the ") +
               toString(rule.neighbourhood) + " neighbourhood is not made of them (the general backend computes it)";
    return deviceCountSetsUnsupported(rule);
}

std::optional<std::string> deviceCountSetsUnsupported(const Rule& rule) {
    if (rule.birth.intervals().size() > kMaxDeviceIntervals || rule.survival.intervals().size() > kMaxDeviceIntervals)
        return "the GPU backends take at most " + std::to_string(kMaxDeviceIntervals) +
               " count intervals per birth or survival set";
    return std::nullopt;
}

DeviceRule makeDeviceRule(const Rule& rule) {
    if (auto why = deviceRuleUnsupported(rule)) throw Error(*why);
    DeviceRule d{};
    d.radius = rule.radius;
    d.states = rule.states;
    d.neighbourhood = int(rule.neighbourhood);
    for (const Interval& i : rule.birth.intervals()) {
        d.birthLo[d.birthCount] = i.lo;
        d.birthHi[d.birthCount++] = i.hi;
    }
    // A live centre is part of the whole-neighbourhood count; shift when the rule excludes it.
    const int shift = rule.includeCentre ? 0 : 1;
    for (const Interval& i : rule.survival.intervals()) {
        d.survivalLo[d.survivalCount] = i.lo + shift;
        d.survivalHi[d.survivalCount++] = i.hi + shift;
    }
    return d;
}

} // namespace catlab::cuda
