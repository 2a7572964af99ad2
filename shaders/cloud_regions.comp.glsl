// Occupancy regions (after cloud_volume.glsl): each 16^3-cell region holds the largest value of its
// 4^3 occupancy bricks, so one look-up clears a long stretch of empty sky.

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(binding = 0, r8) uniform writeonly image3D u_regions;

void main() {
    ivec3 region = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(region, imageSize(u_regions)))) return;
    const int bricksPerRegion = kRegionCells / kBrickCells;
    ivec3 bricks = textureSize(u_brickMax, 0);
    ivec3 lo = region * bricksPerRegion, hi = min(lo + bricksPerRegion, bricks) - 1;
    float largest = 0.0;
    for (int z = lo.z; z <= hi.z; ++z)
        for (int y = lo.y; y <= hi.y; ++y)
            for (int x = lo.x; x <= hi.x; ++x) largest = max(largest, texelFetch(u_brickMax, ivec3(x, y, z), 0).r);
    imageStore(u_regions, region, vec4(largest));
}
