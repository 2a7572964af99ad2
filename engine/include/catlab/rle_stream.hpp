#pragma once
// RLE written and read a chunk of rows at a time, for grids too large to hold whole in one place (a
// distributed grid's --out and --in). writeRle and readRle (rle.hpp) are these with one chunk: the bytes
// and the cells are the same whatever the chunks.

#include "catlab/atomic_file.hpp"
#include "catlab/grid.hpp"
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace catlab {

// Everything an RLE file says before its cells.
struct RleHeader {
    GridSize size;                                  // the cells written: "x = .., y = .."
    RuleSpec rule;                                  // with the torus size for the ":T" suffix, if any
    std::pair<std::int64_t, std::int64_t> position; // "#CXRLE Pos=": the top-left cell on Golly's plane
    std::uint64_t generation = 0;                   // "Gen=" when above 0
    std::string name;                               // "#N"
    std::vector<std::string> comments;              // as RleExtras::comments
};

// The header writeRle writes for a whole bounded grid: its rule and torus size, placed as Golly places
// a torus (the top-left cell at -w/2, -h/2). Throws catlab::Error for extras.unboundedOrigin, whose live
// cells' box is only known once every cell has been seen.
RleHeader rleHeaderOf(GridSize grid, const Rule& rule, const RleExtras& extras);

// Writes the header at once, then whole rows in order, in chunks of any number of rows, then '!' at
// finish(): the bytes writeRle writes for the same cells. Rows of dead cells are held back as one
// count until a live cell or the end comes, so blank rows merge across chunks as within one.
class RleStreamWriter {
  public:
    RleStreamWriter(std::ostream& out, const RleHeader& header);
    // `rows` rows of header.size.width cells, each `stride` cells after the one before.
    void writeRows(const Cell* cells, int rows, std::size_t stride);
    // Ends the pattern; throws catlab::Error unless exactly header.size.height rows came. The caller
    // checks the stream.
    void finish();

  private:
    void emit(long long count, std::string_view token);

    std::ostream& out_;
    GridSize size_;
    bool twoStates_;
    int rowsWritten_ = 0;
    long long pendingRows_ = 0; // '$'s not yet written: row ends and blank rows
    std::string line_;          // the output line being filled, up to 70 characters
};

// The same into a file, written atomically (AtomicFile): a failure leaves the old file as it was.
class RleFileWriter {
  public:
    RleFileWriter(const std::string& path, const RleHeader& header);
    void writeRows(const Cell* cells, int rows, std::size_t stride) { rle_.writeRows(cells, rows, stride); }
    // finish(), then AtomicFile::commit(): throws naming the path and the reason when a write failed.
    void commit();

  private:
    AtomicFile file_;
    RleStreamWriter rle_;
};

// Reads an RLE file's header and comments at construction, then hands out its cells a chunk of rows at
// a time, decoding as it goes and holding no more than the line it is in. Malformed input throws
// catlab::Error "source:line: reason", the same errors as readRle (which is this with one chunk).
class RleStreamReader {
  public:
    RleStreamReader(std::istream& in, std::string sourceName);

    // The bounding box the header gives (a side of 0 read as 1: one dead cell).
    GridSize size() const { return size_; }
    // The rule, position, name, comments and generation, as readRle gives them; no cells. Comment lines
    // among the cells are added as they are read.
    const Pattern& metadata() const { return metadata_; }
    // The next `rows` rows of the box (fewer when fewer are left: the count is returned) into `cells`,
    // `stride` cells from one row to the next, dead where the file gives nothing. `cells` may be null:
    // the rows are checked and skipped. The last rows read on to the terminating '!'.
    int readRows(Cell* cells, int rows, std::size_t stride);
    int rowsLeft() const { return size_.height - nextRow_; }
    // The highest state met so far.
    Cell highestState() const { return highestState_; }

    // "source:line: why" at the header line, for what the caller finds wrong with the header.
    [[noreturn]] void failAtHeader(const std::string& why) const;

  private:
    [[noreturn]] void fail(const std::string& why) const;
    [[noreturn]] void failAt(int line, const std::string& why) const;
    int get();
    bool readLine(std::string& line);
    void readComment(const std::string& line);
    void readExtendedHeader(const std::string& line);
    void readHeader(const std::string& line);
    void decodeUntil(Cell* cells, int firstRow, int endRow, std::size_t stride);

    std::istream& in_;
    std::string source_;
    Pattern metadata_;
    GridSize size_{1, 1};
    bool empty_ = false; // a side of 0: no cell may be live
    int states_ = 256;
    int lineNumber_ = 0, headerLine_ = 0;
    bool atLineStart_ = true;
    long long run_ = 0;
    long long x_ = 0, y_ = 0; // where the next cell of the file goes, in the box
    int nextRow_ = 0;         // the first row not handed out yet
    bool ended_ = false;      // '!' read
    Cell highestState_ = 0;
};

// A file opened for RleStreamReader: throws catlab::Error naming the path and the system's reason when
// it cannot be read, or is not a regular file.
class RleFileReader {
  public:
    explicit RleFileReader(const std::string& path);
    RleStreamReader& rle() { return rle_; }

  private:
    std::ifstream file_;
    RleStreamReader rle_;
};

// Where a pattern's box lands on a torus, as placePattern puts it: its top-left cell at (left, top),
// the box wrapping around the torus past its edges. Throws catlab::Error when the box is larger.
struct PatternPlacement {
    int left = 0, top = 0;
};
PatternPlacement placementOf(GridSize box, const Pattern& metadata, GridSize torus);

} // namespace catlab
