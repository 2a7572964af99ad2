#include "frame_exchange.hpp"

#include "catlab/grid.hpp"

#include <algorithm>

namespace catlab {
namespace {

std::size_t cellsIn(const std::vector<CellRect>& rects) {
    std::size_t cells = 0;
    for (const CellRect& r : rects) cells += std::size_t(r.width) * std::size_t(r.height);
    return cells;
}

std::size_t cellsIn(const std::vector<PeerCells>& messages) {
    std::size_t cells = 0;
    for (const PeerCells& m : messages) cells += m.cells.size();
    return cells;
}

// `cells` contiguous cells in the communicator's memory (rows of at most kMaxGridSide cells), or none
// where that memory is the host's and the host vectors serve as they are.
std::unique_ptr<CellStorage> messageBuffer(MemorySpace space, std::size_t cells) {
    if (space == MemorySpace::Host || cells == 0) return nullptr;
    const std::size_t width = std::min<std::size_t>(cells, std::size_t(kMaxGridSide));
    return std::make_unique<CellStorage>(space, GridSize{int(width), int((cells + width - 1) / width)});
}

} // namespace

FrameExchange::FrameExchange(Communicator& comm, RankFramePlan plan)
    : comm_(comm), plan_(std::move(plan)), staged_(cellsIn(plan_.sources)), targets_(cellsIn(plan_.targets)),
      outgoing_(cellsIn(plan_.sends)), incoming_(cellsIn(plan_.receives)),
      sendBuffer_(messageBuffer(comm.bufferSpace(), outgoing_.size())),
      receiveBuffer_(messageBuffer(comm.bufferSpace(), incoming_.size())) {}

void FrameExchange::run(Simulator& band) {
    std::size_t at = 0;
    for (const CellRect& r : plan_.sources) {
        const std::vector<Cell> cells = band.readCells(r);
        std::copy(cells.begin(), cells.end(), staged_.begin() + std::ptrdiff_t(at));
        at += cells.size();
    }
    for (const auto& [source, target] : plan_.own) targets_[target] = staged_[source];

    Cell* const sendData = sendBuffer_ ? sendBuffer_->view().data : outgoing_.data();
    Cell* const receiveData = receiveBuffer_ ? receiveBuffer_->view().data : incoming_.data();
    std::vector<OutgoingMessage> sends;
    std::vector<IncomingMessage> receives;
    at = 0;
    for (const PeerCells& m : plan_.sends) {
        for (std::size_t i = 0; i < m.cells.size(); ++i) outgoing_[at + i] = staged_[m.cells[i]];
        sends.push_back({m.peer, sendData + at, m.cells.size()});
        at += m.cells.size();
    }
    at = 0;
    for (const PeerCells& m : plan_.receives) {
        receives.push_back({m.peer, receiveData + at, m.cells.size()});
        at += m.cells.size();
    }
    if (sendBuffer_)
        copyRows(sendData, outgoing_.size(), comm_.bufferSpace(), outgoing_.data(), outgoing_.size(), MemorySpace::Host,
                 outgoing_.size(), 1);
    comm_.exchange(sends, receives);
    if (receiveBuffer_)
        copyRows(incoming_.data(), incoming_.size(), MemorySpace::Host, receiveData, incoming_.size(),
                 comm_.bufferSpace(), incoming_.size(), 1);
    at = 0;
    for (const PeerCells& m : plan_.receives)
        for (const std::uint32_t target : m.cells) targets_[target] = incoming_[at++];

    at = 0;
    for (const CellRect& r : plan_.targets) {
        const std::size_t cells = std::size_t(r.width) * std::size_t(r.height);
        band.writeCells(r, std::span<const Cell>(targets_).subspan(at, cells));
        at += cells;
    }
}

} // namespace catlab
