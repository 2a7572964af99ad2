#include "catlab/cloud/cloud_size.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

namespace catlab::cloud {
namespace {

int parseSide(const std::string& whole, std::string_view text) {
    int side = 0;
    switch (parseInteger(text, side, 1, kMaxCloudSide)) {
    case IntegerText::Ok: break;
    case IntegerText::NotAnInteger: throw Error("bad cloud size '" + whole + "': expected XxYxZ, e.g. 256x256x64");
    case IntegerText::OutOfRange:
        throw Error("bad cloud size '" + whole + "': each side must be " + rangeText(1, kMaxCloudSide));
    }
    return side;
}

} // namespace

std::string sizeText(CloudSize size) {
    return std::to_string(size.nx) + "x" + std::to_string(size.ny) + "x" + std::to_string(size.nz);
}

void checkCloudSize(CloudSize size) {
    if (size.nx < 1 || size.ny < 1 || size.nz < 1)
        throw Error("cloud size " + sizeText(size) + " must be positive on every side");
    if (size.nx > kMaxCloudSide || size.ny > kMaxCloudSide || size.nz > kMaxCloudSide)
        throw Error("cloud size " + sizeText(size) + " exceeds the largest side, " + std::to_string(kMaxCloudSide));
    if (size.cellCount() > kMaxCloudCells)
        throw Error("cloud size " + sizeText(size) + " has more than " + std::to_string(kMaxCloudCells) + " cells");
}

CloudSize parseCloudSize(const std::string& text) {
    const size_t first = text.find_first_of("xX");
    const size_t second = first == std::string::npos ? first : text.find_first_of("xX", first + 1);
    if (second == std::string::npos) throw Error("bad cloud size '" + text + "': expected XxYxZ, e.g. 256x256x64");
    const std::string_view all = text;
    return {parseSide(text, all.substr(0, first)), parseSide(text, all.substr(first + 1, second - first - 1)),
            parseSide(text, all.substr(second + 1))};
}

} // namespace catlab::cloud
