// The host versions of the CUDA intrinsics that the kernel bodies use (the CPU emulation runs the bodies
// with them): each gives what the CUDA documentation gives for the same operands.
#include "device_intrinsics.cuh"

#include <gtest/gtest.h>

namespace catlab {
namespace {

using namespace catlab::cuda::intrinsics;

TEST(DeviceIntrinsics, BytePermutePicksTheSelectedBytesOfBothWords) {
    const unsigned a = 0x33221100u, b = 0x77665544u; // byte k of (b:a) holds k * 0x11
    EXPECT_EQ(bytePermute(a, b, 0x3210u), a);
    EXPECT_EQ(bytePermute(a, b, 0x7654u), b);
    EXPECT_EQ(bytePermute(a, b, 0x5410u), 0x55441100u); // the low halves of a and b
    EXPECT_EQ(bytePermute(a, b, 0x7632u), 0x77663322u); // the high halves
    EXPECT_EQ(bytePermute(a, b, 0x0123u), 0x00112233u);
    EXPECT_EQ(bytePermute(a, b, 0x4444u), 0x44444444u);
}

TEST(DeviceIntrinsics, FunnelShiftsAndDotProducts) {
    EXPECT_EQ(funnelRight(0x80000001u, 0x00000003u, 1), 0xC0000000u);
    EXPECT_EQ(funnelLeft(0x80000001u, 0x00000003u, 1), 0x00000007u);
    // dp4a: unsigned bytes of the first operand times signed bytes of the second.
    EXPECT_EQ(dot4(0x01020304u, 0xFF01FF01u, 10), 10 - 1 + 2 - 3 + 4);
    EXPECT_EQ(dot4<true>(0x01020304u, 0xFF01FF01u, 10), 10 + 255 + 2 + 3 * 255 + 4); // b's bytes unsigned
    // dp2a.lo: the two 16-bit halves times the two low signed bytes.
    EXPECT_EQ(dot2(0x03E80001u, 0x0000FF02u, 0), 2 * 1 - 1000);
}

TEST(DeviceIntrinsics, WideMultiplyKeepsTheWholeProduct) {
    EXPECT_EQ(multiplyWide(0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFE00000001ull);
    EXPECT_EQ(multiplyWide(1u << 20, 4u * ((1u << 15) + 8u)), (1ull << 20) * 4 * ((1u << 15) + 8));
}

TEST(DeviceIntrinsics, ShiftInCarryAppendsTheCarryOfTheSum) {
    EXPECT_EQ(shiftInCarry(0b101u, 0xFFFFFFFFu, 1u), 0b1011u);
    EXPECT_EQ(shiftInCarry(0b101u, 0xFFFFFFFEu, 1u), 0b1010u);
}

} // namespace
} // namespace catlab
