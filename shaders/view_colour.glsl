// Colours the exported view (after glsl_version.glsl): what view.frag.glsl draws into a framebuffer and
// view.comp.glsl writes into a texture, the same colour for a pixel either way.

// The exported pixels: one ViewPixel (live, decay, state, occupied bytes) per window pixel, row-major,
// row 0 the view's top row.
layout(std430, binding = 0) readonly buffer ViewPixels { uint u_pixels[]; };

uniform ivec4 u_viewport;      // x, y, width, height of the view in the framebuffer
uniform int u_colourMap;       // 0 two-state, 1 multi-state decay, 2 neighbour density
uniform int u_states;          // the rule's number of states
uniform vec2 u_originFraction; // fractional part of the view's top-left cell coordinate
uniform float u_cellsPerPixel; // < 1 when zoomed in
uniform float u_gridAlpha;     // opacity of the cell grid lines (0: none)
uniform int u_densityRadius;   // half-width in pixels of the neighbour-density window
uniform vec2 u_gridSize;       // torus size in cells; 0 draws no seams
uniform vec2 u_originInGrid;   // the view's top-left cell coordinate reduced onto the torus

const vec3 kBackground = vec3(0.055, 0.060, 0.075);
const vec3 kLive = vec3(0.960, 0.950, 0.880);
const vec3 kGridLine = vec3(0.300, 0.320, 0.380);
const vec3 kSeam = vec3(0.250, 0.420, 0.800);

// Ember ramp for decaying cells: young (1) is nearly the live colour, old fades into the background.
vec3 decayRamp(float t) {
    vec3 ember = mix(vec3(0.35, 0.05, 0.30), vec3(1.00, 0.45, 0.10), smoothstep(0.0, 0.6, t));
    vec3 hot = mix(ember, kLive, smoothstep(0.6, 1.0, t));
    return mix(kBackground, hot, smoothstep(0.0, 0.08, t));
}

// Dark blue through teal to yellow, for densities in 0..1.
vec3 heatRamp(float t) {
    vec3 a = vec3(0.07, 0.09, 0.30), b = vec3(0.10, 0.55, 0.55), c = vec3(0.99, 0.90, 0.25);
    return t < 0.5 ? mix(a, b, t * 2.0) : mix(b, c, t * 2.0 - 1.0);
}

// The exported pixel at texel (x right, y down from the view's top row), its channels in 0..1.
vec4 viewPixel(ivec2 texel) { return unpackUnorm4x8(u_pixels[texel.y * u_viewport.z + texel.x]); }

// The colour of the view at `local` (pixels from the view's bottom-left corner, as framebuffers count).
vec3 viewColour(ivec2 local) {
    ivec2 size = u_viewport.zw;
    // Row 0 of the view is its top row; the framebuffer counts rows from the bottom.
    ivec2 texel = ivec2(local.x, size.y - 1 - local.y);
    vec4 pixel = viewPixel(texel);
    float live = pixel.r;

    vec3 colour;
    if (u_colourMap == 1 && u_states > 2) {
        colour = decayRamp(pixel.g);
    } else if (u_colourMap == 2) {
        float sum = 0.0;
        int count = 0;
        for (int dy = -u_densityRadius; dy <= u_densityRadius; ++dy)
            for (int dx = -u_densityRadius; dx <= u_densityRadius; ++dx) {
                ivec2 t = texel + ivec2(dx, dy);
                if (all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, size))) {
                    sum += viewPixel(t).r;
                    ++count;
                }
            }
        float density = sum / float(max(count, 1));
        colour = mix(heatRamp(density), kLive, 0.35 * live);
    } else {
        colour = mix(kBackground, kLive, live);
    }

    if (u_gridAlpha > 0.0) {
        // A pixel gets a line when a cell boundary falls inside it.
        vec2 start = u_originFraction + vec2(texel) * u_cellsPerPixel;
        bvec2 crosses = greaterThan(floor(start + u_cellsPerPixel), floor(start));
        if (any(crosses)) colour = mix(colour, kGridLine, u_gridAlpha);
    }
    // The torus seam (where the grid wraps), once the grid spans enough pixels for it to mean anything.
    if (u_gridSize.x > 0.0 && min(u_gridSize.x, u_gridSize.y) >= 8.0 * u_cellsPerPixel) {
        vec2 start = (u_originInGrid + vec2(texel) * u_cellsPerPixel) / u_gridSize;
        bvec2 wraps = greaterThan(floor(start + u_cellsPerPixel / u_gridSize), floor(start));
        if (any(wraps)) colour = mix(colour, kSeam, 0.7);
    }
    return colour;
}
