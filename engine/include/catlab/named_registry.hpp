#pragma once

#include "catlab/error.hpp"

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace catlab {

// The specs of one kind of backend, found by name. Names are matched case-insensitively; a name
// listed twice is an error; an unknown name is refused with the list of known ones. `Spec` has a
// `name` member.
template <class Spec>
class NamedRegistry {
  public:
    // `kind` names what the specs are in messages ("backend", "cloud backend").
    NamedRegistry(std::string kind, std::vector<Spec> specs) : kind_(std::move(kind)), specs_(std::move(specs)) {
        for (auto a = specs_.begin(); a != specs_.end(); ++a)
            for (auto b = specs_.begin(); b != a; ++b)
                if (sameName(a->name, b->name)) throw Error(kind_ + " '" + std::string(a->name) + "' is listed twice");
    }

    bool contains(std::string_view name) const { return lookup(name) != nullptr; }

    // Throws catlab::Error "unknown <kind> 'x' (known: a, b[, or <alsoAccepted>])" for an unknown name.
    const Spec& find(std::string_view name, std::string_view alsoAccepted = {}) const {
        if (const Spec* spec = lookup(name)) return *spec;
        std::string known = knownNames();
        if (!alsoAccepted.empty()) known += ", or " + std::string(alsoAccepted);
        throw Error("unknown " + kind_ + " '" + std::string(name) + "' (known: " + known + ")");
    }

    // In the order they are listed.
    const std::vector<Spec>& all() const { return specs_; }

    std::string knownNames() const { // "a, b, c"
        std::string out;
        for (const Spec& spec : specs_) out += (out.empty() ? "" : ", ") + std::string(spec.name);
        return out;
    }

  protected:
    static bool sameName(std::string_view a, std::string_view b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
                return false;
        return true;
    }

  private:
    const Spec* lookup(std::string_view name) const {
        for (const Spec& spec : specs_)
            if (sameName(spec.name, name)) return &spec;
        return nullptr;
    }

    std::string kind_;
    std::vector<Spec> specs_;
};

} // namespace catlab
