#pragma once
// Checkerboard neighbourhoods of radius R <= 16, bit-sliced: the cells of the square of the other
// colour than the centre (NB, with the centre itself) or of its own colour (ND). Colour is relative:
// (dx + dy) odd or even. As in the small Moore kernel a thread owns a word column and walks down a
// strip, but each row's window is split by the parity of the column offset d: P sums the shifted words
// of even d, Q those of odd d (one carry-save tree's work between them). For the lanes of row Y whose
// x + Y is even the white cells (X + Y even) of that row's window are P and the black ones Q, for the
// other lanes the reverse; the row's white and black sums enter two vertical running sums (a ring of the
// last 2R+1 rows of both in shared memory), and a centre whose x + y is even has the white count as its
// own colour's. Row parities are of unwrapped rows, so a torus of odd height stays relative. Past radius
// kMaxCheckerboardRingRadius the ring would leave few threads resident (both colours' planes of 2R+1 rows
// per thread): the leaving row's sums are then computed again from its words instead.
#include "boxsum_small_moore.cuh"

namespace catlab::cuda {

inline constexpr int kMaxCheckerboardRingRadius = 8;

template <int R>
struct CheckerboardShape {
    static constexpr int window = 2 * R + 1;
    static constexpr int evenOffsets = R % 2 == 0 ? R + 1 : R; // d in -R..R, d even
    static constexpr int oddOffsets = window - evenOffsets;
    static constexpr int rowPlanes = bitsliced::planesFor(R + 1);
    static constexpr int countPlanes = bitsliced::planesFor(window * window);
    static constexpr bool ring = R <= kMaxCheckerboardRingRadius;
    static constexpr int ringWords = ring ? window * 2 * rowPlanes : 0; // white and black sums of the last 2R+1 rows
};

inline constexpr unsigned kEvenLanes = 0x55555555u; // columns 32w + i with i even: x even

// The white and black sums of one row's windows; `rowEven`: the unwrapped row index is even.
template <int R>
CATLAB_HD void rowColourSums(const RowWords& words, bool rowEven, unsigned (&white)[CheckerboardShape<R>::rowPlanes],
                             unsigned (&black)[CheckerboardShape<R>::rowPlanes]) {
    using Shape = CheckerboardShape<R>;
    constexpr int firstEven = -R + (R & 1), firstOdd = -R + 1 - (R & 1); // the lowest offsets of each parity
    unsigned even[Shape::evenOffsets], odd[Shape::oddOffsets];
    CATLAB_UNROLL
    for (int d = -R; d <= R; ++d) {
        const unsigned cells = cellsAt(words, d);
        if ((d & 1) == 0)
            even[(d - firstEven) / 2] = cells;
        else
            odd[(d - firstOdd) / 2] = cells;
    }
    unsigned p[bitsliced::planesFor(Shape::evenOffsets)], q[bitsliced::planesFor(Shape::oddOffsets)];
    bitsliced::countOnes(even, p);
    bitsliced::countOnes(odd, q);
    // P is white where x + Y is even: the even lanes of an even row, the odd lanes of an odd one.
    const unsigned pWhite = rowEven ? kEvenLanes : ~kEvenLanes;
    CATLAB_UNROLL
    for (int k = 0; k < Shape::rowPlanes; ++k) {
        const unsigned pk = k < bitsliced::planesFor(Shape::evenOffsets) ? p[k] : 0u;
        const unsigned qk = k < bitsliced::planesFor(Shape::oddOffsets) ? q[k] : 0u;
        white[k] = (pk & pWhite) | (qk & ~pWhite);
        black[k] = (qk & pWhite) | (pk & ~pWhite);
    }
}

// Aligned: ND (the centre's own colour), else NB (the other colour and the centre).
template <int R, bool Aligned, bool Simple>
CATLAB_HD void checkerboardBody(const StepArgs& a, unsigned* ring, int tid, int threads, long long block) {
    using Shape = CheckerboardShape<R>;
    constexpr int RP = Shape::rowPlanes, CP = Shape::countPlanes;
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const int height = a.in.height;
    const long long y0 = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const int y1 = int(y0 + a.stripRows < a.rowEnd ? y0 + a.stripRows : a.rowEnd);
    // ring[(slot * 2 RP + plane) * threads + tid]: white planes, then black ones.
    auto ringWord = [&](int slot, int plane) -> unsigned& {
        return ring[(std::size_t(slot) * 2 * RP + std::size_t(plane)) * std::size_t(threads) + std::size_t(tid)];
    };

    unsigned white[CP] = {}, black[CP] = {};
    // Adds row `unwrapped`'s sums into the counts and the ring slot.
    auto enter = [&](const RowWords& words, long long unwrapped, int slot) {
        unsigned rowWhite[RP], rowBlack[RP];
        rowColourSums<R>(words, (unwrapped & 1) == 0, rowWhite, rowBlack);
        bitsliced::add(white, rowWhite);
        bitsliced::add(black, rowBlack);
        if constexpr (Shape::ring) {
            CATLAB_UNROLL
            for (int p = 0; p < RP; ++p) {
                ringWord(slot, p) = rowWhite[p];
                ringWord(slot, RP + p) = rowBlack[p];
            }
        }
    };
    int row = wrapRow(y0 - R, height);
    RowWords words = loadRowWords(a.in, row, w);
    int slot = 0;
    for (int j = 0; j < 2 * R; ++j) { // rows y0 - R .. y0 + R - 1
        const RowWords current = words;
        row = nextRow(row, height);
        words = loadRowWords(a.in, row, w);
        enter(current, y0 - R + j, slot++);
    }
    unsigned alive = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(int(y0)) + w);
    // Without the ring: the words of row y - R, loaded a row ahead.
    [[maybe_unused]] int leavingRow = wrapRow(y0 - R, height);
    [[maybe_unused]] RowWords leavingWords{};
    if constexpr (!Shape::ring) leavingWords = loadRowWords(a.in, leavingRow, w);
    for (int y = int(y0); y < y1; ++y) {
        const RowWords current = words; // row y + R enters
        const unsigned centre = alive;
        row = nextRow(row, height);
        words = loadRowWords(a.in, row, w);
        alive = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(nextRow(y, height)) + w);
        enter(current, y + R, slot);
        slot = slot + 1 == Shape::window ? 0 : slot + 1;
        // Lanes whose centre is white (x + y even) count the white cells as their own colour.
        const unsigned whiteCentre = (y & 1) == 0 ? kEvenLanes : ~kEvenLanes;
        unsigned count[CP];
        CATLAB_UNROLL
        for (int p = 0; p < CP; ++p) {
            const unsigned own = (white[p] & whiteCentre) | (black[p] & ~whiteCentre);
            count[p] = Aligned ? own : white[p] ^ black[p] ^ own; // the other colour: the one not chosen
        }
        if constexpr (!Aligned) {
            const unsigned centreOnly[1] = {centre};
            bitsliced::add(count, centreOnly);
        }
        unsigned born, kept;
        testCounts<Simple>(count, a.rule, born, kept);
        writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states, centre);
        unsigned leavingWhite[RP], leavingBlack[RP]; // row y - R, the oldest in the window
        if constexpr (Shape::ring) {
            CATLAB_UNROLL
            for (int p = 0; p < RP; ++p) {
                leavingWhite[p] = ringWord(slot, p);
                leavingBlack[p] = ringWord(slot, RP + p);
            }
        } else {
            const RowWords leaving = leavingWords;
            leavingRow = nextRow(leavingRow, height);
            leavingWords = loadRowWords(a.in, leavingRow, w);
            rowColourSums<R>(leaving, ((y - R) & 1) == 0, leavingWhite, leavingBlack);
        }
        bitsliced::subtract(white, leavingWhite);
        bitsliced::subtract(black, leavingBlack);
    }
}

} // namespace catlab::cuda
