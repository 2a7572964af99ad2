// Sky and ground light volume (after cloud_volume.glsl): for each texel (2^3 cells) the optical depth
// of the cloud above it (toward the zenith) and below it (toward the ground) in both snapshots, as
// density x cells: (above previous, above newest, below previous, below newest). One invocation walks
// a whole column of texels, so the column is integrated once instead of once per texel.

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = 0, rgba16f) uniform writeonly image3D u_skyDepth;

void main() {
    ivec3 size = imageSize(u_skyDepth);
    ivec2 column = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(column, size.xy))) return;
    // Between the column's cells: trilinear filtering averages the 2 x 2 of them.
    vec2 xy = min((vec2(column) + 0.5) * kLightCells, vec2(u_cells.xy));
    vec2 total = vec2(0.0);
    for (int z = 0; z < u_cells.z; ++z) {
        vec2 raw = snapshotDensities(vec3(xy, float(z) + 0.5));
        total += vec2(cleared(raw.x), cleared(raw.y));
    }
    // Texel k's centre is at height 2k + 1: above it lie the cells from 2k + 1 up, below it the rest.
    vec2 above = vec2(0.0); // the cells from `height` up
    int height = u_cells.z;
    for (int k = size.z - 1; k >= 0; --k) {
        for (int centre = int(kLightCells) * k + 1; height > centre;) {
            --height;
            vec2 raw = snapshotDensities(vec3(xy, float(height) + 0.5));
            above += vec2(cleared(raw.x), cleared(raw.y));
        }
        imageStore(u_skyDepth, ivec3(column, k), vec4(above, total - above));
    }
}
