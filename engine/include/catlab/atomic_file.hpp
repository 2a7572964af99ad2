#pragma once

#include "catlab/error.hpp"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace catlab {

// What AtomicFile throws: the message names the path and the reason, code() is the errno behind it.
class FileWriteError : public Error {
  public:
    FileWriteError(const std::string& message, int code) : Error(message), code_(code) {}
    int code() const { return code_; }

  private:
    int code_;
};

// Writes one file so that a failure never costs what was there. A new or regular file is written to a
// temporary file beside it, `.<name>.tmp-<random>`, and commit() flushes it to disk and renames it over
// the target: readers see the old file or the whole new one, never a part. A target that is not a
// regular file (a character device such as /dev/null, a FIFO) cannot be replaced and is written
// directly, every write checked. A directory is refused, and so is a file the user may not write (though
// the folder would allow replacing it). A symbolic link is followed: the file it names is replaced, the
// link stays.
//
// Every failure throws FileWriteError "cannot write 'PATH': REASON" (the system's reason). Without a
// successful commit(), the destructor removes the temporary and the target is left as it was.
class AtomicFile {
  public:
    // Append: the new file starts as a copy of the old one (for a regular target).
    enum class Mode { Replace, Append };

    explicit AtomicFile(std::string path, Mode mode = Mode::Replace);
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    ~AtomicFile();

    // Throws at once when the file cannot take the bytes.
    void write(const void* data, std::size_t size);
    void write(std::string_view text) { write(text.data(), text.size()); }

    // A buffered stream into the same file, for formatted output. A failed write makes it bad; commit()
    // then throws with the reason.
    std::ostream& stream();

    // Flushes, syncs to disk, closes and renames the temporary over the target (then syncs the folder).
    void commit();

    const std::string& path() const;
    // Where the bytes go until commit(): the temporary, or the target itself when it is written directly.
    // Another program may write this file (it must not rename or remove it).
    const std::string& writtenPath() const;
    // Append mode: the bytes the file held before (0 for a new file or one that is not a regular file).
    std::uint64_t previousSize() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

// Writes the whole file atomically.
void writeFileAtomically(const std::string& path, const void* data, std::size_t size);
inline void writeFileAtomically(const std::string& path, std::string_view text) {
    writeFileAtomically(path, text.data(), text.size());
}

// Throws FileWriteError as AtomicFile would (a directory, a missing or read-only folder) without changing
// anything: for checking an output path before long work.
void checkWritable(const std::string& path);

} // namespace catlab
