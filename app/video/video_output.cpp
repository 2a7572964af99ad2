#include "video/video_output.hpp"

#include "video/frame_pattern.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace catlab::video {
namespace {

struct Container {
    std::string_view extension;          // lower case
    std::string_view name;               // for people
    const char* muxer;                   // for FFmpeg
    std::span<const VideoFormat> codecs; // in the order auto tries them
    bool fragmented;
};

constexpr VideoFormat kMp4Codecs[] = {VideoFormat::H264, VideoFormat::Mpeg4};
constexpr VideoFormat kMatroskaCodecs[] = {VideoFormat::H264, VideoFormat::Mpeg4, VideoFormat::Vp9};
constexpr VideoFormat kWebmCodecs[] = {VideoFormat::Vp9};

constexpr std::array<Container, 4> kContainers{{
    {".mp4", "MP4", "mp4", kMp4Codecs, true},
    {".mov", "QuickTime", "mov", kMp4Codecs, true},
    {".mkv", "Matroska", "matroska", kMatroskaCodecs, false},
    {".webm", "WebM", "webm", kWebmCodecs, false},
}};

constexpr std::string_view kExtensions = ".mp4, .mkv, .mov or .webm";
constexpr std::string_view kPngHint =
    "(or record PNG frames with format png, into a folder or a pattern like f%05d.png)";

std::string lowerExtension(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    return extension;
}

const Container* containerFor(std::string_view extension) {
    for (const Container& c : kContainers)
        if (c.extension == extension) return &c;
    return nullptr;
}

const AVCodec* findEncoder(VideoFormat format) {
    switch (format) {
    case VideoFormat::H264: return avcodec_find_encoder_by_name("libx264");
    case VideoFormat::Mpeg4: return avcodec_find_encoder(AV_CODEC_ID_MPEG4);
    case VideoFormat::Vp9: return avcodec_find_encoder_by_name("libvpx-vp9");
    case VideoFormat::PngSequence: return avcodec_find_encoder(AV_CODEC_ID_PNG);
    case VideoFormat::Auto: break;
    }
    return nullptr;
}

// The codec and the library that encodes it, for messages.
std::string_view encoderLabel(VideoFormat format) {
    switch (format) {
    case VideoFormat::H264: return "H.264 (libx264)";
    case VideoFormat::Mpeg4: return "MPEG-4 part 2";
    case VideoFormat::Vp9: return "VP9 (libvpx-vp9)";
    case VideoFormat::PngSequence: return "PNG";
    case VideoFormat::Auto: break;
    }
    return "?";
}

const AVCodec* requireEncoder(const std::string& path, VideoFormat format) {
    const AVCodec* encoder = findEncoder(format);
    if (!encoder) throw Error(path + ": this FFmpeg has no encoder for " + std::string(encoderLabel(format)));
    return encoder;
}

// "a, b or c"
std::string joinWithOr(const std::vector<std::string_view>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
        text += std::string(i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + std::string(items[i]);
    return text;
}

std::string extensionsHolding(VideoFormat format) {
    std::vector<std::string_view> found;
    for (const Container& c : kContainers)
        if (std::ranges::find(c.codecs, format) != c.codecs.end()) found.push_back(c.extension);
    return joinWithOr(found);
}

std::string otherExtensions(const Container& container) {
    std::vector<std::string_view> others;
    for (const Container& c : kContainers)
        if (&c != &container) others.push_back(c.extension);
    return joinWithOr(others);
}

std::string codecsOf(const Container& container) {
    std::vector<std::string_view> names;
    for (VideoFormat f : container.codecs) names.push_back(formatName(f));
    return joinWithOr(names);
}

VideoOutput pngOutput(const std::string& path) {
    const AVCodec* encoder = requireEncoder(path, VideoFormat::PngSequence);
    if (path.find('%') != std::string::npos) {
        checkFramePattern(path);
    } else {
        const std::string extension = lowerExtension(path);
        if (extension == ".png" || containerFor(extension))
            throw Error(path +
                        ": PNG frames go into a folder or a pattern with one frame-number field such as "
                        "f%05d.png, not into one " +
                        extension + " file");
        checkFolderUsable(path, path);
    }
    return {VideoFormat::PngSequence, "image2", false, encoder};
}

} // namespace

VideoOutput chooseVideoOutput(const std::string& path, VideoFormat format) {
    if (path.empty()) throw Error("no output path for the video");
    const std::string extension = lowerExtension(path);
    if (format == VideoFormat::PngSequence || (format == VideoFormat::Auto && extension == ".png"))
        return pngOutput(path);
    if (extension == ".png")
        throw Error(path + ": .png names PNG frames, not " + std::string(formatName(format)) +
                    " video (choose format png or auto for PNG frames, or name the file " + extensionsHolding(format) +
                    ")");
    const Container* container = containerFor(extension);
    if (!container) {
        const std::string what = extension.empty() ? "the name has no extension to choose the container by"
                                                   : extension + " is not a container catlab writes";
        throw Error(path + ": " + what + "; name the file " + std::string(kExtensions) + " " + std::string(kPngHint));
    }
    if (!av_guess_format(container->muxer, nullptr, nullptr))
        throw Error(path + ": this FFmpeg has no " + std::string(container->name) + " muxer; name the file " +
                    std::string(kExtensions));

    if (format == VideoFormat::Auto) {
        for (VideoFormat candidate : container->codecs)
            if (const AVCodec* encoder = findEncoder(candidate))
                return {candidate, container->muxer, container->fragmented, encoder};
        throw Error(path + ": " + std::string(container->name) + " holds " + codecsOf(*container) +
                    (container->codecs.size() == 1 ? ", which this FFmpeg cannot encode"
                                                   : ", none of which this FFmpeg encodes") +
                    "; name the file " + otherExtensions(*container));
    }
    if (std::ranges::find(container->codecs, format) == container->codecs.end())
        throw Error(path + ": " + std::string(container->name) + " holds " + codecsOf(*container) + ", not " +
                    std::string(formatName(format)) + " (" + std::string(formatName(format)) + " goes in " +
                    extensionsHolding(format) + ")");
    return {format, container->muxer, container->fragmented, requireEncoder(path, format)};
}

} // namespace catlab::video
