#pragma once
// Population over generations as CSV, "generation,population" and one line per generation recorded:
// what `catlab run --population-csv` streams and the window's population plot exports. Written
// atomically (AtomicFile): a failure leaves what was at the path as it was.

#include "catlab/atomic_file.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace catlab {

struct PopulationSample {
    std::uint64_t generation = 0;
    std::uint64_t population = 0;
};

// Lines are added as the run goes; the file appears, whole, at commit().
class PopulationCsvWriter {
  public:
    // Throws FileWriteError when the path cannot be written.
    explicit PopulationCsvWriter(const std::string& path);
    void add(PopulationSample sample);
    // Throws FileWriteError naming the path and the reason (a full disk...).
    void commit();

  private:
    AtomicFile file_;
};

void writePopulationCsvFile(const std::string& path, std::span<const PopulationSample> samples);

} // namespace catlab
