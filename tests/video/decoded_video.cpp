#include "video/decoded_video.hpp"

#include "video/libav_handles.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace catlab::video::testing {

void expectVideo(const std::string& path, const ProbeResult& expected) {
    const ProbeResult info = probe(path);
    EXPECT_EQ(info.codec, expected.codec) << path;
    EXPECT_EQ(info.width, expected.width) << path;
    EXPECT_EQ(info.height, expected.height) << path;
    EXPECT_EQ(info.frames, expected.frames) << path;
    EXPECT_NEAR(info.duration, expected.duration, 0.01) << path;
}

ProbeResult probe(const std::string& path) {
    const std::string command = std::string(CATLAB_FFPROBE) +
                                " -v error -count_frames -select_streams v:0 -show_entries "
                                "stream=codec_name,width,height,nb_read_frames:format=duration -of default=nw=1 '" +
                                path + "' 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    if (!pipe) throw std::runtime_error("cannot run ffprobe");
    std::string output;
    std::array<char, 256> buffer{};
    while (fgets(buffer.data(), int(buffer.size()), pipe.get())) output += buffer.data();
    ProbeResult result;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        const size_t eq = line.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "codec_name") result.codec = value;
        if (key == "width") result.width = std::stoi(value);
        if (key == "height") result.height = std::stoi(value);
        if (key == "nb_read_frames" && value != "N/A") result.frames = std::stoll(value);
        if (key == "duration" && value != "N/A") result.duration = std::stod(value);
    }
    if (result.codec.empty()) throw std::runtime_error("ffprobe could not read " + path + ": " + output);
    return result;
}

namespace {
struct InputDeleter {
    void operator()(AVFormatContext* f) const noexcept { avformat_close_input(&f); }
};
} // namespace

RgbImage decodeFirstFrame(const std::string& path) {
    AVFormatContext* raw = nullptr;
    if (avformat_open_input(&raw, path.c_str(), nullptr, nullptr) < 0) throw std::runtime_error("cannot open " + path);
    std::unique_ptr<AVFormatContext, InputDeleter> input(raw);
    if (avformat_find_stream_info(input.get(), nullptr) < 0) throw std::runtime_error("no stream info in " + path);
    const int index = av_find_best_stream(input.get(), AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0) throw std::runtime_error("no video stream in " + path);
    const AVCodecParameters* parameters = input->streams[index]->codecpar;
    const AVCodec* codec = avcodec_find_decoder(parameters->codec_id);
    CodecContextPtr decoder(avcodec_alloc_context3(codec));
    avcodec_parameters_to_context(decoder.get(), parameters);
    if (avcodec_open2(decoder.get(), codec, nullptr) < 0) throw std::runtime_error("cannot open the decoder");
    PacketPtr packet(av_packet_alloc());
    FramePtr frame(av_frame_alloc());
    bool decoded = false;
    while (!decoded && av_read_frame(input.get(), packet.get()) >= 0) {
        if (packet->stream_index == index) {
            avcodec_send_packet(decoder.get(), packet.get());
            decoded = avcodec_receive_frame(decoder.get(), frame.get()) == 0;
        }
        av_packet_unref(packet.get());
    }
    if (!decoded) {
        avcodec_send_packet(decoder.get(), nullptr);
        decoded = avcodec_receive_frame(decoder.get(), frame.get()) == 0;
    }
    if (!decoded) throw std::runtime_error("no frame decoded from " + path);
    RgbImage image{frame->width, frame->height,
                   std::vector<std::uint8_t>(std::size_t(frame->width) * frame->height * 3)};
    ScalerPtr scaler(sws_getContext(frame->width, frame->height, AVPixelFormat(frame->format), frame->width,
                                    frame->height, AV_PIX_FMT_RGB24, SWS_POINT, nullptr, nullptr, nullptr));
    std::uint8_t* planes[1] = {image.rgb.data()};
    const int strides[1] = {frame->width * 3};
    sws_scale(scaler.get(), frame->data, frame->linesize, 0, frame->height, planes, strides);
    return image;
}

std::string containerOf(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::string head(64, '\0');
    file.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(file.gcount()));
    if (head.size() >= 12 && head.compare(4, 4, "ftyp") == 0) return head.compare(8, 4, "qt  ") == 0 ? "mov" : "mp4";
    if (head.size() >= 4 && head.compare(0, 4, "\x1A\x45\xDF\xA3") == 0) {
        if (head.find("webm") != std::string::npos) return "webm";
        if (head.find("matroska") != std::string::npos) return "matroska";
    }
    return "unknown";
}

} // namespace catlab::video::testing
