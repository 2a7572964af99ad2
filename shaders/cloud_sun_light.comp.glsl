// Sun light volume (after cloud_volume.glsl): for each texel (2^3 cells) the optical depth toward the
// sun of both snapshots, as density x cells (the march scales it by the extinction), so the view
// march reads the shadow of any point with one filtered fetch instead of marching toward the sun.
// Optical depth is linear in density, so blending the two depths is blending the two snapshots.

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(binding = 0, rg16f) uniform writeonly image3D u_sunDepth;

uniform vec3 u_sunDirection; // unit vector toward the sun
uniform float u_depthLimit;  // deeper than this is night for every octave: stop marching

// Whether the view march can read this texel: it reads the light only at points of cloud, and filtering
// there reaches the texels whose centres lie within one texel (two cells) of the point. Most of the sky
// is clear, and its texels need no march.
bool readByTheMarch(vec3 centre) {
    ivec3 lo = clamp(ivec3(floor(centre - kLightCells)), ivec3(0), u_cells - 1) / kBrickCells;
    ivec3 hi = clamp(ivec3(floor(centre + kLightCells)), ivec3(0), u_cells - 1) / kBrickCells;
    for (int z = lo.z; z <= hi.z; ++z)
        for (int y = lo.y; y <= hi.y; ++y)
            for (int x = lo.x; x <= hi.x; ++x)
                if (texelFetch(u_brickMax, ivec3(x, y, z), 0).r > u_cutoff) return true;
    return false;
}

void main() {
    ivec3 texel = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(texel, imageSize(u_sunDepth)))) return;
    vec3 o = min((vec3(texel) + 0.5) * kLightCells, vec3(u_cells));
    if (!readByTheMarch(o)) {
        imageStore(u_sunDepth, texel, vec4(0.0));
        return;
    }
    vec3 inverse = safeInverse(u_sunDirection);
    float leave = boxHits(o, inverse, vec3(0.0), vec3(u_cells)).y;
    // Samples on a fixed lattice, one cell apart near the texel (where the shadow's detail is) and two
    // further out, whatever is skipped: skipped clear air adds exactly the zeros it would have added.
    const int kNear = 8;
    vec2 depth = vec2(0.0);
    float occupiedUntil = -1.0;
    for (int k = 0;; ++k) {
        float step = k < kNear ? 1.0 : 2.0;
        float t = k < kNear ? 0.5 + float(k) : 0.5 + float(kNear) + 2.0 * float(k - kNear);
        if (t >= leave) break;
        if (t >= occupiedUntil) {
            vec2 cube = cubeAround(o, u_sunDirection, inverse, t);
            if (cube.y > 0.0) { // to the lattice point before the first one past the clear cube
                float past = cube.x - 0.5;
                k = max(k, (past < float(kNear) ? int(ceil(past)) : kNear + int(ceil((past - float(kNear)) / 2.0))) - 1);
                continue;
            }
            occupiedUntil = cube.x;
        }
        // Each depth stops growing once past the limit, so that one snapshot's depth never depends on
        // the other's: a frame that shows the newest alone is the same whatever came before.
        vec2 raw = snapshotDensities(o + t * u_sunDirection);
        vec2 add = vec2(cleared(raw.x), cleared(raw.y)) * min(step, leave - t + 0.5 * step);
        depth += mix(add, vec2(0.0), greaterThanEqual(depth, vec2(u_depthLimit)));
        if (all(greaterThanEqual(depth, vec2(u_depthLimit)))) break;
    }
    imageStore(u_sunDepth, texel, vec4(depth, 0.0, 0.0));
}
