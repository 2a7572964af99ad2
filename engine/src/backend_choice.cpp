#include "catlab/backend_choice.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "catlab/text_file.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <optional>
#include <sstream>

namespace catlab {
namespace detail {
extern const char* const kBackendTimingsCsv;
}

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// One CSV record; fields may be quoted ("a,b" and "" for a quote), as `catlab bench --csv` writes them.
std::vector<std::string> splitCsvLine(std::string_view line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

// A `catlab bench --csv` file has a row per backend and radius: a few hundred lines of some 300 characters.
constexpr TextFileLimits kTimingsFileLimits{.maxBytes = std::size_t(16) << 20, .maxLineLength = 64 << 10};

} // namespace

bool isAutoBackend(std::string_view name) { return lower(name) == kAutoBackend; }

BackendTimings BackendTimings::parse(std::string_view csv, const std::string& source) {
    BackendTimings timings;
    std::optional<size_t> backendColumn, radiusColumn, rateColumn, statusColumn;
    int lineNumber = 0;
    std::istringstream lines{std::string(csv)};
    for (std::string line; std::getline(lines, line);) {
        ++lineNumber;
        if (line.empty() || line[0] == '#' || line == "\r") continue;
        const std::vector<std::string> fields = splitCsvLine(line);
        const std::string where = source + " line " + std::to_string(lineNumber) + ": ";
        if (!backendColumn) {
            for (size_t i = 0; i < fields.size(); ++i) {
                if (fields[i] == "backend") backendColumn = i;
                if (fields[i] == "radius") radiusColumn = i;
                if (fields[i] == "cell_updates_per_s") rateColumn = i;
                if (fields[i] == "status") statusColumn = i;
            }
            if (!backendColumn || !radiusColumn || !rateColumn)
                throw Error(where + "expected a header with columns backend, radius and cell_updates_per_s");
            continue;
        }
        const size_t needed = std::max({*backendColumn, *radiusColumn, *rateColumn, statusColumn.value_or(0)});
        if (fields.size() <= needed) throw Error(where + "too few fields");
        if (statusColumn && fields[*statusColumn] != "ok") continue;
        int radius = 0;
        if (parseInteger(fields[*radiusColumn], radius, 1, kMaxRadius) != IntegerText::Ok)
            throw Error(where + "bad radius '" + fields[*radiusColumn] + "' (expected " + rangeText(1, kMaxRadius) +
                        ")");
        const auto rate = parseFiniteNumber(fields[*rateColumn]);
        // At least one update a second: a speed estimated from it is then never 0 (which means unmeasured).
        if (!rate || !(*rate >= 1))
            throw Error(where + "bad cell_updates_per_s '" + fields[*rateColumn] + "' (expected 1 or more)");
        timings.rates_[lower(fields[*backendColumn])][radius] = *rate;
    }
    return timings;
}

const BackendTimings& BackendTimings::standard() {
    static const BackendTimings timings = [] {
        BackendTimings t = parse(detail::kBackendTimingsCsv, "assets/backend_timings.csv");
        if (const char* path = std::getenv("CATLAB_BACKEND_TIMINGS"); path && *path) {
            t.overlay(parse(readTextFile(path, "CATLAB_BACKEND_TIMINGS file", kTimingsFileLimits), path));
        }
        return t;
    }();
    return timings;
}

void BackendTimings::overlay(const BackendTimings& other) {
    for (const auto& [backend, rates] : other.rates_) rates_[backend] = rates;
}

bool BackendTimings::has(std::string_view backend) const { return rates_.contains(lower(backend)); }

double BackendTimings::estimate(std::string_view backend, int radius) const {
    const auto found = rates_.find(lower(backend));
    if (found == rates_.end() || found->second.empty()) return 0.0;
    const std::map<int, double>& rates = found->second;
    const auto above = rates.lower_bound(radius);
    if (above != rates.end() && above->first == radius) return above->second;
    if (above == rates.begin()) return above->second; // smaller radii are never slower
    const auto below = std::prev(above);
    if (above == rates.end()) {
        const double ratio = double(below->first) / double(radius);
        return below->second * ratio * ratio;
    }
    const double t = double(radius - below->first) / double(above->first - below->first);
    return below->second + t * (above->second - below->second);
}

BackendChoice chooseBackend(const Rule& rule, GridSize size, const BackendTimings& timings) {
    struct Candidate {
        const BackendSpec* spec;
        bool device;
        double rate; // 0 when unmeasured
        size_t order;
    };
    std::vector<Candidate> candidates;
    const std::vector<BackendSpec>& backends = BackendRegistry::instance().all();
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
    std::uint64_t mostCells = 0; // the largest grid a backend here that computes the rule holds
    for (size_t i = 0; i < backends.size(); ++i) {
        const BackendSpec& spec = backends[i];
        if (spec.unavailableReason() || spec.unsupportedReason(rule)) continue;
        mostCells = std::max(mostCells, spec.maxCells);
        if (cells > spec.maxCells) continue;
        candidates.push_back(
            {&spec, spec.memorySpace == MemorySpace::Device, timings.estimate(spec.name, rule.radius), i});
    }
    if (candidates.empty() && mostCells > 0)
        throw Error("grid size " + std::to_string(size.width) + 'x' + std::to_string(size.height) + " has " +
                    std::to_string(cells) + " cells, more than any backend here that computes rule " + rule.format() +
                    " holds (at most " + cellLimitText(mostCells) + ")");
    if (candidates.empty()) throw Error("no backend here computes rule " + rule.format());
    const auto best =
        std::min_element(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            if (a.device != b.device) return a.device;
            if ((a.rate > 0) != (b.rate > 0)) return a.rate > 0;
            if (a.rate != b.rate) return a.rate > b.rate;
            return a.order < b.order;
        });
    std::ostringstream reason;
    reason << "auto picked " << best->spec->name << " for " << rule.format() << " on " << size.width << 'x'
           << size.height << ": ";
    if (best->rate > 0)
        reason << "fastest measured of " << candidates.size() << " exact backends here (about " << std::setprecision(2)
               << best->rate << " cell updates/s at radius " << rule.radius << ')';
    else
        reason << "first of " << candidates.size() << " exact backends here (none measured)";
    return {best->spec->name, reason.str()};
}

std::string resolveBackendName(std::string_view name, const Rule& rule, GridSize size) {
    if (isAutoBackend(name)) return chooseBackend(rule, size).name;
    return std::string(name);
}

} // namespace catlab
