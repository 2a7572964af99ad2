#include "video/video_encoder.hpp"
#include "video/atomic_image_files.hpp"

#include "video/frame_pattern.hpp"
#include "video/video_output.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
}

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

namespace catlab::video {
namespace {

// Where PNG frames go: the pattern as given, or frame_%06d.png inside the folder. The folder (the
// pattern's, or the one given) is made if needed; video_output.cpp checked that it can be.
std::string pngTarget(const std::string& path) {
    const bool pattern = path.find('%') != std::string::npos;
    const std::filesystem::path folder =
        pattern ? std::filesystem::path(path).parent_path() : std::filesystem::path(path);
    std::error_code error;
    if (!folder.empty()) std::filesystem::create_directories(folder, error);
    if (error) throw Error("cannot create the folder '" + folder.string() + "' for PNG frames: " + error.message());
    return pattern ? path : framePatternIn(folder);
}

// VP9's constant quality scale is 0..63, H.264's 0..51.
int vp9Crf(int quality) { return int(std::lround(quality * 63.0 / 51.0)); }

void checkSettings(const VideoSettings& s) {
    if (s.path.empty()) throw Error("no output path for the video");
    if (s.width < 2 || s.height < 2 || s.width > 16384 || s.height > 16384)
        throw Error("video size " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                    " is outside 2x2..16384x16384");
    if (s.fps < 1 || s.fps > 240) throw Error("video fps " + std::to_string(s.fps) + " is outside 1..240");
    if (s.quality < 0 || s.quality > 51)
        throw Error("video quality " + std::to_string(s.quality) + " is outside 0..51");
}

} // namespace

VideoEncoder::VideoEncoder(const VideoSettings& settings)
    : path_(settings.path), sourceWidth_(settings.width), sourceHeight_(settings.height) {
    checkSettings(settings);
    av_log_set_level(AV_LOG_ERROR); // FFmpeg's own chatter would drown catlab's progress output
    const VideoOutput output = chooseVideoOutput(settings.path, settings.format); // before anything is made
    const AVCodec* codec = output.encoder;
    codecName_ = codec->name;
    png_ = output.format == VideoFormat::PngSequence;
    const bool png = png_;
    // 4:2:0 chroma needs even sizes: drop an odd last column or row rather than scale the picture.
    width_ = png ? sourceWidth_ : sourceWidth_ & ~1;
    height_ = png ? sourceHeight_ : sourceHeight_ & ~1;
    const AVPixelFormat pixelFormat = png ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_YUV420P;
    target_ = png ? pngTarget(path_) : path_;
    const std::string& target = target_;

    AVFormatContext* raw = nullptr;
    if (int code = avformat_alloc_output_context2(&raw, nullptr, output.muxer.c_str(), target.c_str()); code < 0)
        fail("cannot set up the output", code);
    output_.reset(raw);
    if (png) writeImageFilesAtomically(*output_);
    stream_ = avformat_new_stream(output_.get(), nullptr);
    codec_.reset(avcodec_alloc_context3(codec));
    if (!stream_ || !codec_) fail("out of memory", AVERROR(ENOMEM));

    codec_->width = width_;
    codec_->height = height_;
    codec_->pix_fmt = pixelFormat;
    codec_->time_base = AVRational{1, settings.fps};
    codec_->framerate = AVRational{settings.fps, 1};
    codec_->gop_size = settings.fps; // a key frame, hence an MP4 fragment, every second
    codec_->thread_count = 0;        // as many threads as cores (libavcodec's default is one)
    if (std::string_view(codec->name) == "libx264") {
        av_opt_set(codec_->priv_data, "preset", "veryfast", 0);
        av_opt_set_int(codec_->priv_data, "crf", settings.quality, 0);
    } else if (codec->id == AV_CODEC_ID_MPEG4) {
        codec_->flags |= AV_CODEC_FLAG_QSCALE;
        codec_->global_quality = FF_QP2LAMBDA * std::clamp(1 + settings.quality / 4, 1, 31);
    } else if (std::string_view(codec->name) == "libvpx-vp9") {
        // Constant quality, and fast enough to keep up with the window: libvpx's real-time mode.
        codec_->bit_rate = 0;
        av_opt_set_int(codec_->priv_data, "crf", vp9Crf(settings.quality), 0);
        av_opt_set(codec_->priv_data, "deadline", "realtime", 0);
        av_opt_set_int(codec_->priv_data, "cpu-used", 8, 0);
        av_opt_set_int(codec_->priv_data, "row-mt", 1, 0);
    }
    if (output_->oformat->flags & AVFMT_GLOBALHEADER) codec_->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (int code = avcodec_open2(codec_.get(), codec, nullptr); code < 0) fail("cannot open the encoder", code);
    if (int code = avcodec_parameters_from_context(stream_->codecpar, codec_.get()); code < 0)
        fail("cannot set up the stream", code);
    stream_->time_base = codec_->time_base;

    if (!(output_->oformat->flags & AVFMT_NOFILE))
        if (int code = avio_open(&output_->pb, target.c_str(), AVIO_FLAG_WRITE); code < 0)
            fail("cannot open for writing", code);
    AVDictionary* options = nullptr;
    if (png) av_dict_set(&options, "start_number", "0", 0);
    if (output.fragmented) av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0);
    const int headerCode = avformat_write_header(output_.get(), &options);
    av_dict_free(&options);
    if (headerCode < 0) fail("cannot write the header", headerCode);
    headerWritten_ = true;
    if (!png_) noteFragmentBoundary(0);

    frame_.reset(av_frame_alloc());
    packet_.reset(av_packet_alloc());
    if (!frame_ || !packet_) fail("out of memory", AVERROR(ENOMEM));
    frame_->format = pixelFormat;
    frame_->width = width_;
    frame_->height = height_;
    if (int code = av_frame_get_buffer(frame_.get(), 0); code < 0) fail("cannot allocate a frame", code);
    try {
        converter_ =
            std::make_unique<FrameConverter>(width_, height_, pixelFormat, FrameConverter::defaultBands(height_));
    } catch (const Error& e) {
        fail(e.what(), AVERROR(EINVAL));
    }
}

VideoEncoder::~VideoEncoder() {
    try {
        finish();
    } catch (const Error&) {
        // Destructors never throw; whoever wanted to know called finish().
    }
}

void VideoEncoder::addFrame(const FrameView& frame) {
    if (finished_ || failed_) throw Error(path_ + ": the recording has already " + (failed_ ? "failed" : "finished"));
    if (frame.width != sourceWidth_ || frame.height != sourceHeight_)
        throw Error(path_ + ": frame of " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                    " in a " + std::to_string(sourceWidth_) + "x" + std::to_string(sourceHeight_) + " video");
    if (int code = av_frame_make_writable(frame_.get()); code < 0) fail("cannot reuse the frame", code);
    converter_->convert(frame, *frame_);
    frame_->pts = frames_;
    encode(frame_.get());
    ++frames_;
}

void VideoEncoder::encode(AVFrame* frame) {
    if (int code = avcodec_send_frame(codec_.get(), frame); code < 0) fail("the encoder refused a frame", code);
    while (true) {
        const int code = avcodec_receive_packet(codec_.get(), packet_.get());
        if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) break;
        if (code < 0) fail("encoding failed", code);
        packet_->duration = 1; // one frame, in the codec's time base
        av_packet_rescale_ts(packet_.get(), codec_->time_base, stream_->time_base);
        packet_->stream_index = stream_->index;
        const int size = packet_->size;
        // A video muxer writes to the file only when it closes a fragment (MP4, MOV: at a key frame) or
        // a cluster (Matroska, WebM), before it takes in this packet: what it wrote holds every frame
        // before this one.
        const std::int64_t framesBefore = packetsWritten_;
        const std::int64_t fileBefore = output_->pb ? avio_tell(output_->pb) : 0;
        if (int written = av_interleaved_write_frame(output_.get(), packet_.get()); written < 0)
            fail("writing failed", written);
        if (output_->pb && output_->pb->error < 0) fail("writing failed", output_->pb->error);
        bytes_ = output_->pb ? avio_tell(output_->pb) : bytes_ + size;
        ++packetsWritten_;
        if (png_) framesInFile_ = packetsWritten_;
        if (!png_ && bytes_ != fileBefore) noteFragmentBoundary(framesBefore);
    }
}

void VideoEncoder::noteFragmentBoundary(std::int64_t framesBefore) {
    // Pushed to the file now, so that on success the bytes up to here are known to be on disk.
    avio_flush(output_->pb);
    if (output_->pb->error < 0) fail("writing failed", output_->pb->error);
    wholeFragmentsBytes_ = avio_tell(output_->pb);
    bytes_ = wholeFragmentsBytes_;
    framesInFile_ = framesBefore;
}

void VideoEncoder::keepOnlyWhatPlays() noexcept {
    // PNG frames reach the disk whole or not at all (writeImageFilesAtomically): none is ever a part, and
    // an old file under the name of the frame that failed stays as it was.
    if (png_) return;
    std::error_code ignored;
    // A fragment written in part (and a trailer that did not fit) would make players give up at it.
    std::filesystem::resize_file(target_, std::uintmax_t(wholeFragmentsBytes_), ignored);
    bytes_ = wholeFragmentsBytes_;
}

void VideoEncoder::finish() {
    if (finished_) return;
    finished_ = true;
    if (!headerWritten_) return;
    std::optional<std::string> failure;
    const bool failedBefore = failed_; // before finish(): said then; a failure from here on is said below
    if (!failedBefore) {
        try {
            encode(nullptr);
        } catch (const Error& e) {
            failure = e.what();
        }
    }
    const int trailer = av_write_trailer(output_.get());
    int ioError = 0;
    if (output_->pb) {
        avio_flush(output_->pb);
        ioError = output_->pb->error;
        bytes_ = avio_tell(output_->pb);
        if (!(output_->oformat->flags & AVFMT_NOFILE)) avio_closep(&output_->pb);
    }
    if (!failure && ioError < 0) failure = errorText("writing failed", ioError);
    if (!failure && trailer < 0) failure = errorText("cannot write the trailer", trailer);
    if (failure) failed_ = true;
    // A video after a failure that was not a write's (its trailer went out whole) plays to its end; PNG
    // frames are written whole or not at all.
    const bool wholeFile = !failed_ || (!png_ && failedBefore && trailer >= 0 && ioError >= 0);
    if (wholeFile)
        framesInFile_ = packetsWritten_;
    else
        keepOnlyWhatPlays();
    if (!png_ && framesInFile_ == 0) {
        // A header without a frame plays nothing: no file is better than one that looks like a video.
        std::error_code ignored;
        std::filesystem::remove(target_, ignored);
        bytes_ = 0;
    }
    if (failure && !failedBefore) throw Error(*failure);
}

std::string VideoEncoder::errorText(const std::string& what, int code) const {
    return path_ + ": " + what + ": " + avErrorText(code);
}

void VideoEncoder::fail(const std::string& what, int code) {
    failed_ = true;
    throw Error(errorText(what, code));
}

} // namespace catlab::video
