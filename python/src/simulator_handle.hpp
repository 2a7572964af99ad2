#pragma once
// A Simulator as Python holds it: the engine's Simulator plus what keeps Python's use of it safe.
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"

#include <cstdint>
#include <memory>

namespace catlab::python {

// Arrays made from Simulator.state() point into the running backend's memory. The handle counts them
// and refuses what would free that memory (another backend, rule or grid) while any is alive; it also
// refuses any call while a step runs on another thread (the GIL is released during steps).
class SimulatorHandle {
  public:
    explicit SimulatorHandle(std::unique_ptr<Simulator> simulator) : simulator_(std::move(simulator)) {}

    // The simulator, for a call that reads or changes the cells in place.
    Simulator& use() {
        if (busy_) throw Error("the simulator is stepping in another thread; one call at a time");
        return *simulator_;
    }
    // For a call that may free or reallocate the backend's state (switching backend, rule or grid).
    Simulator& relocate(const char* what) {
        Simulator& s = use();
        if (views_ > 0)
            throw Error(std::string("cannot ") + what + " while " + std::to_string(views_) +
                        " view(s) of the state from Simulator.state() are alive (arrays made from them "
                        "included): their memory would go away; delete them first");
        ++epoch_;
        return s;
    }

    // A step: views made before it may now show another generation. Cells written through writable
    // views since the last step are made known to the backend first.
    Simulator& beginStep() {
        Simulator& s = use();
        if (written_) s.stateWritten();
        written_ = writableViews_ > 0;
        ++epoch_;
        busy_ = true;
        return s;
    }
    void endStep() { busy_ = false; }

    std::uint64_t epoch() const { return epoch_; }
    void viewMade(bool writable) {
        ++views_;
        if (writable) {
            ++writableViews_;
            written_ = true;
        }
    }
    void viewGone(bool writable) {
        --views_;
        if (writable) --writableViews_;
    }

  private:
    std::unique_ptr<Simulator> simulator_;
    std::uint64_t epoch_ = 0; // changes whenever the state may have moved
    int views_ = 0, writableViews_ = 0;
    bool written_ = false; // a writable view existed since the last step
    bool busy_ = false;
};

} // namespace catlab::python
