#include "catlab/host_memory.hpp"

#include <fstream>
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

} // namespace catlab
