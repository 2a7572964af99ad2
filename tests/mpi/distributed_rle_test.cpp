// RLE out of and into a grid cut into bands over every rank, through rank 0 a chunk of rows at a time:
// the file written is writeRle's of the gathered grid, and a file loaded is its pattern placed as
// placePattern places it, on a torus, a Generations rule and topologies with an edge frame (a sphere, a
// Klein bottle). With CATLAB_GATHER_MEMORY_MIB below the grid, gathering is refused while both still work.
#include "mpi/rank_backends.hpp"
#include "mpi/rank_environment.hpp"
#include "support/error_of.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/rle.hpp"
#include "catlab/rle_stream.hpp"
#include "catlab/simulator.hpp"
#include "catlab/topology.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace catlab::testing {
namespace {

// One file per run of the suite (ranks as threads, MPI processes or one rank), shared by its ranks.
std::string workPath(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                      ("distributed_rle_" + transport() + "_" + std::to_string(rankCount()));
    std::filesystem::create_directories(dir);
    return (dir / name).string();
}

std::string bytesOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string rleOf(const Grid& grid, const Rule& rule, const RleExtras& extras) {
    std::ostringstream out;
    writeRle(out, grid, rule, extras);
    return out.str();
}

// The rule and size of a rule string with a topology suffix.
struct Scene {
    Rule rule;
    GridSize size;
};
Scene sceneOf(const std::string& text) {
    const RuleSpec spec = parseRule(text);
    return {spec.rule, *spec.size};
}

const std::vector<std::string> kScenes = {"B3/S23:T203,157", "B2/S345/C4:T97,61", "B3/S23:S31", "B3/S23:K37*,31"};

const RleExtras kExtras{.name = "bands", .comments = {"#C from every rank"}, .generation = 9, .unboundedOrigin = {}};

TEST(DistributedRle, SavedFileIsWriteRleOfTheGatheredGrid) {
    for (const std::string& text : kScenes) {
        const Scene scene = sceneOf(text);
        for (const std::string& backend : rankBackendsFor(scene.rule)) {
            SCOPED_TRACE(text + " on " + backend);
            onEveryRank([&](Communicator& comm) {
                DistributedSimulator grid(comm, scene.rule, scene.size, 0.35, 4, backend);
                grid.step(9);
                const std::string path = workPath("saved.rle");
                grid.saveRle(path, kExtras);
                const Grid whole = grid.gather();
                if (comm.rank() == 0) {
                    EXPECT_EQ(bytesOf(path), rleOf(whole, scene.rule, kExtras));
                }
            });
        }
    }
}

// Rows of dead cells running across every band's edge are one "$" count, as in one grid's RLE.
TEST(DistributedRle, BlankRowsAcrossBandsMergeAsInOneGrid) {
    const Scene scene = sceneOf("B2/S345/C4:T97,61");
    Grid sparse(scene.size);
    sparse.at(3, 2) = 1;
    sparse.at(96, 58) = 3;
    onEveryRank([&](Communicator& comm) {
        DistributedSimulator grid(comm, scene.rule, scene.size, comm.rank() == 0 ? &sparse : nullptr, "cpu");
        const std::string path = workPath("sparse.rle");
        grid.saveRle(path, kExtras);
        if (comm.rank() == 0) {
            EXPECT_EQ(bytesOf(path), rleOf(sparse, scene.rule, kExtras));
            EXPECT_NE(bytesOf(path).find("3.A56$96.C!"), std::string::npos) << bytesOf(path);
        }
    });
}

// A pattern of every state of the rule, at a Golly position on the file's own torus that wraps it around
// the bottom-right corner.
std::string writePatternFile(const Scene& scene, const std::string& name) {
    Grid box({std::min(23, scene.size.width - 2), std::min(17, scene.size.height - 3)});
    for (int y = 0; y < box.height(); ++y)
        for (int x = 0; x < box.width(); ++x) box.at(x, y) = Cell((x * 5 + y * 3 + x * y) % 7 % scene.rule.states);
    const std::string path = workPath(name);
    std::ostringstream text;
    writeRleBlock(text, box, RuleSpec{scene.rule, scene.size},
                  {scene.size.width / 2 - 5, scene.size.height / 2 - 4}); // left w - 5, top h - 4
    writeFileAtomically(path, text.str());
    return path;
}

TEST(DistributedRle, LoadedFileIsItsPatternPlacedAndLoaded) {
    for (const std::string& text : kScenes) {
        const Scene scene = sceneOf(text);
        for (const std::string& backend : rankBackendsFor(scene.rule)) {
            SCOPED_TRACE(text + " on " + backend);
            onEveryRank([&](Communicator& comm) {
                std::string path;
                if (comm.rank() == 0) path = writePatternFile(scene, "pattern.rle");
                DistributedSimulator grid(comm, scene.rule, scene.size, 0.5, 6, backend); // cells to clear
                std::unique_ptr<RleFileReader> file;
                if (comm.rank() == 0) file = std::make_unique<RleFileReader>(path);
                grid.loadRle(file ? &file->rle() : nullptr);
                EXPECT_EQ(grid.generation(), 0u);
                const Grid loaded = grid.gather();
                grid.step(5); // the halos were refreshed
                const Grid stepped = grid.gather();
                if (comm.rank() == 0) {
                    const Grid expected = placePattern(readRleFile(path), scene.size);
                    EXPECT_GT(
                        expected.wrappedAt(scene.size.width - 1, scene.size.height - 1) + expected.wrappedAt(0, 0), 0)
                        << "the pattern should wrap around the corner";
                    EXPECT_EQ(firstDifference(loaded, expected), -1);
                    Simulator single(scene.rule, expected, "cpu-naive");
                    single.step(5);
                    EXPECT_EQ(firstDifference(stepped, single.snapshot()), -1);
                }
            });
        }
    }
}

// Rank 0 may gather 1 MiB, less than the grid: a chunk of 128 rows at a time, several to a band.
TEST(DistributedRle, GridLargerThanRankZeroMayGatherIsSavedAndLoaded) {
    const Rule life = parseRule("B3/S23").rule;
    const GridSize size{2048, 600};
    setenv("CATLAB_GATHER_MEMORY_MIB", "1", 1);
    onEveryRank([&](Communicator& comm) {
        const std::string path = workPath("large.rle");
        DistributedSimulator grid(comm, life, size, 0.3, 4, "cpu");
        grid.step(3);
        const std::string refusal = errorOf([&] { grid.checkGatherFits(); });
        EXPECT_NE(refusal.find(comm.rank() == 0 ? "CATLAB_GATHER_MEMORY_MIB allows 1 MiB" : "ranks failed"),
                  std::string::npos)
            << refusal;
        grid.saveRle(path, kExtras);
        DistributedSimulator copy(comm, life, size, 0.6, 8, "cpu");
        std::unique_ptr<RleFileReader> file;
        if (comm.rank() == 0) file = std::make_unique<RleFileReader>(path);
        copy.loadRle(file ? &file->rle() : nullptr);
        // Checked through rectangles of cells, which are not held to the cap.
        const std::vector<Cell> saved = grid.readCells({0, 0, size.width, size.height});
        const std::vector<Cell> loaded = copy.readCells({0, 0, size.width, size.height});
        if (comm.rank() == 0) {
            Grid whole(size);
            std::copy(saved.begin(), saved.end(), whole.cells().begin());
            EXPECT_EQ(bytesOf(path), rleOf(whole, life, kExtras));
            EXPECT_TRUE(loaded == saved);
        }
    });
    unsetenv("CATLAB_GATHER_MEMORY_MIB");
}

TEST(DistributedRle, BadFilesFailOnEveryRank) {
    const Scene scene = sceneOf("B3/S23:T40,30");
    const auto loadOnEveryRank = [&](const std::string& name, const std::string& text, const std::string& error) {
        SCOPED_TRACE(name);
        onEveryRank([&](Communicator& comm) {
            const std::string path = workPath(name);
            if (comm.rank() == 0) writeFileAtomically(path, text);
            DistributedSimulator grid(comm, scene.rule, scene.size, 0.5, 1, "cpu");
            std::unique_ptr<RleFileReader> file;
            if (comm.rank() == 0) file = std::make_unique<RleFileReader>(path);
            const std::string message = errorOf([&] { grid.loadRle(file ? &file->rle() : nullptr); });
            EXPECT_NE(message.find(comm.rank() == 0 ? error : "ranks failed"), std::string::npos) << message;
        });
    };
    loadOnEveryRank("late.rle", "x = 3, y = 30\n" + std::string(25, '$') + "\n3o$\nbzo!\n",
                    "late.rle:4: unexpected character 'z'");
    loadOnEveryRank("wide.rle", "x = 41, y = 3\no!\n", "pattern of 41x3 cells does not fit a 40x30 grid");
    loadOnEveryRank("states.rle", "x = 3, y = 3, rule = B2/S/C4\n$2bC!\n", "cannot write state 3");
}

} // namespace
} // namespace catlab::testing
