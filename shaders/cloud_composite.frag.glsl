// The picture (after glsl_version.glsl and cloud_view.glsl): the clouds' light and transmittance from
// cloud_march.comp.glsl over the sky of each pixel's own ray. Where a ray was cast per 2x2 pixels they
// are filtered up bilinearly; light and transmittance blend linearly, so a cloud's edge softens over a
// ray's width while the sky and the sun's disc stay sharp.

layout(binding = 0) uniform sampler2D u_clouds; // light (rgb) and transmittance (a), bilinear

out vec4 fragColour;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy) - u_viewport.xy;
    vec4 clouds = textureLod(u_clouds, (vec2(pixel) + 0.5) / u_frameSize, 0.0);
    fragColour = vec4(toneMapped(clouds.rgb + sky(viewRayDirection(pixel)) * clouds.a), 1.0);
}
