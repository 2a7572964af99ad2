#include "cli/interrupt_flag.hpp"

#include <csignal>
#include <utility>

namespace catlab::cli {
namespace {

std::atomic<bool> gRaised{false};
std::atomic<int> gSignal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

struct sigaction gPreviousInt {
}, gPreviousTerm{};

extern "C" void raiseFlag(int signal) {
    gSignal.store(signal);
    gRaised.store(true);
}

} // namespace

InterruptFlag::InterruptFlag() {
    gRaised = false;
    gSignal = 0;
    struct sigaction action {};
    action.sa_handler = raiseFlag;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // blocking calls in progress go on; the flag is checked between steps
    // A signal ignored from the start stays ignored: a shell starts background jobs ignoring SIGINT so
    // that Ctrl+C meant for the foreground leaves them alone, and nohup does the same for SIGHUP.
    for (auto [number, previous] : {std::pair{SIGINT, &gPreviousInt}, std::pair{SIGTERM, &gPreviousTerm}}) {
        sigaction(number, nullptr, previous);
        if (previous->sa_handler != SIG_IGN) sigaction(number, &action, nullptr);
    }
}

InterruptFlag::~InterruptFlag() {
    sigaction(SIGINT, &gPreviousInt, nullptr);
    sigaction(SIGTERM, &gPreviousTerm, nullptr);
}

const std::atomic<bool>& InterruptFlag::raised() const { return gRaised; }

int InterruptFlag::signal() const { return gSignal.load(); }

std::string signalName(int signal) {
    if (signal == SIGINT) return "SIGINT (Ctrl+C)";
    if (signal == SIGTERM) return "SIGTERM";
    return "signal " + std::to_string(signal);
}

} // namespace catlab::cli
