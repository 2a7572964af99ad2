#include "catlab/population_csv.hpp"

#include <ostream>

namespace catlab {

PopulationCsvWriter::PopulationCsvWriter(const std::string& path) : file_(path) {
    file_.stream() << "generation,population\n";
}

void PopulationCsvWriter::add(PopulationSample sample) {
    file_.stream() << sample.generation << ',' << sample.population << '\n';
}

void PopulationCsvWriter::commit() { file_.commit(); }

void writePopulationCsvFile(const std::string& path, std::span<const PopulationSample> samples) {
    PopulationCsvWriter csv(path);
    for (const PopulationSample& sample : samples) csv.add(sample);
    csv.commit();
}

} // namespace catlab
