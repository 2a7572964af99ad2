// The view drawn into the current framebuffer (after glsl_version.glsl and view_colour.glsl).

out vec4 fragColour;

void main() { fragColour = vec4(viewColour(ivec2(gl_FragCoord.xy) - u_viewport.xy), 1.0); }
