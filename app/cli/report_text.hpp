#pragma once
// Small pieces the benchmark commands share to measure and report: medians, wall-clock milliseconds,
// fixed-point numbers, today's date and CSV fields.

#include <chrono>
#include <string>
#include <vector>

namespace catlab::cli {

// The median of the values (the mean of the middle two for an even count); v must not be empty.
double median(std::vector<double> v);

// Milliseconds of wall-clock time since `start`.
double msSince(std::chrono::steady_clock::time_point start);

// `v` with exactly `digits` digits after the point.
std::string fixedDigits(double v, int digits);

// `v` with at most `digits` significant digits, as a stream writes it by default (0.5, 1e+03).
std::string significantDigits(double v, int digits);

// Today's date in UTC, YYYY-MM-DD.
std::string todayUtc();

// A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a newline.
std::string csvField(const std::string& s);

} // namespace catlab::cli
