// What every pixel of the cloud view shares, put after the first shader of its program: the camera's
// ray through a pixel, the sky behind the clouds and the tone map.

uniform ivec4 u_viewport;     // x, y, width, height in the framebuffer
uniform vec2 u_pixelScale;    // full-frame pixels per pixel of this pass (2 where rays are cast per 2x2 pixels)
uniform vec2 u_frameSize;     // the full frame in pixels
uniform vec3 u_cameraForward; // world directions (the same in cell coordinates: cells are cubes)
uniform vec3 u_cameraRight;
uniform vec3 u_cameraUp;
uniform float u_tanHalfFovY;
uniform vec3 u_sunDirection; // unit vector toward the sun

const vec3 kSunColour = vec3(1.00, 0.96, 0.88) * 2.2;
const vec3 kZenith = vec3(0.22, 0.42, 0.78);
const vec3 kHorizon = vec3(0.72, 0.82, 0.92);
const vec3 kGround = vec3(0.30, 0.31, 0.33);

// The view ray through the centre of a pixel of this pass (pixel (0, 0) at the viewport's corner).
vec3 viewRayDirection(ivec2 pixel) {
    vec2 ndc = (vec2(pixel) + 0.5) * u_pixelScale / u_frameSize * 2.0 - 1.0;
    float aspect = u_frameSize.x / u_frameSize.y;
    return normalize(u_cameraForward + ndc.x * aspect * u_tanHalfFovY * u_cameraRight +
                     ndc.y * u_tanHalfFovY * u_cameraUp);
}

vec3 sky(vec3 dir) {
    vec3 colour =
        dir.z >= 0.0 ? mix(kHorizon, kZenith, pow(dir.z, 0.6)) : mix(kHorizon, kGround, min(-dir.z * 6.0, 1.0));
    float toSun = max(dot(dir, u_sunDirection), 0.0);
    colour += kSunColour * (0.25 * pow(toSun, 64.0) + 0.12 * pow(toSun, 8.0));
    if (toSun > 0.99985) colour = kSunColour; // the disc, about 1 degree across
    return colour;
}

// A soft shoulder for the sunlit edges, the same for every pixel.
vec3 toneMapped(vec3 colour) { return colour * 1.25 / (1.0 + 0.25 * colour); }
