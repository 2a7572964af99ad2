#include "catlab/host_memory.hpp"

#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <unistd.h>

namespace catlab {

std::uint64_t availableHostBytes() {
    std::ifstream meminfo("/proc/meminfo");
    for (std::string line; std::getline(meminfo, line);) {
        std::istringstream fields(line);
        std::string key, unit;
        std::uint64_t kib = 0;
        if (fields >> key >> kib >> unit && key == "MemAvailable:" && unit == "kB") return kib * 1024;
    }
    const long pages = sysconf(_SC_AVPHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0) return ~std::uint64_t(0);
    return std::uint64_t(pages) * std::uint64_t(pageSize);
}

std::string gibibytesText(std::uint64_t bytes) {
    std::ostringstream text;
    text << std::fixed << std::setprecision(bytes < (std::uint64_t(10) << 30) ? 2 : 1)
         << double(bytes) / double(1 << 30) << " GiB";
    return text.str();
}

} // namespace catlab
