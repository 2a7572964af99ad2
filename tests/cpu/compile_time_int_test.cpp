// withCompileTimeInt, which picks the kernel instantiation for a run-time radius or count: every value of
// the range reaches its own instantiation, once; any other value is an Error naming it and the range. And
// the boxsum dispatchers built on it cover their plans' values.
#include "boxsum_plan.hpp"
#include "compile_time_int.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <string>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

// The instantiations reached for `value`, as their template arguments.
template <int First, int Last>
std::vector<int> reached(int value) {
    std::vector<int> calls;
    withCompileTimeInt<First, Last>(value, "test", "value", [&]<int V>() { calls.push_back(V); });
    return calls;
}

template <int First, int Last>
std::string errorFor(int value) {
    try {
        withCompileTimeInt<First, Last>(value, "cat", "band fragments", []<int>() {});
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

TEST(CompileTimeInt, EveryValueInRangeReachesItsOwnInstantiationOnce) {
    for (int v = 1; v <= 8; ++v) EXPECT_EQ((reached<1, 8>(v)), std::vector<int>{v});
    for (int v = 0; v <= 16; ++v) EXPECT_EQ((reached<0, 16>(v)), std::vector<int>{v});
    for (int v = -3; v <= 3; ++v) EXPECT_EQ((reached<-3, 3>(v)), std::vector<int>{v});
    EXPECT_EQ((reached<5, 5>(5)), std::vector<int>{5});
}

TEST(CompileTimeInt, ValuesOutsideTheRangeThrowNamingTheValueAndTheRange) {
    EXPECT_EQ((errorFor<1, 8>(9)), "cat: no kernel for band fragments 9 (compiled for 1..8)");
    EXPECT_EQ((errorFor<1, 8>(0)), "cat: no kernel for band fragments 0 (compiled for 1..8)");
    EXPECT_EQ((errorFor<-3, 3>(-4)), "cat: no kernel for band fragments -4 (compiled for -3..3)");
    EXPECT_EQ((errorFor<5, 5>(6)), "cat: no kernel for band fragments 6 (compiled for 5..5)");
    for (const int v : {INT_MIN, -1, 17, INT_MAX}) EXPECT_THROW((reached<0, 16>(v)), Error) << v;
}

TEST(CompileTimeInt, NothingIsCalledForAValueOutsideTheRange) {
    int calls = 0;
    EXPECT_THROW((withCompileTimeInt<1, 8>(9, "cat", "band fragments", [&]<int>() { ++calls; })), Error);
    EXPECT_EQ(calls, 0);
}

TEST(CompileTimeInt, SmallMooreKernelsCoverRadius1To16) {
    for (int r = 1; r <= kMaxSmallMooreRadius; ++r) {
        int radius = 0;
        dispatchSmallMoore(r, [&]<int R>() { radius = R; });
        EXPECT_EQ(radius, r);
    }
    EXPECT_THROW(dispatchSmallMoore(kMaxSmallMooreRadius + 1, []<int>() {}), Error);
}

TEST(CompileTimeInt, VonNeumannKernelsCoverEveryArmClass) {
    for (const ArmClass& c : kArmClasses) {
        int arms = 0, counts = 0;
        dispatchVonNeumann(c.armPlanes, [&]<int A, int C>() {
            arms = A;
            counts = C;
        });
        EXPECT_EQ(arms, c.armPlanes);
        EXPECT_EQ(counts, c.countPlanes);
    }
    EXPECT_THROW(dispatchVonNeumann(0, []<int, int>() {}), Error);
}

// Every radius 1..500 has the smallest class that holds its lines, and every shape and class a kernel.
TEST(CompileTimeInt, LineKernelsCoverEveryShapeAndRadius) {
    for (int r = 1; r <= kMaxRadius; ++r) {
        const int k = lineClassFor(r);
        EXPECT_GE(kLineClasses[k].maxRadius, r) << r;
        if (k > 0) {
            EXPECT_LT(kLineClasses[k - 1].maxRadius, r) << r;
        }
    }
    for (LineShape shape : {LineShape::Cross, LineShape::Saltire, LineShape::Star, LineShape::Hash})
        for (int k = 0; k < kLineClassCount; ++k) {
            int reachedClass = -1;
            LineShape reachedShape = LineShape::Cross;
            dispatchLines(shape, k, [&]<LineShape S, int K>() {
                reachedShape = S;
                reachedClass = K;
            });
            EXPECT_EQ(reachedShape, shape);
            EXPECT_EQ(reachedClass, k);
        }
    EXPECT_THROW(dispatchLines(LineShape::Star, kLineClassCount, []<LineShape, int>() {}), Error);
}

} // namespace
} // namespace catlab
