// The flag that SIGINT and SIGTERM raise instead of ending the process.
#include "cli/interrupt_flag.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace catlab::cli {
namespace {

// Sets a signal's disposition for the scope and puts the previous one back.
class SignalDisposition {
  public:
    SignalDisposition(int signal, void (*handler)(int)) : signal_(signal) {
        struct sigaction action {};
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        sigaction(signal_, &action, &previous_);
    }
    ~SignalDisposition() { sigaction(signal_, &previous_, nullptr); }
    SignalDisposition(const SignalDisposition&) = delete;
    SignalDisposition& operator=(const SignalDisposition&) = delete;

  private:
    int signal_;
    struct sigaction previous_ {};
};

TEST(InterruptFlag, ASignalRaisesTheFlagInsteadOfEndingTheProcess) {
    const SignalDisposition byDefault(SIGTERM, SIG_DFL);
    const InterruptFlag flag;
    EXPECT_FALSE(flag.raised().load());
    EXPECT_EQ(flag.signal(), 0);
    std::raise(SIGTERM);
    EXPECT_TRUE(flag.raised().load());
    EXPECT_EQ(flag.signal(), SIGTERM);
    EXPECT_EQ(flag.exitCode(), 143);
    EXPECT_EQ(signalName(SIGINT), "SIGINT (Ctrl+C)");
    EXPECT_EQ(signalName(SIGTERM), "SIGTERM");
}

// A shell starts background jobs ignoring SIGINT; Ctrl+C meant for the foreground leaves them be.
TEST(InterruptFlag, ASignalIgnoredFromTheStartStaysIgnored) {
    const SignalDisposition ignored(SIGINT, SIG_IGN);
    {
        const InterruptFlag flag;
        std::raise(SIGINT); // would end the test run if the flag had put a default back
        EXPECT_FALSE(flag.raised().load());
    }
    struct sigaction now {};
    sigaction(SIGINT, nullptr, &now);
    EXPECT_EQ(now.sa_handler, SIG_IGN); // and so it stays after the flag
}

} // namespace
} // namespace catlab::cli
