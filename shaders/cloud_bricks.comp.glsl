// Occupancy (after cloud_volume.glsl): one work group per 16^3-cell region, whose first 64 invocations
// each take one 4^3-cell brick. Each brick holds the largest density either snapshot has in it or in the
// one-cell apron around it, the texels trilinear filtering reads for a point in the brick; the region
// holds the largest of its bricks. A march may skip a brick or region whose maximum is at most the
// cutoff. The region's cells and apron are read once into shared memory, so each texel is fetched once
// rather than by every brick whose apron covers it; four times as many invocations as bricks share that
// reading, which is most of the work.

layout(local_size_x = 256) in;
layout(binding = 0, r8) uniform writeonly image3D u_bricks;
layout(binding = 1, r8) uniform writeonly image3D u_regions;

const int kTile = kRegionCells + 2; // the region's cells and the apron
const int kBricks = 64;             // per region
const uint kInvocations = 256u;     // the work group
shared float tile[kTile * kTile * kTile];
shared float brickMax[kBricks];

void main() {
    ivec3 tileCorner = ivec3(gl_WorkGroupID) * kRegionCells - 1;
    uint invocation = gl_LocalInvocationIndex;
    for (uint i = invocation; i < uint(kTile * kTile * kTile); i += kInvocations) {
        ivec3 cell = tileCorner + ivec3(int(i) % kTile, int(i) / kTile % kTile, int(i) / (kTile * kTile));
        bool inside = all(greaterThanEqual(cell, ivec3(0))) && all(lessThan(cell, u_cells));
        tile[i] = inside ? max(texelFetch(u_previous, cell, 0).r, texelFetch(u_newest, cell, 0).r) : 0.0;
    }
    memoryBarrierShared();
    barrier();

    if (invocation < uint(kBricks)) { // barrier() below needs every invocation: none returns early
        ivec3 local = ivec3(int(invocation) % 4, int(invocation) / 4 % 4, int(invocation) / 16);
        ivec3 lo = local * kBrickCells; // in the tile: the apron cell before the brick
        float largest = 0.0;
        for (int z = lo.z; z < lo.z + kBrickCells + 2; ++z)
            for (int y = lo.y; y < lo.y + kBrickCells + 2; ++y)
                for (int x = lo.x; x < lo.x + kBrickCells + 2; ++x)
                    largest = max(largest, tile[(z * kTile + y) * kTile + x]);
        ivec3 brick = ivec3(gl_WorkGroupID) * 4 + local;
        if (all(lessThan(brick, imageSize(u_bricks)))) imageStore(u_bricks, brick, vec4(largest));
        brickMax[invocation] = largest;
    }
    memoryBarrierShared();
    barrier();

    if (invocation != 0u) return;
    float region = 0.0;
    for (int i = 0; i < kBricks; ++i) region = max(region, brickMax[i]);
    imageStore(u_regions, ivec3(gl_WorkGroupID), vec4(region));
}
