#include "catlab/host_memory.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <unistd.h>

namespace catlab {

namespace {

// The MiB an environment variable gives, in bytes; no limit when it is not set.
std::uint64_t memoryCap(const char* variable) {
    const char* text = std::getenv(variable);
    if (text == nullptr) return ~std::uint64_t(0);
    std::uint64_t mib = 0;
    const char* end = text + std::strlen(text);
    const auto [last, error] = std::from_chars(text, end, mib);
    if (error != std::errc{} || last != end || mib == 0 || mib > (~std::uint64_t(0) >> 20))
        throw Error(std::string(variable) + "=\"" + std::string(text) + "\" is not a positive whole number of MiB");
    return mib << 20;
}

// CATLAB_HOST_MEMORY_MIB, when set: the most host memory catlab may count on, for a process that must
// stay within a share of the machine (a batch job's allowance, a fuzzer's allocation limit).
std::uint64_t hostMemoryCap() { return memoryCap("CATLAB_HOST_MEMORY_MIB"); }

std::uint64_t systemAvailableBytes() {
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

} // namespace

std::uint64_t availableHostBytes() { return std::min(systemAvailableBytes(), hostMemoryCap()); }

std::uint64_t gatherHostBytes() { return std::min(availableHostBytes(), memoryCap("CATLAB_GATHER_MEMORY_MIB")); }

std::string gibibytesText(std::uint64_t bytes) {
    std::ostringstream text;
    text << std::fixed << std::setprecision(bytes < (std::uint64_t(10) << 30) ? 2 : 1)
         << double(bytes) / double(1 << 30) << " GiB";
    return text.str();
}

} // namespace catlab
