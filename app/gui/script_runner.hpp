#pragma once

#include "gui/lab.hpp"
#include "gui/script.hpp"

#include <iosfwd>

namespace catlab::gui {

// Plays a parsed script against the lab, a few commands per frame. A command that fails (an invalid
// rule, a grid too large, an unreadable file) is reported as "<script>:<line>: <command>: <why>" on
// `errors` and the script goes on, as a user would after seeing the error in the panel; failures()
// counts them so the process can exit non-zero.
class ScriptRunner {
  public:
    ScriptRunner(Script script, std::ostream& out, std::ostream& errors);

    // Call at the start of every frame: runs commands until one waits for frames, takes a screenshot
    // (saved at the end of this frame), asks to quit, or the script ends.
    void beginFrame(Lab& lab);
    bool finished() const { return next_ >= script_.commands.size() && waitFrames_ == 0; }
    int failures() const { return failures_; }

  private:
    void execute(const ScriptCommand& command, Lab& lab);
    // "<script>:<line>: <command>", what its failures are reported as.
    std::string origin(const ScriptCommand& command) const;

    Script script_;
    std::ostream& out_;
    std::ostream& errors_;
    std::size_t next_ = 0;
    long long waitFrames_ = 0;
    int failures_ = 0;
};

} // namespace catlab::gui
