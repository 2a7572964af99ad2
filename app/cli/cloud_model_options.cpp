#include "cli/cloud_model_options.hpp"
#include "cli/number_options.hpp"
#include "cli/report_text.hpp"

#include "catlab/error.hpp"

#include <charconv>
#include <cmath>
#include <ostream>
#include <string_view>

namespace catlab::cli {
namespace {

std::string text(double v, int digits = 6) { return significantDigits(v, digits); }

} // namespace

std::vector<double> parseNumberList(const std::string& text, const char* what, const char* form) {
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

cloud::CloudSource parseCloudSource(const std::string& text) {
    const char* form = "cx,cy,cz,rx,ry,rz (centre and radii in cells), e.g. 64,64,10,30,30,6";
    const std::vector<double> v = parseNumberList(text, "--source", form);
    if (v.size() != 6) throw Error("bad --source '" + text + "': expected " + form);
    if (!(v[3] > 0 && v[4] > 0 && v[5] > 0))
        throw Error("bad --source '" + text + "': the radii rx,ry,rz must be above 0");
    return {v[0], v[1], v[2], v[3], v[4], v[5]};
}

cloud::CloudWind parseCloudWind(const std::string& text) {
    const char* form = "vx,vy or vx,vy,vx_top,vy_top (cells per step at the bottom and the top), e.g. 0.2,0,1,0.3";
    const std::vector<double> v = parseNumberList(text, "--wind", form);
    if (v.size() == 2) return {v[0], v[1], v[0], v[1]};
    if (v.size() == 4) return {v[0], v[1], v[2], v[3]};
    throw Error("bad --wind '" + text + "': expected " + form);
}

cloud::CloudScene CloudModelOptions::chosenScene() const {
    if (!scene) return cloud::kDefaultCloudScene;
    try {
        return cloud::parseCloudScene(*scene);
    } catch (const Error& e) {
        throw Error(std::string("--cloud-scene: ") + e.what());
    }
}

std::optional<cloud::CloudScene> CloudModelOptions::sourcesFrom() const {
    if (!sources.empty()) return std::nullopt;
    return chosenScene();
}

cloud::CloudParams cloudParamsFrom(const CloudModelOptions& o, cloud::CloudSize size, std::uint64_t seed) {
    cloud::CloudParams p = cloud::cloudSceneParams(o.chosenScene(), size, seed);
    if (o.pExt) p.pExt = *o.pExt;
    if (o.pHum) p.pHum = *o.pHum;
    if (o.pAct) p.pAct = *o.pAct;
    if (!o.sources.empty()) {
        p.sources.clear();
        for (const std::string& s : o.sources) p.sources.push_back(parseCloudSource(s));
    }
    if (o.wind) p.wind = parseCloudWind(*o.wind);
    for (const auto& [name, value] : {std::pair{"--p-ext", p.pExt}, {"--p-hum", p.pHum}, {"--p-act", p.pAct}})
        if (!(value >= 0.0 && value <= 1.0)) throw Error(std::string(name) + " " + text(value) + " is outside 0..1");
    cloud::validateCloudParams(p);
    return p;
}

void printCloudModel(const cloud::CloudParams& p, std::optional<cloud::CloudScene> sourcesFrom, std::ostream& out) {
    out << "sources     ";
    // A scene's field of ellipsoids would fill the screen: its sources are counted, not listed.
    constexpr std::size_t kListed = 4;
    if (sourcesFrom && p.sources.size() > kListed) out << p.sources.size() << " ellipsoids";
    for (std::size_t i = 0; i < p.sources.size() && (!sourcesFrom || p.sources.size() <= kListed); ++i) {
        const cloud::CloudSource& s = p.sources[i];
        out << (i ? "\n            " : "") << "centre " << text(s.cx, 4) << "," << text(s.cy, 4) << "," << text(s.cz, 4)
            << " radii " << text(s.rx, 4) << "," << text(s.ry, 4) << "," << text(s.rz, 4);
    }
    if (sourcesFrom) out << " (scene " << cloud::cloudSceneName(*sourcesFrom) << ")";
    out << "\nwind        " << text(p.wind.vx, 4) << "," << text(p.wind.vy, 4) << " at the bottom, "
        << text(p.wind.vxTop, 4) << "," << text(p.wind.vyTop, 4) << " at the top (cells per step)"
        << "\nprobability ext " << text(p.pExt, 4) << ", hum " << text(p.pHum, 4) << ", act " << text(p.pAct, 4)
        << '\n';
}

void addCloudModelOptions(CLI::App& cmd, CloudModelOptions& o) {
    cmd.add_option("--cloud-scene", o.scene,
                   "Where clouds form, the wind and the probabilities: cumulus (a field of towering cumulus in "
                   "shear, laid out by --seed) or ellipsoid (one flat source low in the middle, no wind); the "
                   "options below replace its parts")
        ->default_str(cloud::cloudSceneName(cloud::kDefaultCloudScene));
    cmd.add_option("--source", o.sources,
                   "Ellipsoid where clouds form: cx,cy,cz,rx,ry,rz in cells (repeatable; replaces the scene's)");
    cmd.add_option("--wind", o.wind,
                   "Wind vx,vy or vx,vy,vx_top,vy_top in cells per step, linear in height (default: the scene's)");
    addNumberOption(cmd, "--p-ext", o.pExt,
                    "Probability a cloud cell vanishes per step (halved inside sources; default: the scene's)", 0, 1);
    addNumberOption(cmd, "--p-hum", o.pHum,
                    "Probability of humidity appearing per step inside a source (default: the scene's)", 0, 1);
    addNumberOption(cmd, "--p-act", o.pAct,
                    "Probability of activation appearing per step inside a source (default: the scene's)", 0, 1);
}

} // namespace catlab::cli
