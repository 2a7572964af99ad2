#pragma once
// BoxsumTuning from text, for benchmark sweeps without rebuilding: "midHalfWarps=4,midWarps=6" sets those
// fields and keeps the defaults of the others. The boxsum backend reads it from the environment variable
// CATLAB_BOXSUM_TUNING; an unknown name or a value out of its range throws catlab::Error naming it.
#include "boxsum_plan.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

#include <string>
#include <string_view>

namespace catlab::cuda {

using BoxsumTuningMember = int BoxsumTuning::*;
struct BoxsumTuningField {
    const char* name;
    BoxsumTuningMember field;
    int min, max;
};

inline constexpr BoxsumTuningField kBoxsumTuningFields[] = {
    {"smallMooreMaxRadius", &BoxsumTuning::smallMooreMaxRadius, 1, kMaxSmallMooreRadius},
    {"midHalfColumnsFrom", &BoxsumTuning::midHalfColumnsFrom, 17, 128},
    {"midDeltaColumns", &BoxsumTuning::midDeltaColumns, 0, 1},
    {"midDeltaWarps", &BoxsumTuning::midDeltaWarps, 1, 32},
    {"midDeltaSegmentWords", &BoxsumTuning::midDeltaSegmentWords, 0, 64}, // 0: deltaBlock
    {"midDeltaBlockWords", &BoxsumTuning::midDeltaBlockWords, 0, 1024},   // 0: deltaBlock
    {"midDeltaChunkWords", &BoxsumTuning::midDeltaChunkWords, 0, 1024},
    {"midDeltaSharedKiB", &BoxsumTuning::midDeltaSharedKiB, 0, 1024}, // 0: no bound
    {"midDeltaCountRing", &BoxsumTuning::midDeltaCountRing, -1, 1},   // -1: where it makes the block cheaper
    {"midWarps", &BoxsumTuning::midWarps, 1, 32},
    {"midSegmentWords", &BoxsumTuning::midSegmentWords, 1, 64},
    {"midCheckerboardWarps", &BoxsumTuning::midCheckerboardWarps, 1, 32},
    {"midHalfWarps", &BoxsumTuning::midHalfWarps, 1, 32},
    {"midHalfSegmentWords", &BoxsumTuning::midHalfSegmentWords, 1, 64},
    {"midWarmupPercent", &BoxsumTuning::midWarmupPercent, 0, 1000},
    {"midDeltaWarmupPercent", &BoxsumTuning::midDeltaWarmupPercent, 0, 1000},
    {"smallMooreThreads", &BoxsumTuning::smallMooreThreads, 32, 1024},
    {"smallMooreRegisterRings", &BoxsumTuning::smallMooreRegisterRings, 0, (1 << kMaxRegisterRingRadius) - 1},
    {"smallMooreTwoThresholds", &BoxsumTuning::smallMooreTwoThresholds, 0, 1},
    {"smallLinesMaxCells", &BoxsumTuning::smallLinesMaxCells, 0, 1 << 20},
    {"smallLinesThreads", &BoxsumTuning::smallLinesThreads, 32, 1024},
    {"vonNeumannThreads", &BoxsumTuning::vonNeumannThreads, 32, 1024},
    {"linesThreads", &BoxsumTuning::linesThreads, 32, 128}, // the kernel's launch bounds
    {"checkerboardThreads", &BoxsumTuning::checkerboardThreads, 32, 1024},
    {"oddPitchMultiple", &BoxsumTuning::oddPitchMultiple, 0, 32},
    {"maxStripRows", &BoxsumTuning::maxStripRows, 1, 1 << 30},
};

inline BoxsumTuning parseBoxsumTuning(std::string_view text) {
    BoxsumTuning tuning;
    const std::string whole(text);
    // Messages built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries.
    const auto fail = [&](std::string_view a, std::string_view b = {}, std::string_view c = {}) {
        std::string message = "boxsum tuning '";
        message.append(whole).append("': ").append(a).append(b).append(c);
        throw Error(message);
    };
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos) fail("'", item, "' is not name=value");
        const std::string_view name = item.substr(0, equals), value = item.substr(equals + 1);
        const BoxsumTuningField* field = nullptr;
        for (const BoxsumTuningField& f : kBoxsumTuningFields)
            if (name == f.name) field = &f;
        if (!field) fail("no setting named '", name, "'");
        int number = 0;
        if (parseInteger(value, number, field->min, field->max) != IntegerText::Ok)
            fail(std::string(field->name).append(" takes ").append(std::to_string(field->min)).append(".."),
                 std::to_string(field->max).append(", not '"), std::string(value).append("'"));
        tuning.*(field->field) = number;
    }
    return tuning;
}

} // namespace catlab::cuda
