// The cloud ray march (after cloud_volume.glsl and cloud_view.glsl), one invocation per ray, writing the
// light the clouds send along it and their transmittance for cloud_composite.frag.glsl to put over the
// sky. A compute pass, not a fragment shader: data-centre GPUs shade fragments on a few of their
// multiprocessors only, but run compute on all of them. Along the view ray: Beer-Lambert extinction, sunlight
// scattered by a two-lobe Henyey-Greenstein phase (the forward lobe gives the silver lining) with several
// octaves standing in for multiple scattering, sky light from above and ground light from below dimmed
// by the cloud above and below, and the sky behind. The fast march skips clear bricks, lengthens its
// steps in clear air and deep inside, stops once the cloud is opaque, starts each pixel at a blue-noise
// offset, and reads the light from volumes computed once per snapshot; the reference march takes fixed
// half-cell steps and marches toward the sun, the zenith and the ground from every sample instead.

layout(binding = 4) uniform sampler3D u_sunDepth;  // optical depth toward the sun (previous, newest)
layout(binding = 5) uniform sampler3D u_skyDepth;  // above (previous, newest), below (previous, newest)
layout(binding = 6) uniform sampler2D u_blueNoise; // ranks 0..1 of a tileable blue-noise tile

uniform float u_blend;        // 0: previous snapshot, 1: newest
uniform float u_densityScale;     // optical depth of one cell width at full density
uniform int u_maxSteps;           // the view step is at least the path through the volume / this
uniform float u_stepCells;        // the view step near cloud, in cells
uniform float u_minTransmittance; // the fast march stops when less of the background shows through
uniform bool u_reference;         // the brute-force march
uniform vec3 u_lobes;             // forward eccentricity, back eccentricity, weight of the forward lobe
uniform int u_octaves;            // scattering orders approximated, 1 = single scattering
uniform float u_octaveFalloff;    // each octave's scattering, extinction and eccentricity scale by this
uniform float u_skyLight;         // strength of the sky light from above
uniform float u_groundLight;      // strength of the light from the ground below
uniform float u_powder;           // 0..1: how much thin cloud facing away from the sun darkens
uniform vec3 u_cameraCells;       // the camera in cell coordinates

layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba16f) uniform writeonly image2D u_clouds; // light (rgb) and transmittance (a) per ray

const float kPi = 3.14159265;
const int kMaxOctaves = 4;
const float kReferenceStep = 0.5; // cells
const float kReferenceMinTransmittance = 1e-4;
const float kAmbientExtinction = 0.25; // diffuse light reaches deeper than the sun's beam
const vec3 kSkyAmbient = vec3(0.55, 0.68, 0.85) * 0.9;
const vec3 kGroundAmbient = vec3(0.33, 0.32, 0.30) * 0.6;

float henyeyGreenstein(float cosTheta, float g) {
    float d = 1.0 + g * g - 2.0 * g * cosTheta;
    return (1.0 - g * g) / (4.0 * kPi * pow(d, 1.5));
}

// The two-lobe phase with both eccentricities scaled by `scale`, times 4 pi (isotropic = 1).
float phase(float cosTheta, float scale) {
    return 4.0 * kPi *
           mix(henyeyGreenstein(cosTheta, u_lobes.y * scale), henyeyGreenstein(cosTheta, u_lobes.x * scale), u_lobes.z);
}

// Light scattered toward the camera per unit extinction at a sample of cleared density d, given the
// optical depths (density x cells, before the density scale) toward the sun, the zenith and the ground.
// Octave i scatters falloff^i as much, sees falloff^i the extinction and a phase falloff^i as eccentric:
// light that has scattered several times is dimmer, reaches deeper and is less directional.
vec3 inScattered(float d, vec3 depths, float cosTheta, float heightFraction) {
    vec3 tau = depths * u_densityScale;
    float sun = 0.0, weight = 1.0;
    for (int i = 0; i < u_octaves; ++i) {
        sun += weight * phase(cosTheta, weight) * exp(-tau.x * weight);
        weight *= u_octaveFalloff;
    }
    // Thin cloud has had little depth to gather in-scattered light: the darker "powder" edges seen away from the sun.
    float powder = 1.0 - u_powder * exp(-2.0 * d * u_densityScale) * (0.5 - 0.5 * cosTheta);
    vec3 skyLight = u_skyLight * kSkyAmbient * exp(-kAmbientExtinction * tau.y) * (0.6 + 0.4 * heightFraction);
    vec3 groundLight = u_groundLight * kGroundAmbient * exp(-kAmbientExtinction * tau.z);
    return kSunColour * sun * powder * 0.45 + (skyLight + groundLight) * 0.8;
}

struct Ray {
    vec3 origin, dir, inverse;
    float enter, leave, cosTheta;
};

// Adds the light of a segment of length ds at a sample and attenuates the ray by it.
void accumulate(inout vec3 light, inout float transmittance, float d, vec3 depths, vec3 c, float ds, Ray ray) {
    float stepTransmittance = exp(-d * u_densityScale * ds);
    light += transmittance * inScattered(d, depths, ray.cosTheta, c.z / float(u_cells.z)) * (1.0 - stepTransmittance);
    transmittance *= stepTransmittance;
}

// Optical depth (density x cells) of the blended density from c along dir to the volume's edge, in
// half-cell steps: what the light volumes hold, computed the slow way.
float depthToward(vec3 c, vec3 dir) {
    float leave = boxHits(c, safeInverse(dir), vec3(0.0), vec3(u_cells)).y;
    float depth = 0.0;
    for (float t = 0.5 * kReferenceStep; t < leave; t += kReferenceStep) {
        vec2 raw = snapshotDensities(c + t * dir);
        depth += cleared(mix(raw.x, raw.y, u_blend)) * min(kReferenceStep, leave - t + 0.5 * kReferenceStep);
    }
    return depth;
}

vec4 marchReference(Ray ray, float jitter) {
    vec3 light = vec3(0.0);
    float transmittance = 1.0;
    for (float t = ray.enter + jitter * kReferenceStep; t < ray.leave; t += kReferenceStep) {
        vec3 c = ray.origin + t * ray.dir;
        vec2 raw = snapshotDensities(c);
        float d = cleared(mix(raw.x, raw.y, u_blend));
        if (d <= 0.0) continue;
        vec3 depths =
            vec3(depthToward(c, u_sunDirection), depthToward(c, vec3(0, 0, 1)), depthToward(c, vec3(0, 0, -1)));
        accumulate(light, transmittance, d, depths, c, kReferenceStep, ray);
        if (transmittance < kReferenceMinTransmittance) break;
    }
    return vec4(light, transmittance);
}

// Samples lie on one lattice, start + k * step, whatever is skipped. Clear air walks on the even points
// (two steps at once) and looks one step back when it lands in cloud; a skip lands like such a walk, so
// skipping a cube or walking through it finds the same first cloudy point. A frame that shows the newest
// snapshot alone is therefore the same whatever the previous one held, and samples do not shimmer as
// the occupancy changes from snapshot to snapshot.
vec4 marchFast(Ray ray, float jitter) {
    vec3 light = vec3(0.0);
    float transmittance = 1.0;
    float step = max(u_stepCells, (ray.leave - ray.enter) / float(u_maxSteps));
    float start = ray.enter + jitter * step;
    int end = int(ceil((ray.leave - start) / step));
    vec2 blend = vec2(1.0 - u_blend, u_blend);
    vec3 lightSpan = vec3(textureSize(u_sunDepth, 0)) * kLightCells; // cells the light texels cover
    float occupiedUntil = -1.0;                                      // the bricks hold cloud up to here
    bool cameFromClear = false;                                      // the last move was two steps from a clear point
    for (int k = 0, i = 0; k < end && i < 4 * u_maxSteps; ++i) {
        float t = start + float(k) * step;
        if (t >= occupiedUntil) {
            vec2 cube = cubeAround(ray.origin, ray.dir, ray.inverse, t);
            if (cube.y > 0.0) { // clear: land on the first even point past it, as a walk would
                int past = max(k + 1, int(ceil((cube.x - start) / step)));
                k = past + (past & 1);
                cameFromClear = true;
                continue;
            }
            occupiedUntil = cube.x;
        }
        vec3 c = ray.origin + t * ray.dir;
        vec2 raw = snapshotDensities(c);
        float d = cleared(mix(raw.x, raw.y, u_blend));
        if (d <= 0.0) { // clear air between cloudlets: on to the next even point
            cameFromClear = (k & 1) == 0;
            k = (k + 2) & ~1;
            continue;
        }
        if (cameFromClear) { // the cloud may begin a step earlier
            k -= 1;
            cameFromClear = false;
            continue;
        }
        vec3 uvw = c / lightSpan;
        vec4 sky = textureLod(u_skyDepth, uvw, 0.0);
        vec3 depths = vec3(dot(textureLod(u_sunDepth, uvw, 0.0).rg, blend), dot(sky.rg, blend), dot(sky.ba, blend));
        // Deep in the cloud, where little of what lies behind still shows, steps can be longer.
        int stride = transmittance < 0.25 ? 2 : 1;
        accumulate(light, transmittance, d, depths, c, float(stride) * step, ray);
        if (transmittance < u_minTransmittance) break;
        k += stride;
    }
    return vec4(light, transmittance);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, u_viewport.zw))) return;
    Ray ray;
    ray.dir = viewRayDirection(pixel);
    ray.origin = u_cameraCells;
    ray.inverse = safeInverse(ray.dir);
    ray.cosTheta = dot(ray.dir, u_sunDirection);
    vec2 hits = boxHits(ray.origin, ray.inverse, vec3(0.0), vec3(u_cells));
    ray.enter = max(hits.x, 0.0);
    ray.leave = hits.y;
    vec4 march = vec4(vec3(0.0), 1.0);
    if (ray.leave > ray.enter) {
        // A per-pixel offset of the samples from a blue-noise tile turns banding into fine, even noise.
        float jitter = texelFetch(u_blueNoise, pixel % textureSize(u_blueNoise, 0), 0).r;
        march = u_reference ? marchReference(ray, jitter) : marchFast(ray, jitter);
    }
    imageStore(u_clouds, pixel, march);
}
