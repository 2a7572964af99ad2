// The panel in the cloud scene: simulation settings, sources, look and metrics.
#include "gui/cloud_actions.hpp"
#include "gui/panel_sections.hpp"

#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/cloud_density.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace catlab::gui {
namespace {

std::string format(const char* pattern, std::optional<double> value) {
    if (!value) return "n/a";
    char text[64];
    std::snprintf(text, sizeof text, pattern, *value);
    return text;
}

void row(const char* label, const std::string& text) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(150);
    ImGui::TextUnformatted(text.c_str());
}

// A double edited through a float slider; true when it changed. Clamping keeps typed values in range,
// but not NaN ("nan" typed after Ctrl+click): that one leaves the value as it was.
bool sliderDouble(const char* label, double& value, float lo, float hi, const char* shown, ImGuiSliderFlags flags = 0) {
    float v = float(value);
    if (!ImGui::SliderFloat(label, &v, lo, hi, shown, flags | ImGuiSliderFlags_AlwaysClamp) || std::isnan(v))
        return false;
    value = v;
    return true;
}

bool dragDouble3(const char* label, double& a, double& b, double& c, float speed, float lo, float hi) {
    float v[3] = {float(a), float(b), float(c)};
    if (!ImGui::DragFloat3(label, v, speed, lo, hi, "%.1f", ImGuiSliderFlags_AlwaysClamp) ||
        std::isnan(v[0] + v[1] + v[2]))
        return false;
    a = v[0];
    b = v[1];
    c = v[2];
    return true;
}

} // namespace

void drawCloudSection(Lab& lab, PanelState& state) {
    CloudSession& clouds = cloudSession(lab);
    cloud::CloudSimulation& sim = *clouds.simulation;
    RunSettings& run = lab.run;
    if (ImGui::Button(run.playing ? "Pause (space)" : "Play (space)", ImVec2(130, 0))) run.playing = !run.playing;
    ImGui::SameLine();
    if (ImGui::Button("Step (N)")) {
        run.playing = false;
        ++lab.pendingSteps;
    }
    ImGui::SameLine();
    ImGui::Text("step %llu", static_cast<unsigned long long>(sim.generation()));
    ImGui::SliderInt("steps/snapshot", &run.stepsPerFrame, 1, 256, "%d",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderInt("frames/snapshot", &clouds.framesPerSnapshot, 1, CloudSession::kMaxFramesPerSnapshot, "%d",
                     ImGuiSliderFlags_AlwaysClamp);
    clouds.framesSinceSnapshot = std::min(clouds.framesSinceSnapshot, clouds.framesPerSnapshot - 1);

    ImGui::Separator();
    cloud::CloudParams& p = clouds.params;
    bool changed = false;
    changed |= sliderDouble("p_ext", p.pExt, 0.0f, 1.0f, "%.4f", ImGuiSliderFlags_Logarithmic);
    changed |= sliderDouble("p_hum", p.pHum, 0.0f, 1.0f, "%.4f", ImGuiSliderFlags_Logarithmic);
    changed |= sliderDouble("p_act", p.pAct, 0.0f, 1.0f, "%.5f", ImGuiSliderFlags_Logarithmic);
    changed |= sliderDouble("wind x, bottom", p.wind.vx, -4.0f, 4.0f, "%.2f");
    changed |= sliderDouble("wind y, bottom", p.wind.vy, -4.0f, 4.0f, "%.2f");
    changed |= sliderDouble("wind x, top", p.wind.vxTop, -4.0f, 4.0f, "%.2f");
    changed |= sliderDouble("wind y, top", p.wind.vyTop, -4.0f, 4.0f, "%.2f");
    int seed = int(p.seed);
    if (ImGui::InputInt("seed", &seed)) {
        if (seed < 0) {
            lab.status = "the seed must be 0 or more, not " + std::to_string(seed);
            lab.statusIsError = true;
        } else {
            p.seed = std::uint64_t(seed);
            changed = true;
        }
    }
    if (changed) tryAction(lab, "cloud parameters applied", [&] { applyCloudParams(lab); });
    if (ImGui::Button("Clear")) tryAction(lab, "clouds cleared", [&] { clearCloud(lab); });

    ImGui::Separator();
    const cloud::CloudSize size = sim.size();
    if (state.shownCloudSize != size) {
        state.cloudSize[0] = size.nx;
        state.cloudSize[1] = size.ny;
        state.cloudSize[2] = size.nz;
        state.shownCloudSize = size;
    }
    ImGui::SetNextItemWidth(200);
    ImGui::InputInt3("##cloudsize", state.cloudSize);
    ImGui::SameLine();
    if (ImGui::Button("Resize")) {
        const cloud::CloudSize wanted{state.cloudSize[0], state.cloudSize[1], state.cloudSize[2]};
        tryAction(lab, "cloud volume " + cloud::sizeText(wanted), [&] { resizeCloud(lab, wanted); });
    }
    ImGui::TextDisabled("now %s cells, backend %s", cloud::sizeText(size).c_str(), sim.backendName());
    for (const cloud::CloudBackendSpec& spec : cloud::CloudBackendRegistry::instance().all()) {
        ImGui::SameLine();
        const bool current = spec.name == sim.backendName();
        if (ImGui::SmallButton(spec.name.c_str()) && !current)
            tryAction(lab, "cloud backend " + spec.name, [&] { switchCloudBackend(lab, spec.name); });
        if (ImGui::IsItemHovered()) {
            const auto why = spec.unavailableReason();
            ImGui::SetTooltip("%s%s%s", spec.description.c_str(), why ? "\nnot here: " : "", why ? why->c_str() : "");
        }
    }
}

void drawCloudSourcesSection(Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    cloud::CloudParams& p = clouds.params;
    const cloud::CloudSize size = clouds.simulation->size();
    const float span = float(std::max({size.nx, size.ny, size.nz}));
    bool changed = false;
    int remove = -1;
    for (std::size_t i = 0; i < p.sources.size(); ++i) {
        cloud::CloudSource& s = p.sources[i];
        ImGui::PushID(int(i));
        changed |= dragDouble3("centre", s.cx, s.cy, s.cz, 0.5f, -span, 2 * span);
        changed |= dragDouble3("radii", s.rx, s.ry, s.rz, 0.2f, 0.5f, span);
        if (ImGui::SmallButton("remove")) remove = int(i);
        ImGui::Separator();
        ImGui::PopID();
    }
    if (remove >= 0) {
        p.sources.erase(p.sources.begin() + remove);
        changed = true;
    }
    if (p.sources.size() < cloud::kMaxCloudSources && ImGui::Button("Add source")) {
        p.sources.push_back(cloud::defaultCloudSource(size.nx, size.ny, size.nz));
        changed = true;
    }
    if (changed) tryAction(lab, "cloud sources applied", [&] { applyCloudParams(lab); });
}

namespace {

// How the view ray is marched: the fast march's knobs, or the brute-force reference it approximates.
void drawMarchControls(render::CloudLook& look) {
    bool reference = look.march == render::CloudMarch::Reference;
    if (ImGui::Checkbox("reference march (slow)", &reference))
        look.march = reference ? render::CloudMarch::Reference : render::CloudMarch::Fast;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("half-cell steps and a march toward the sun from every sample: what the fast march "
                          "approximates");
    ImGui::BeginDisabled(reference);
    static constexpr const char* kRays[] = {"auto (per 2x2 pixels beyond 4K)", "through every pixel", "per 2x2 pixels"};
    int rays = std::clamp(look.rayStride, 0, 2);
    if (ImGui::Combo("rays", &rays, kRays, 3)) look.rayStride = rays;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("a ray per 2x2 pixels marches a quarter of the rays and filters the clouds' light up to "
                          "each pixel over its own sky");
    ImGui::SliderInt("view samples", &look.maxSteps, 64, 4096, "%d", ImGuiSliderFlags_AlwaysClamp);
    sliderDouble("view step", look.stepCells, 0.25f, 4.0f, "%.2f cells", ImGuiSliderFlags_Logarithmic);
    sliderDouble("stop at transmittance", look.minTransmittance, 0.0f, 0.2f, "%.3f");
    ImGui::EndDisabled();
}

// The scattering model: phase lobes, multiple-scattering octaves, sky and ground light, powder.
void drawLightingControls(render::CloudLook& look) {
    sliderDouble("forward lobe", look.forwardEccentricity, 0.0f, 0.95f, "g %.2f");
    sliderDouble("back lobe", look.backEccentricity, -0.95f, 0.0f, "g %.2f");
    sliderDouble("forward share", look.forwardWeight, 0.0f, 1.0f, "%.2f");
    ImGui::SliderInt("scattering octaves", &look.scatteringOctaves, 1, 4, "%d", ImGuiSliderFlags_AlwaysClamp);
    sliderDouble("octave falloff", look.octaveFalloff, 0.05f, 1.0f, "%.2f");
    sliderDouble("sky light", look.skyLight, 0.0f, 4.0f, "%.2f");
    sliderDouble("ground light", look.groundLight, 0.0f, 4.0f, "%.2f");
    sliderDouble("powder", look.powder, 0.0f, 1.0f, "%.2f");
}

} // namespace

void drawCloudLookSection(Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    render::CloudLook& look = clouds.look;
    double azimuth = look.sunAzimuthDegrees, elevation = look.sunElevationDegrees;
    const bool turned = sliderDouble("sun azimuth", azimuth, -180.0f, 180.0f, "%.0f deg");
    const bool raised = sliderDouble("sun elevation", elevation, -10.0f, 90.0f, "%.0f deg");
    if (turned || raised) tryAction(lab, "sun moved", [&] { setSun(lab, azimuth, elevation); });
    sliderDouble("density scale", look.densityScale, 0.05f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
    sliderDouble("haze cutoff", look.cutoff, 0.0f, 0.9f, "%.2f");
    drawMarchControls(look);
    if (ImGui::TreeNode("Lighting")) {
        drawLightingControls(look);
        ImGui::TreePop();
    }
    if (ImGui::SliderInt("smoothing radius", &clouds.densityRadius, 0, cloud::kMaxDensityRadius, "%d",
                         ImGuiSliderFlags_AlwaysClamp))
        clouds.snapshotDue = true;
    render::OrbitCamera& camera = clouds.camera;
    sliderDouble("camera yaw", camera.yawDegrees, -180.0f, 180.0f, "%.0f deg");
    sliderDouble("camera pitch", camera.pitchDegrees, float(render::OrbitCamera::kMinPitch),
                 float(render::OrbitCamera::kMaxPitch), "%.0f deg");
    sliderDouble("camera distance", camera.distance, float(render::OrbitCamera::kMinDistance),
                 float(render::OrbitCamera::kMaxDistance), "%.2f", ImGuiSliderFlags_Logarithmic);
    ImGui::TextDisabled("drag to orbit, wheel to move closer");
}

void drawCloudMetricsSection(Lab& lab, PanelState& state) {
    CloudSession& clouds = cloudSession(lab);
    const StepMetrics& m = lab.metrics;
    const auto now = std::chrono::steady_clock::now();
    if (!state.cloudCounts || now - state.cloudCountsTime > std::chrono::seconds(1)) {
        state.cloudCounts = clouds.simulation->counts();
        state.cloudCountsTime = now;
    }
    row("ms/step", format("%.3f", m.msPerStep()));
    const auto& history = m.history();
    if (!history.empty())
        ImGui::PlotLines("##history", history.data(), int(history.size()), 0, "ms/step, last snapshots", 0.0f, FLT_MAX,
                         ImVec2(-1, 60));
    row("steps/s", format("%.1f", m.stepsPerSecond()));
    row("cell updates/s", format("%.3g", m.cellUpdatesPerSecond()));
    row("GPU power", format("%.1f W", m.watts()));
    if (!m.watts() && ImGui::IsItemHovered() && !m.powerUnavailableReason().empty())
        ImGui::SetTooltip("%s", m.powerUnavailableReason().c_str());
    row("energy/step", format("%.4g J", m.joulesPerStep()));
    const cloud::CloudCounts& c = *state.cloudCounts;
    row("cells", "hum " + std::to_string(c.hum) + ", act " + std::to_string(c.act) + ", cld " + std::to_string(c.cld));
    ImGui::TextDisabled("backend %s, %s", clouds.simulation->backendName(),
                        clouds.simulation->memorySpace() == MemorySpace::Device ? "timed with CUDA events"
                                                                                : "timed with steady_clock");
}

} // namespace catlab::gui
