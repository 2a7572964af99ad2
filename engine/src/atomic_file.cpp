#include "catlab/atomic_file.hpp"

#include "catlab/error.hpp"
#include "descriptor_output.hpp"
#include "unique_descriptor.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <random>

namespace catlab {
namespace {

namespace fs = std::filesystem;

// Room for ".tmp-" and the random part within a file name's 255 bytes.
constexpr std::size_t kMaxNameInTemporary = 200;
constexpr int kRandomChars = 8;

std::string randomText() {
    static constexpr std::string_view kChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 engine{std::random_device{}()};
    std::uniform_int_distribution<std::size_t> pick(0, kChars.size() - 1);
    std::string text(kRandomChars, ' ');
    for (char& c : text) c = kChars[pick(engine)];
    return text;
}

[[noreturn]] void failWriting(const std::string& path, int code, const std::string& context = {}) {
    throw FileWriteError("cannot write '" + path + "': " + context + std::strerror(code), code);
}

// The file a symbolic link leads to, so that replacing it keeps the link.
fs::path resolvedTarget(const std::string& path) {
    struct stat link {};
    if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
    std::array<char, PATH_MAX> resolved{};
    if (::realpath(path.c_str(), resolved.data()) == nullptr) failWriting(path, errno);
    return resolved.data();
}

// Makes the name durable after a rename. Folders whose file system cannot sync them say EINVAL.
void syncFolder(const std::string& path, const fs::path& folder) {
    UniqueDescriptor fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!fd.valid() || (::fsync(fd.get()) != 0 && errno != EINVAL))
        failWriting(path, errno, "syncing the folder '" + folder.string() + "': ");
}

} // namespace

struct AtomicFile::State {
    explicit State(std::string targetPath) : path(std::move(targetPath)) {}
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    // Here rather than in ~AtomicFile, so that a constructor that throws leaves no temporary either.
    ~State() {
        fd.close();
        if (replacing && !committed) ::unlink(writtenPath.c_str());
    }

    [[noreturn]] void fail(int error, const std::string& context = {}) const { failWriting(path, error, context); }
    // A write that did not go through: the system's reason when it gave one.
    [[noreturn]] void failedWrite() const { fail(output && output->error() != 0 ? output->error() : EIO); }

    void openDirectly(Mode mode) {
        writtenPath = path;
        fd = UniqueDescriptor(
            ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (mode == Mode::Append ? O_APPEND : 0)));
        if (!fd.valid()) fail(errno);
    }

    // Creates the temporary beside `file`, with the mode (and, where allowed, the owner) of `old`.
    void openTemporary(const fs::path& file, const struct stat* old) {
        target = file;
        folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
        const std::string name = file.filename().string().substr(0, kMaxNameInTemporary);
        for (int attempt = 0; !fd.valid(); ++attempt) {
            writtenPath = (folder / ("." + name + ".tmp-" + randomText())).string();
            fd = UniqueDescriptor(::open(writtenPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
            if (!fd.valid() && (errno != EEXIST || attempt == 100)) {
                const int error = errno;
                writtenPath.clear();
                fail(error);
            }
        }
        replacing = true;
        if (!old) return;
        if (::fchmod(fd.get(), old->st_mode & 07777) != 0) fail(errno);
        // Only root may give a file away: anyone else's rewrite becomes theirs, as an editor's would.
        if (old->st_uid != ::geteuid() || old->st_gid != ::getegid())
            if (::fchown(fd.get(), old->st_uid, old->st_gid) != 0 && ::geteuid() == 0) fail(errno);
    }

    void copyFrom(const fs::path& old) {
        UniqueDescriptor in(::open(old.c_str(), O_RDONLY | O_CLOEXEC));
        if (!in.valid()) fail(errno, "reading it to append: ");
        std::array<char, 1 << 16> chunk;
        while (true) {
            const ssize_t got = ::read(in.get(), chunk.data(), chunk.size());
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) fail(errno, "reading it to append: ");
            if (got == 0) break;
            if (buffer().sputn(chunk.data(), got) != got) failedWrite();
            previousSize += std::uint64_t(got);
        }
    }

    DescriptorOutput& buffer() {
        if (!output) {
            output = std::make_unique<DescriptorOutput>(fd.get());
            stream = std::make_unique<std::ostream>(output.get());
        }
        return *output;
    }

    std::string path;        // as given: what messages name
    fs::path target;         // the regular file replaced (a link resolved), when replacing
    fs::path folder;         // where the temporary lies, when replacing
    std::string writtenPath; // the temporary, or the target when written directly
    bool replacing = false;
    bool committed = false;
    std::uint64_t previousSize = 0;
    UniqueDescriptor fd;
    std::unique_ptr<DescriptorOutput> output;
    std::unique_ptr<std::ostream> stream;
};

AtomicFile::AtomicFile(std::string path, Mode mode) : state_(std::make_unique<State>(std::move(path))) {
    State& s = *state_;
    if (s.path.empty()) throw FileWriteError("cannot write a file without a name", ENOENT);
    struct stat old {};
    if (::stat(s.path.c_str(), &old) != 0) {
        if (errno != ENOENT) s.fail(errno);
        const fs::path file(s.path);
        if (!file.has_filename()) s.fail(EISDIR); // "out/": a folder, not a file
        s.openTemporary(file, nullptr);
        return;
    }
    if (S_ISDIR(old.st_mode)) s.fail(EISDIR);
    if (!S_ISREG(old.st_mode)) { // a device or a FIFO: there is nothing to keep, nor anything to rename over
        s.openDirectly(mode);
        return;
    }
    // Renaming needs only the folder's permission; a file its owner made read-only stays so.
    if (::access(s.path.c_str(), W_OK) != 0) s.fail(errno);
    const fs::path target = resolvedTarget(s.path);
    s.openTemporary(target, &old);
    if (mode == Mode::Append) s.copyFrom(target);
}

AtomicFile::~AtomicFile() = default;

void AtomicFile::write(const void* data, std::size_t size) {
    State& s = *state_;
    if (s.committed) throw FileWriteError("cannot write '" + s.path + "': it is already complete", EBADF);
    const auto* bytes = static_cast<const char*>(data);
    while (size > 0) { // sputn takes a signed count
        const std::streamsize part = std::streamsize(std::min<std::size_t>(size, 1u << 30));
        if (s.buffer().sputn(bytes, part) != part) s.failedWrite();
        bytes += part;
        size -= std::size_t(part);
    }
}

std::ostream& AtomicFile::stream() {
    state_->buffer();
    return *state_->stream;
}

void AtomicFile::commit() {
    State& s = *state_;
    if (s.committed) return;
    if (s.stream) {
        s.stream->flush();
        if (!*s.stream) s.failedWrite();
    }
    if (s.replacing && ::fsync(s.fd.get()) != 0) s.fail(errno);
    if (const int error = s.fd.close()) s.fail(error);
    if (s.replacing) {
        if (::rename(s.writtenPath.c_str(), s.target.c_str()) != 0) s.fail(errno);
        s.committed = true;
        syncFolder(s.path, s.folder);
    }
    s.committed = true;
}

const std::string& AtomicFile::path() const { return state_->path; }
const std::string& AtomicFile::writtenPath() const { return state_->writtenPath; }
std::uint64_t AtomicFile::previousSize() const { return state_->previousSize; }

void writeFileAtomically(const std::string& path, const void* data, std::size_t size) {
    AtomicFile file(path);
    file.write(data, size);
    file.commit();
}

void checkWritable(const std::string& path) {
    struct stat existing {};
    if (!path.empty() && ::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) &&
        !S_ISDIR(existing.st_mode)) {
        // Opening a FIFO would wait for a reader: ask for permission only.
        if (::access(path.c_str(), W_OK) != 0) failWriting(path, errno);
        return;
    }
    const AtomicFile probe(path); // refuses what AtomicFile refuses; its temporary goes again
}

} // namespace catlab
