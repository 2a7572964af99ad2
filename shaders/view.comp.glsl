// The view written into an RGBA8 texture of the view's size (after glsl_version.glsl and
// view_colour.glsl): for offscreen frames, where a compute pass runs on every multiprocessor and a
// fragment pass, on data-centre GPUs, on a few.

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba8) uniform writeonly image2D u_target;

void main() {
    ivec2 local = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(local, u_viewport.zw))) return;
    imageStore(u_target, local, vec4(viewColour(local), 1.0));
}
