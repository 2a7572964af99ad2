#include "catlab/distributed/communicator.hpp"

#include "catlab/error.hpp"

namespace catlab {
namespace {

class SingleRankCommunicator final : public Communicator {
  public:
    explicit SingleRankCommunicator(MemorySpace space) : space_(space) {}
    int rank() const override { return 0; }
    int size() const override { return 1; }
    MemorySpace bufferSpace() const override { return space_; }
    std::string transport() const override { return "single"; }
    void exchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) override {
        if (!sends.empty() || !receives.empty()) throw Error("a single rank has no other rank to exchange with");
    }
    std::uint64_t sum(std::uint64_t value) override { return value; }
    double max(double value) override { return value; }
    std::vector<double> allGather(double value) override { return {value}; }

  private:
    MemorySpace space_;
};

} // namespace

std::unique_ptr<Communicator> makeSingleRankCommunicator(MemorySpace space) {
    return std::make_unique<SingleRankCommunicator>(space);
}

} // namespace catlab
