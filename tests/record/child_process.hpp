#pragma once
// Runs the real `catlab` executable as a child process, so tests can signal it, limit its file sizes
// or run it without root's privileges, and read what it printed.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace catlab::testing {

struct ChildOptions {
    std::optional<unsigned long long> fileSizeLimit; // RLIMIT_FSIZE in bytes, as a full disk would stop writes
    bool dropRoot = false;                           // run as user nobody when the test runs as root
};

struct ChildResult {
    int exitCode = -1; // -1 when it died of a signal
    int signal = 0;
    std::string out;
    std::string err;
};

class ChildProcess {
  public:
    // Starts `catlab args...` in `directory` (stdout and stderr go to files there).
    ChildProcess(const std::vector<std::string>& args, const std::filesystem::path& directory,
                 const ChildOptions& options = {});
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess(); // kills it if it still runs

    void sendSignal(int signal) const;
    // Waits until the child has printed `text` on stdout (true), or has ended or `timeout` passed (false).
    bool waitForOutput(const std::string& text, std::chrono::seconds timeout) const;
    ChildResult wait();

  private:
    pid_t pid_ = -1;
    std::filesystem::path directory_;
};

// Runs catlab to the end.
ChildResult runCatlab(const std::vector<std::string>& args, const std::filesystem::path& directory,
                      const ChildOptions& options = {});

} // namespace catlab::testing
