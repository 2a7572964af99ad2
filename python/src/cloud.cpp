// The 3D cloud automaton (Dobashi et al.): parameters, the simulation on its backends, cells and density
// as NumPy arrays (z, y, x), .vox and raw output.
#include "arrays.hpp"
#include "bindings.hpp"

#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/cloud_volume_io.hpp"
#include "catlab/error.hpp"

#include <pybind11/stl.h>

#include <cstring>

namespace catlab::python {

namespace {

using namespace catlab::cloud;

// A cloud simulation as Python holds it: one call at a time (steps release the GIL).
class CloudHandle {
  public:
    explicit CloudHandle(std::unique_ptr<CloudSimulation> simulation) : simulation_(std::move(simulation)) {}
    CloudSimulation& use() {
        if (busy_) throw Error("the cloud simulation is stepping in another thread; one call at a time");
        return *simulation_;
    }
    template <class F>
    auto stepping(F&& run) {
        CloudSimulation& s = use();
        busy_ = true;
        struct Done {
            bool& busy;
            ~Done() { busy = false; }
        } done{busy_};
        py::gil_scoped_release release;
        return run(s);
    }

  private:
    std::unique_ptr<CloudSimulation> simulation_;
    bool busy_ = false;
};

CloudSize cloudSizeOf(const py::object& size) {
    if (py::isinstance<py::str>(size)) return parseCloudSize(size.cast<std::string>());
    if (py::isinstance<py::tuple>(size) || py::isinstance<py::list>(size)) {
        const auto sides = size.cast<std::vector<int>>();
        if (sides.size() == 3) {
            const CloudSize s{sides[0], sides[1], sides[2]};
            checkCloudSize(s);
            return s;
        }
    }
    throw Error("a cloud size is (nx, ny, nz) or 'XxYxZ'");
}

py::tuple sizeTuple3(CloudSize s) { return py::make_tuple(s.nx, s.ny, s.nz); }

std::vector<py::ssize_t> zyxShape(CloudSize s) { return {s.nz, s.ny, s.nx}; }

py::object arrayOfCells(CloudCells cells) {
    const std::vector<py::ssize_t> shape = zyxShape(cells.size());
    auto owned = std::make_unique<CloudCells>(std::move(cells));
    std::uint8_t* data = owned->bytes().data();
    return arrayOwning(std::move(owned), data, shape);
}

CloudCells cellsOf(const py::object& bits, CloudSize expected) {
    CellBlock block = readCells(bits, 3, "cloud cells (nz, ny, nx)");
    const CloudSize size{int(block.shape[2]), int(block.shape[1]), int(block.shape[0])};
    if (size != expected) throw Error("cloud cells are " + sizeText(size) + ", the volume is " + sizeText(expected));
    for (std::uint8_t b : block.cells)
        if (b & ~(kHum | kAct | kCld))
            throw Error("cloud cells hold bits 1 (humidity), 2 (activation), 4 (cloud) only");
    CloudCells cells(size);
    std::memcpy(cells.bytes().data(), block.cells.data(), block.cells.size());
    return cells;
}

} // namespace

void bindCloud(py::module_& m) {
    py::class_<CloudSource>(m, "CloudSource", "An ellipsoid where clouds form, in cells")
        .def(py::init([](double cx, double cy, double cz, double rx, double ry, double rz) {
                 return CloudSource{cx, cy, cz, rx, ry, rz};
             }),
             py::arg("cx"), py::arg("cy"), py::arg("cz"), py::arg("rx"), py::arg("ry"), py::arg("rz"))
        .def_readwrite("cx", &CloudSource::cx)
        .def_readwrite("cy", &CloudSource::cy)
        .def_readwrite("cz", &CloudSource::cz)
        .def_readwrite("rx", &CloudSource::rx)
        .def_readwrite("ry", &CloudSource::ry)
        .def_readwrite("rz", &CloudSource::rz);
    py::class_<CloudWind>(m, "CloudWind", "Horizontal wind in cells per step, linear in height")
        .def(py::init([](double vx, double vy, double vxTop, double vyTop) {
                 return CloudWind{vx, vy, vxTop, vyTop};
             }),
             py::arg("vx") = 0.0, py::arg("vy") = 0.0, py::arg("vx_top") = 0.0, py::arg("vy_top") = 0.0)
        .def_readwrite("vx", &CloudWind::vx)
        .def_readwrite("vy", &CloudWind::vy)
        .def_readwrite("vx_top", &CloudWind::vxTop)
        .def_readwrite("vy_top", &CloudWind::vyTop);
    py::class_<CloudParams>(m, "CloudParams", "Dobashi's probabilities, the sources, the wind and the seed")
        .def(py::init([](double pExt, double pHum, double pAct, std::vector<CloudSource> sources, CloudWind wind,
                         std::uint64_t seed) {
                 CloudParams p{pExt, pHum, pAct, std::move(sources), wind, seed};
                 validateCloudParams(p);
                 return p;
             }),
             py::arg("p_ext") = 0.02, py::arg("p_hum") = 0.05, py::arg("p_act") = 0.001,
             py::arg("sources") = std::vector<CloudSource>{}, py::arg("wind") = CloudWind{}, py::arg("seed") = 1)
        .def_readwrite("p_ext", &CloudParams::pExt)
        .def_readwrite("p_hum", &CloudParams::pHum)
        .def_readwrite("p_act", &CloudParams::pAct)
        .def_readwrite("sources", &CloudParams::sources)
        .def_readwrite("wind", &CloudParams::wind)
        .def_readwrite("seed", &CloudParams::seed);
    m.def("default_cloud_source", &defaultCloudSource, py::arg("nx"), py::arg("ny"), py::arg("nz"));

    py::class_<CloudHandle>(m, "CloudSimulation",
                            "Dobashi's cloud automaton in an nx x ny x nz volume (z up). Cells are bytes of "
                            "bits 1 humidity, 2 activation, 4 cloud; arrays are indexed [z, y, x].")
        .def(py::init([](const py::object& size, std::optional<CloudParams> params, const std::string& backend) {
                 const CloudSize s = cloudSizeOf(size);
                 CloudParams p = params.value_or(CloudParams{});
                 if (!params) p.sources = {defaultCloudSource(s.nx, s.ny, s.nz)};
                 return CloudHandle(makeCloudSimulation(backend, s, p));
             }),
             py::arg("size"), py::arg("params") = py::none(), py::arg("backend") = "auto",
             "An empty volume; without params, the default probabilities and one source low in the middle")
        .def_property_readonly("backend", [](CloudHandle& h) { return std::string(h.use().backendName()); })
        .def_property_readonly(
            "size", [](CloudHandle& h) { return sizeTuple3(h.use().size()); }, "(nx, ny, nz)")
        .def_property_readonly("generation", [](CloudHandle& h) { return h.use().generation(); })
        .def_property(
            "params", [](CloudHandle& h) { return h.use().params(); },
            [](CloudHandle& h, const CloudParams& p) { h.use().setParams(p); })
        .def(
            "step", [](CloudHandle& h, int steps) { h.stepping([&](CloudSimulation& s) { s.step(steps); }); },
            py::arg("steps") = 1)
        .def(
            "time_steps",
            [](CloudHandle& h, int steps) {
                return h.stepping([&](CloudSimulation& s) { return s.timeSteps(steps); });
            },
            py::arg("steps"), "Run steps and return the milliseconds they took")
        .def(
            "cells", [](CloudHandle& h) { return arrayOfCells(h.use().cells()); }, "(nz, ny, nx) uint8 array")
        .def(
            "load",
            [](CloudHandle& h, const py::object& bits, std::uint64_t generation) {
                CloudSimulation& s = h.use();
                s.load(cellsOf(bits, s.size()), generation);
            },
            py::arg("cells"), py::arg("generation") = 0)
        .def("counts",
             [](CloudHandle& h) {
                 const CloudCounts c = h.use().counts();
                 py::dict d;
                 d["hum"] = c.hum;
                 d["act"] = c.act;
                 d["cld"] = c.cld;
                 return d;
             })
        .def(
            "density",
            [](CloudHandle& h, int radius) {
                CloudSimulation& s = h.use();
                checkDensityRadius(radius);
                auto bytes = std::make_unique<std::vector<std::uint8_t>>(s.size().cellCount());
                s.density(radius, bytes->data(), MemorySpace::Host);
                std::uint8_t* data = bytes->data();
                return arrayOwning(std::move(bytes), data, zyxShape(s.size()));
            },
            py::arg("radius") = 1, "The smoothed cloud density, (nz, ny, nx) uint8 0..255")
        .def(
            "write_vox", [](CloudHandle& h, const std::string& path) { writeVox(path, h.use().cells()); },
            py::arg("path"), "The cloud cells as MagicaVoxel .vox (sides up to 256)");

    m.def("cloud_backends", [] {
        py::list out;
        for (const CloudBackendSpec& spec : CloudBackendRegistry::instance().all()) {
            py::dict d;
            d["name"] = spec.name;
            d["where"] = spec.memorySpace == MemorySpace::Device ? "gpu" : "cpu";
            d["description"] = spec.description;
            d["unavailable_reason"] = spec.unavailableReason();
            out.append(d);
        }
        return out;
    });
}

} // namespace catlab::python
