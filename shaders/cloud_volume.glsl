#version 450 core
// The cloud volume as every cloud pass reads it, put in front of each of them: the two density
// snapshots, the occupancy bricks that let a march skip clear air, and ray arithmetic. Positions are in
// cell coordinates: the volume spans [0, u_cells] and a cell is a unit cube, so a unit direction there
// is the world's direction and a distance is a number of cells.

layout(binding = 0) uniform sampler3D u_previous; // density snapshots (R8), trilinear, zero outside
layout(binding = 1) uniform sampler3D u_newest;
layout(binding = 2) uniform sampler3D u_brickMax;  // per 4^3 cells: the largest density of either snapshot
layout(binding = 3) uniform sampler3D u_regionMax; // per 16^3 cells: the same over 4^3 bricks

uniform ivec3 u_cells;  // volume size in cells
uniform float u_cutoff; // densities up to this are clear sky (the haze of lone cells)

const int kBrickCells = 4;
const int kRegionCells = 16;

// A raw density (0..1) as the march sees it: the haze below the cutoff removed, the rest stretched to 0..1.
float cleared(float raw) { return max(raw - u_cutoff, 0.0) / (1.0 - u_cutoff); }

// The raw densities of the previous and the newest snapshot at c. (Every volume has one level: explicit
// level 0 spares the derivatives, which loops that end per pixel would leave undefined.)
vec2 snapshotDensities(vec3 c) {
    vec3 uvw = c / vec3(u_cells);
    return vec2(textureLod(u_previous, uvw, 0.0).r, textureLod(u_newest, uvw, 0.0).r);
}

// Where a ray (origin o, direction with reciprocal inverse) enters and leaves the box lo..hi (x > y: it misses).
vec2 boxHits(vec3 o, vec3 inverse, vec3 lo, vec3 hi) {
    vec3 a = (lo - o) * inverse, b = (hi - o) * inverse;
    vec3 near = min(a, b), far = max(a, b);
    return vec2(max(max(near.x, near.y), near.z), min(min(far.x, far.y), far.z));
}

// 1 / d with zero components made tiny instead, so that box arithmetic never divides by zero.
vec3 safeInverse(vec3 d) { return 1.0 / mix(d, vec3(1e-8), lessThan(abs(d), vec3(1e-8))); }

// The cube of bricks around the point o + t * d: the 16^3 region if clear, else the 4^3 brick, and
// whether it is clear. Clear means no density above the cutoff can be sampled anywhere in it: the bricks
// hold the maximum over their cells and a one-cell apron (what trilinear filtering reads there) of both
// snapshots, and a blend of the two never exceeds it. Returns (where the ray leaves the cube, 1 if clear).
vec2 cubeAround(vec3 o, vec3 d, vec3 inverse, float t) {
    ivec3 cell = clamp(ivec3(floor(o + t * d)), ivec3(0), u_cells - 1);
    int side = kBrickCells;
    bool clear = true;
    if (texelFetch(u_regionMax, cell / kRegionCells, 0).r <= u_cutoff)
        side = kRegionCells;
    else
        clear = texelFetch(u_brickMax, cell / kBrickCells, 0).r <= u_cutoff;
    vec3 corner = vec3(cell / side * side);
    return vec2(max(boxHits(o, inverse, corner, corner + float(side)).y, t), clear ? 1.0 : 0.0);
}

// The light volumes hold one texel per 2^3 cells; texel t's centre is the cell-space point (t + 0.5) * 2.
const float kLightCells = 2.0;
