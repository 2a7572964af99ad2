#include "record/child_process.hpp"

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace catlab::testing {
namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// In the child between fork and exec: only async-signal-safe calls, then _exit on failure.
[[noreturn]] void execChild(const std::filesystem::path& directory, const ChildOptions& options, char** argv) {
    if (chdir(directory.c_str()) != 0) _exit(126);
    const int out = open("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open("stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(126);
    if (options.dropRoot && geteuid() == 0) {
        const gid_t nobodyGroup = 65534;
        const uid_t nobody = 65534;
        if (setgroups(0, nullptr) != 0 || setgid(nobodyGroup) != 0 || setuid(nobody) != 0) _exit(126);
    }
    // The signals the tests send act as they do for a user's command, whatever the test runner ignores.
    struct sigaction byDefault {};
    byDefault.sa_handler = SIG_DFL;
    if (sigaction(SIGINT, &byDefault, nullptr) != 0 || sigaction(SIGTERM, &byDefault, nullptr) != 0) _exit(126);
    if (options.fileSizeLimit) {
        rlimit limit{};
        limit.rlim_cur = limit.rlim_max = *options.fileSizeLimit;
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(126);
    }
    execv(argv[0], argv);
    _exit(127);
}

} // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& args, const std::filesystem::path& directory,
                           const ChildOptions& options)
    : directory_(directory) {
    // Everything the child needs is prepared before fork: it may only make async-signal-safe calls.
    std::vector<std::string> all{CATLAB_EXECUTABLE};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) execChild(directory, options, argv.data());
}

ChildProcess::~ChildProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
}

void ChildProcess::sendSignal(int signal) const {
    if (pid_ > 0) kill(pid_, signal);
}

bool ChildProcess::waitForOutput(const std::string& text, std::chrono::seconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    const auto printed = [&] { return readText(directory_ / "stdout.txt").find(text) != std::string::npos; };
    while (std::chrono::steady_clock::now() < deadline) {
        if (printed()) return true;
        siginfo_t ended{}; // left for wait() to reap (WNOWAIT)
        if (pid_ <= 0 || waitid(P_PID, id_t(pid_), &ended, WEXITED | WNOHANG | WNOWAIT) != 0 || ended.si_pid != 0)
            return printed();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

ChildResult ChildProcess::wait() {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0)
        if (errno != EINTR) throw std::runtime_error("waitpid failed");
    pid_ = -1;
    ChildResult result;
    if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    result.out = readText(directory_ / "stdout.txt");
    result.err = readText(directory_ / "stderr.txt");
    return result;
}

ChildResult runCatlab(const std::vector<std::string>& args, const std::filesystem::path& directory,
                      const ChildOptions& options) {
    ChildProcess child(args, directory, options);
    return child.wait();
}

} // namespace catlab::testing
