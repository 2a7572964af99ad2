#include "video/video_settings.hpp"

#include "catlab/error.hpp"

#include <array>
#include <cctype>
#include <utility>

namespace catlab::video {
namespace {

constexpr std::array<std::pair<std::string_view, VideoFormat>, 5> kFormats{{
    {"auto", VideoFormat::Auto},
    {"h264", VideoFormat::H264},
    {"mpeg4", VideoFormat::Mpeg4},
    {"vp9", VideoFormat::Vp9},
    {"png", VideoFormat::PngSequence},
}};

} // namespace

VideoFormat parseVideoFormat(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& [name, format] : kFormats)
        if (lower == name) return format;
    throw Error("unknown video format '" + std::string(text) + "' (choose auto, h264, mpeg4, vp9 or png)");
}

std::string_view formatName(VideoFormat format) {
    for (const auto& [name, f] : kFormats)
        if (f == format) return name;
    return "?";
}

} // namespace catlab::video
