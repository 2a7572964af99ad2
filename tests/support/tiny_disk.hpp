#pragma once
// A real full disk for the tests that write files: a 64 KiB tmpfs mounted on a fresh temporary folder,
// unmounted and removed again by the destructor. Mounting needs root (CI runs as root); elsewhere
// available() is false and whyNot() says why, for GTEST_SKIP.

#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace catlab::testing {

class TinyDisk {
  public:
    TinyDisk() {
        if (::geteuid() != 0) {
            whyNot_ = "a full disk needs a tmpfs mounted, which needs root";
            return;
        }
        std::string pattern = (std::filesystem::temp_directory_path() / "catlab-tiny-disk-XXXXXX").string();
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        if (::mkdtemp(name.data()) == nullptr) {
            whyNot_ = std::string("cannot make a folder to mount on: ") + std::strerror(errno);
            return;
        }
        root_ = name.data();
        if (::mount("tmpfs", root_.c_str(), "tmpfs", 0, "size=64k") != 0) {
            whyNot_ = std::string("cannot mount a 64 KiB tmpfs: ") + std::strerror(errno);
            return;
        }
        mounted_ = true;
    }
    TinyDisk(const TinyDisk&) = delete;
    TinyDisk& operator=(const TinyDisk&) = delete;
    ~TinyDisk() {
        if (mounted_) ::umount2(root_.c_str(), MNT_DETACH);
        if (!root_.empty()) ::rmdir(root_.c_str());
    }

    bool available() const { return mounted_; }
    const std::string& whyNot() const { return whyNot_; }
    std::filesystem::path path(const std::string& name) const { return std::filesystem::path(root_) / name; }

    // Fills what is left with one file, until the file system says it is full.
    void fill() const {
        std::ofstream filler(path("filler"), std::ios::binary);
        const std::string block(4096, 'f');
        while (filler.write(block.data(), std::streamsize(block.size())) && filler.flush()) {
        }
    }

    // Every file in the disk's root but the filler (no temporaries left behind, say).
    std::vector<std::string> files() const {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(root_))
            if (entry.path().filename() != "filler") names.push_back(entry.path().filename().string());
        return names;
    }

  private:
    std::string root_;
    std::string whyNot_;
    bool mounted_ = false;
};

} // namespace catlab::testing
