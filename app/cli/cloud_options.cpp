#include "cli/cloud_options.hpp"

#include "catlab/error.hpp"

#include <charconv>
#include <cmath>
#include <sstream>
#include <string_view>

namespace catlab::cli {
namespace {

// The comma-separated numbers of `text`; throws catlab::Error naming `what` and the expected form.
std::vector<double> numbers(const std::string& text, const char* what, const char* form) {
    std::vector<double> values;
    std::string_view rest = text;
    while (true) {
        const size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        double v = 0;
        auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() || !std::isfinite(v))
            throw Error(std::string("bad ") + what + " '" + text + "': expected " + form);
        values.push_back(v);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return values;
}

std::string text(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

cloud::CloudSource parseCloudSource(const std::string& text) {
    const char* form = "cx,cy,cz,rx,ry,rz (centre and radii in cells), e.g. 64,64,10,30,30,6";
    const std::vector<double> v = numbers(text, "--source", form);
    if (v.size() != 6) throw Error("bad --source '" + text + "': expected " + form);
    if (!(v[3] > 0 && v[4] > 0 && v[5] > 0))
        throw Error("bad --source '" + text + "': the radii rx,ry,rz must be above 0");
    return {v[0], v[1], v[2], v[3], v[4], v[5]};
}

cloud::CloudWind parseCloudWind(const std::string& text) {
    const char* form = "vx,vy or vx,vy,vx_top,vy_top (cells per step at the bottom and the top), e.g. 0.2,0,1,0.3";
    const std::vector<double> v = numbers(text, "--wind", form);
    if (v.size() == 2) return {v[0], v[1], v[0], v[1]};
    if (v.size() == 4) return {v[0], v[1], v[2], v[3]};
    throw Error("bad --wind '" + text + "': expected " + form);
}

cloud::CloudParams cloudParamsFrom(const CloudOptions& o, cloud::CloudSize size) {
    cloud::CloudParams p;
    if (o.pExt) p.pExt = *o.pExt;
    if (o.pHum) p.pHum = *o.pHum;
    if (o.pAct) p.pAct = *o.pAct;
    p.seed = o.seed;
    for (const std::string& s : o.sources) p.sources.push_back(parseCloudSource(s));
    if (p.sources.empty()) p.sources.push_back(cloud::defaultCloudSource(size.nx, size.ny, size.nz));
    if (o.wind) p.wind = parseCloudWind(*o.wind);
    for (const auto& [name, value] : {std::pair{"--p-ext", p.pExt}, {"--p-hum", p.pHum}, {"--p-act", p.pAct}})
        if (!(value >= 0.0 && value <= 1.0)) throw Error(std::string(name) + " " + text(value) + " is outside 0..1");
    cloud::validateCloudParams(p);
    return p;
}

} // namespace catlab::cli
