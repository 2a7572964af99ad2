#version 450 core
// Ray marches the cloud density: Beer-Lambert extinction along the view ray, single scattering of
// sunlight shadowed by a short march toward the sun, sky light as ambient, the sky behind. World: z up,
// the volume centred on the origin with extents u_boxSize (its longest side 1).

layout(binding = 0) uniform sampler3D u_previous; // density snapshots (R8), blended by u_blend
layout(binding = 1) uniform sampler3D u_newest;

uniform ivec4 u_viewport;     // x, y, width, height in the framebuffer
uniform float u_blend;        // 0: previous snapshot, 1: newest
uniform vec3 u_boxSize;       // world extents of the volume
uniform float u_cellSize;     // world size of a cell
uniform vec3 u_cameraPosition;
uniform vec3 u_cameraForward;
uniform vec3 u_cameraRight;
uniform vec3 u_cameraUp;
uniform float u_tanHalfFovY;
uniform vec3 u_sunDirection;  // unit vector toward the sun
uniform float u_densityScale; // optical depth of one cell width at full density
uniform float u_cutoff;       // densities below this are clear sky (the haze of lone cells)
uniform int u_maxSteps;       // view samples, at most
uniform int u_lightSteps;     // samples toward the sun

out vec4 fragColour;

const vec3 kSunColour = vec3(1.00, 0.96, 0.88) * 2.2;
const vec3 kZenith = vec3(0.22, 0.42, 0.78);
const vec3 kHorizon = vec3(0.72, 0.82, 0.92);
const vec3 kGround = vec3(0.30, 0.31, 0.33);

vec3 sky(vec3 dir) {
    vec3 colour = dir.z >= 0.0 ? mix(kHorizon, kZenith, pow(dir.z, 0.6)) : mix(kHorizon, kGround, min(-dir.z * 6.0, 1.0));
    float toSun = max(dot(dir, u_sunDirection), 0.0);
    colour += kSunColour * (0.25 * pow(toSun, 64.0) + 0.12 * pow(toSun, 8.0));
    if (toSun > 0.99985) colour = kSunColour; // the disc, about 1 degree across
    return colour;
}

float density(vec3 p) {
    vec3 uvw = p / u_boxSize + 0.5;
    float d = mix(texture(u_previous, uvw).r, texture(u_newest, uvw).r, u_blend);
    return max(d - u_cutoff, 0.0) / (1.0 - u_cutoff);
}

// Where the ray enters and leaves the volume (enter > leave: it misses).
vec2 boxHits(vec3 origin, vec3 dir) {
    vec3 inverse = 1.0 / dir;
    vec3 a = (-0.5 * u_boxSize - origin) * inverse, b = (0.5 * u_boxSize - origin) * inverse;
    vec3 near = min(a, b), far = max(a, b);
    return vec2(max(max(near.x, near.y), near.z), min(min(far.x, far.y), far.z));
}

float henyeyGreenstein(float cosTheta, float g) {
    float d = 1.0 + g * g - 2.0 * g * cosTheta;
    return (1.0 - g * g) / (4.0 * 3.14159265 * d * sqrt(d));
}

// Transmittance from p to the sun through the volume; a weaker, longer tail stands in for the light
// that reaches deep cells by scattering more than once.
float sunTransmittance(vec3 p) {
    if (u_lightSteps <= 0) return 1.0;
    float leave = boxHits(p, u_sunDirection).y;
    float step = min(leave, 0.35) / float(u_lightSteps);
    float depth = 0.0;
    for (int i = 0; i < u_lightSteps; ++i) depth += density(p + u_sunDirection * (float(i) + 0.5) * step);
    float tau = depth * step * u_densityScale / u_cellSize;
    return max(exp(-tau), 0.3 * exp(-0.25 * tau));
}

// A soft shoulder for the sunlit edges, the same for every pixel.
vec3 toneMapped(vec3 colour) { return colour * 1.25 / (1.0 + 0.25 * colour); }

void main() {
    vec2 pixel = gl_FragCoord.xy - vec2(u_viewport.xy);
    vec2 ndc = pixel / vec2(u_viewport.zw) * 2.0 - 1.0;
    float aspect = float(u_viewport.z) / float(u_viewport.w);
    vec3 dir = normalize(u_cameraForward + ndc.x * aspect * u_tanHalfFovY * u_cameraRight +
                         ndc.y * u_tanHalfFovY * u_cameraUp);
    vec3 background = sky(dir);

    vec2 hits = boxHits(u_cameraPosition, dir);
    float enter = max(hits.x, 0.0), leave = hits.y;
    if (leave <= enter) {
        fragColour = vec4(toneMapped(background), 1.0);
        return;
    }
    int steps = clamp(int(ceil((leave - enter) / u_cellSize)), 1, u_maxSteps);
    float ds = (leave - enter) / float(steps);
    // A per-pixel offset of the samples turns banding into fine noise.
    float jitter = fract(sin(dot(pixel, vec2(12.9898, 78.233))) * 43758.5453);
    float cosTheta = dot(dir, u_sunDirection);
    float phase = mix(henyeyGreenstein(cosTheta, -0.15), henyeyGreenstein(cosTheta, 0.65), 0.7) * 4.0 * 3.14159265;
    vec3 ambient = mix(kHorizon, vec3(1.0), 0.4) * 0.75;

    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    for (int i = 0; i < steps; ++i) {
        vec3 p = u_cameraPosition + dir * (enter + (float(i) + jitter) * ds);
        float d = density(p);
        if (d < 0.004) continue;
        float sigma = d * u_densityScale / u_cellSize;
        float stepTransmittance = exp(-sigma * ds);
        float height = p.z / u_boxSize.z + 0.5; // cloud tops catch more sky light than their bases
        vec3 scattered = kSunColour * sunTransmittance(p) * phase * 0.8 + ambient * (0.5 + 0.5 * height);
        light += transmittance * scattered * (1.0 - stepTransmittance);
        transmittance *= stepTransmittance;
        if (transmittance < 0.01) break;
    }
    vec3 colour = light + background * transmittance;
    fragColour = vec4(toneMapped(colour), 1.0);
}
