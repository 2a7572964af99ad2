// Occupancy bricks (after cloud_volume.glsl): each 4^3-cell brick holds the largest density either
// snapshot has in it or in the one-cell apron around it, the texels trilinear filtering reads for a
// point in the brick. A march may skip a brick whose maximum is at most the cutoff.

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(binding = 0, r8) uniform writeonly image3D u_bricks;

void main() {
    ivec3 brick = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(brick, imageSize(u_bricks)))) return;
    ivec3 lo = max(brick * kBrickCells - 1, ivec3(0));
    ivec3 hi = min(brick * kBrickCells + kBrickCells, u_cells - 1);
    float largest = 0.0;
    for (int z = lo.z; z <= hi.z; ++z)
        for (int y = lo.y; y <= hi.y; ++y)
            for (int x = lo.x; x <= hi.x; ++x) {
                ivec3 cell = ivec3(x, y, z);
                largest = max(largest, max(texelFetch(u_previous, cell, 0).r, texelFetch(u_newest, cell, 0).r));
            }
    imageStore(u_bricks, brick, vec4(largest));
}
