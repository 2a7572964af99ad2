// What Identify found, in words and as JSON.
#include "catlab/identify.hpp"

#include <cstdlib>
#include <numeric>
#include <sstream>

namespace catlab {
namespace {

// "c", "2c", "c/4", "2c/5": k cells in p generations, the fraction reduced.
std::string cellsPerGenerations(std::uint64_t k, std::uint64_t p, std::uint64_t divisor) {
    std::ostringstream text;
    if (k != divisor) text << k / divisor;
    text << 'c';
    if (p != divisor) text << '/' << p / divisor;
    return text.str();
}

std::string heatText(double heat) {
    std::ostringstream text;
    text.precision(6);
    text << heat;
    return text.str();
}

} // namespace

const char* toString(IdentifyKind kind) {
    switch (kind) {
    case IdentifyKind::DiesOut: return "dies out";
    case IdentifyKind::StillLife: return "still life";
    case IdentifyKind::Oscillator: return "oscillator";
    case IdentifyKind::Spaceship: return "spaceship";
    case IdentifyKind::NoCycle: return "no cycle";
    }
    return "?";
}

std::string speedText(int dx, int dy, std::uint64_t period) {
    const std::uint64_t a = std::uint64_t(std::abs(dx)), b = std::uint64_t(std::abs(dy));
    if (period == 0 || (a == 0 && b == 0)) return "";
    if (a == 0 || b == 0) return cellsPerGenerations(a + b, period, std::gcd(a + b, period)) + " orthogonal";
    if (a == b) return cellsPerGenerations(a, period, std::gcd(a, period)) + " diagonal";
    const std::uint64_t divisor = std::gcd(std::gcd(a, b), period);
    std::ostringstream text;
    text << '(' << std::max(a, b) / divisor << ',' << std::min(a, b) / divisor << ')'
         << cellsPerGenerations(1, period / divisor, 1) << " oblique";
    return text.str();
}

std::string headingText(int dx, int dy) {
    const std::string vertical = dy < 0 ? "north" : dy > 0 ? "south" : "";
    const std::string horizontal = dx > 0 ? "east" : dx < 0 ? "west" : "";
    if (vertical.empty() || horizontal.empty()) return vertical + horizontal;
    const std::string diagonal = vertical + "-" + horizontal;
    if (std::abs(dx) == std::abs(dy)) return diagonal;
    return (std::abs(dy) > std::abs(dx) ? vertical : horizontal) + "-" + diagonal;
}

std::string identifySummary(const IdentifyResult& r) {
    std::ostringstream out;
    switch (r.kind) {
    case IdentifyKind::DiesOut: out << "dies out at generation " << r.cycleStart; break;
    case IdentifyKind::NoCycle: out << "no cycle within " << r.generations << " generations"; break;
    case IdentifyKind::StillLife: out << "still life"; break;
    case IdentifyKind::Oscillator: out << "oscillator, period " << r.period; break;
    case IdentifyKind::Spaceship:
        out << "spaceship, " << speedText(r.dx, r.dy, r.period) << ", heading " << headingText(r.dx, r.dy)
            << ", period " << r.period;
        break;
    }
    return out.str();
}

std::string identifyReport(const IdentifyResult& r) {
    std::ostringstream out;
    switch (r.kind) {
    case IdentifyKind::DiesOut: out << "type        dies out at generation " << r.cycleStart << '\n'; break;
    case IdentifyKind::NoCycle:
        out << "type        no cycle within " << r.generations << " generations\n"
            << "population  " << r.maxPopulation << " at generation " << r.generations << '\n';
        break;
    default:
        out << "type        " << toString(r.kind);
        if (r.kind == IdentifyKind::Spaceship)
            out << ", " << speedText(r.dx, r.dy, r.period) << ", heading " << headingText(r.dx, r.dy);
        out << "\nperiod      " << r.period << " (the cycle starts at generation " << r.cycleStart << ")\n";
        if (r.kind == IdentifyKind::Spaceship)
            out << "moves       (" << r.dx << ", " << r.dy << ") cells per period (x right, y down)\n";
        out << "box         " << r.box.width << "x" << r.box.height << " at (" << r.box.x << ", " << r.box.y
            << "), the cells the cycle covers\n"
            << "population  " << r.minPopulation << ".." << r.maxPopulation << '\n'
            << "heat        " << heatText(r.heat) << " (" << r.minHeat << ".." << r.maxHeat << ")\n";
        break;
    }
    out << "backend     " << r.backend << '\n';
    return out.str();
}

std::string identifyJson(const IdentifyResult& r) {
    std::ostringstream out;
    out << "{\"type\": \"" << toString(r.kind) << "\", \"generations\": " << r.generations;
    if (r.kind == IdentifyKind::DiesOut) out << ", \"dies_at\": " << r.cycleStart;
    if (r.kind != IdentifyKind::DiesOut && r.kind != IdentifyKind::NoCycle) {
        out << ", \"period\": " << r.period << ", \"cycle_start\": " << r.cycleStart << ", \"dx\": " << r.dx
            << ", \"dy\": " << r.dy;
        if (r.kind == IdentifyKind::Spaceship)
            out << ", \"speed\": \"" << speedText(r.dx, r.dy, r.period) << "\", \"heading\": \""
                << headingText(r.dx, r.dy) << '"';
        out << ", \"box\": {\"x\": " << r.box.x << ", \"y\": " << r.box.y << ", \"width\": " << r.box.width
            << ", \"height\": " << r.box.height << "}, \"population\": {\"min\": " << r.minPopulation
            << ", \"max\": " << r.maxPopulation << "}, \"heat\": {\"average\": " << heatText(r.heat)
            << ", \"min\": " << r.minHeat << ", \"max\": " << r.maxHeat << '}';
    }
    if (r.kind == IdentifyKind::NoCycle) out << ", \"population\": " << r.maxPopulation;
    out << ", \"backend\": \"" << r.backend << "\"}\n";
    return out.str();
}

} // namespace catlab
