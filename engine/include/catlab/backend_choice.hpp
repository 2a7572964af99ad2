#pragma once

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace catlab {

// The backend name that stands for "the fastest exact backend here", resolved per rule and grid.
inline constexpr std::string_view kAutoBackend = "auto";
bool isAutoBackend(std::string_view name);

// Measured speed of backends against the radius, in the CSV format `catlab bench --csv` writes
// (columns backend, radius, cell_updates_per_s; a status column, when present, keeps only "ok" rows).
class BackendTimings {
  public:
    // Throws catlab::Error naming the line when the text is not such a CSV or a speed is not a finite
    // number of at least 1; `source` names it in messages.
    static BackendTimings parse(std::string_view csv, const std::string& source);
    // The table compiled in from assets/backend_timings.csv, overlaid with the file named by the
    // environment variable CATLAB_BACKEND_TIMINGS when it is set (rows there replace a backend's rows).
    static const BackendTimings& standard();

    void overlay(const BackendTimings& other);
    bool has(std::string_view backend) const;
    // Estimated cell updates per second at this radius: interpolated between measured radii, and beyond
    // the measured range scaled by the square of the radius ratio (a pessimistic guess).
    double estimate(std::string_view backend, int radius) const;

  private:
    std::map<std::string, std::map<int, double>> rates_; // lower-case backend -> radius -> rate
};

struct BackendChoice {
    std::string name;
    std::string reason; // one line saying why, for logs and the panel
};

// The fastest backend that runs here and computes `rule` exactly: the best estimate from the timings
// (device backends first when a device is present), then unmeasured backends in registration order.
BackendChoice chooseBackend(const Rule& rule, GridSize size,
                            const BackendTimings& timings = BackendTimings::standard());

// `name` itself, or the choice for `rule` when it is "auto".
std::string resolveBackendName(std::string_view name, const Rule& rule, GridSize size);

} // namespace catlab
