// Instanced meshes with one directional light.
//
// Instanced stages: vertex buffer 0 is the mesh (position; the normal attribute is not used),
// vertex buffer 1 one instance per draw instance, a column-major model matrix and an sRGB
// colour in 8-bit channels. Pulled stages bind no vertex buffer: they read the same instance
// buffer as storage (group 1) and find their instance and corner from the vertex index.
//
// Five vertex stages, one pipeline each (and each for both windings; pipelines.rs), and the
// shadow pass's four (depth only, seen from the light): `vs_shadow` (a mesh),
// `vs_shadow_three_face_cube` (instanced cubes of every size), `vs_shadow_pulled_three_face_cube`
// and `vs_shadow_pulled_small_cube` (the pulled paths):
// - `vs_main` + `fs_main`: a mesh's positions, each pixel shaded by the face normal from
//   derivatives;
// - `vs_three_face_cube` + `fs_lit`: the three-face cube, whose vertices are corner codes
//   (mesh.rs, `three_face_cube`): only the faces of each instance that face the camera are
//   sent, lit per face in the vertex stage, and a cube a pixel or two on screen collapses to
//   one triangle;
// - `vs_small_cube` + `fs_lit`: that one triangle alone, for batches whose every cube is small;
// - `vs_pulled_three_face_cube` and `vs_pulled_small_cube` + `fs_lit`: the same two cubes with
//   the instances read from storage instead of instanced.
// And one more pipeline (for both windings): translucent batches, `vs_translucent` +
// `fs_translucent`, the plain mesh's positions and shading with the instance colour's alpha
// passed on for blending (the other fragment stages write alpha 1).
//
// Everything is shaded flat: the fragment shader takes each face's normal from the screen-space
// derivatives of the world position, so meshes need no per-face vertices (the cube has 8, not
// 24) and the vertex shader does as little as possible. That is where software rasterisers
// spend their time with many small instances.

// `frame`, the frame's uniform block (group 0, binding 0), is declared in frame.wgsl, which
// the renderer puts before this file.

// The sun's shadow map (depth seen from the light) and its comparison sampler: bound for
// every frame, read only where `frame.shadow.x` is 1.
@group(0) @binding(1) var shadow_map: texture_depth_2d;
@group(0) @binding(2) var shadow_sampler: sampler_comparison;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(2) model0: vec4<f32>,
    @location(3) model1: vec4<f32>,
    @location(4) model2: vec4<f32>,
    @location(5) model3: vec4<f32>,
    @location(6) color: vec4<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) @interpolate(flat) color: vec3<f32>,
};

// sRGB to linear, a cubic fit (max error below 0.3%): cheaper than pow() per vertex.
fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
}

@vertex
fn vs_main(v: VertexIn) -> VertexOut {
    return mesh_vertex(v);
}

// A plain mesh's vertex: placed by the instance's model matrix, its colour made linear.
fn mesh_vertex(v: VertexIn) -> VertexOut {
    let model = mat4x4<f32>(v.model0, v.model1, v.model2, v.model3);
    let world = model * vec4<f32>(v.position, 1.0);
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.world = world.xyz;
    out.color = srgb_to_linear(v.color.rgb);
    return out;
}

// The shadow pass: a mesh's (or a cube's) vertex placed by its instance and seen from the
// light (`frame` is the light's block then: its `view_proj` is the light's box). Depth only.
@vertex
fn vs_shadow(v: VertexIn) -> @builtin(position) vec4<f32> {
    let model = mat4x4<f32>(v.model0, v.model1, v.model2, v.model3);
    return frame.view_proj * (model * vec4<f32>(v.position, 1.0));
}

// How much of the sun reaches `world`: 1 lit, 0 in shadow. Where `filtered`, the mean of four
// filtered comparisons (PCF over 3×3 texels); else one (the sampler's own 2×2 filtering). Points outside
// the light's box are lit.
fn sunlit(world: vec3<f32>, filtered: bool) -> f32 {
    let light = frame.shadow_view_proj * vec4<f32>(world, 1.0);
    let at = light.xyz / light.w;
    let uv = vec2<f32>(at.x * 0.5 + 0.5, 0.5 - at.y * 0.5);
    let depth = at.z - frame.shadow.z;
    if any(uv < vec2<f32>(0.0)) || any(uv > vec2<f32>(1.0)) || depth > 1.0 {
        return 1.0;
    }
    if !filtered {
        return textureSampleCompareLevel(shadow_map, shadow_sampler, uv, depth);
    }
    // Four comparisons, each filtered over 2×2 texels, half a texel off the centre each way:
    // together a tent over 3×3 texels.
    var sum = 0.0;
    for (var i = 0; i < 4; i++) {
        let offset = vec2<f32>(f32(i & 1) - 0.5, f32(i >> 1u) - 0.5) * frame.shadow.y;
        sum += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + offset, depth);
    }
    return sum * 0.25;
}

// How open the surface at `world` (facing `normal`) is, at `high`: 1 in the open, less where
// something stands close by (a wall's foot, a street's corner, the ground under an enemy).
// Read from the sun's depth map: three points around `world` in the face's plane, the
// occlusion's reach away, each looked up in the map; where the map holds a surface nearer the
// sun than the point, by more than a hair, something covers it — unless the point itself lies
// under something more than four reaches towards the sun (a shadow's caster, whose shadow is
// the shadow's business). The ambient light is scaled by it.
fn openness(world: vec3<f32>, normal: vec3<f32>) -> f32 {
    let reach = frame.occlusion.x;
    let helper = select(vec3<f32>(1.0, 0.0, 0.0), vec3<f32>(0.0, 0.0, 1.0), abs(normal.x) > 0.7);
    let tangent = normalize(cross(helper, normal)) * reach;
    let bitangent = cross(normal, tangent);
    // The light's box is orthographic: a step in the world is the same step in its clip space
    // everywhere, so the probes are the centre's light position plus turned steps.
    let light = frame.shadow_view_proj;
    let to_light = mat3x3<f32>(light[0].xyz, light[1].xyz, light[2].xyz);
    // A little off the face, so a flat face does not cover itself.
    let centre = (light * vec4<f32>(world + normal * (0.1 * reach), 1.0)).xyz;
    let along_t = to_light * tangent;
    let along_b = to_light * bitangent;
    let depth_per_world = 1.0 / frame.occlusion.z;
    let hair = 0.05 * reach * depth_per_world;
    let range = 4.0 * reach * depth_per_world;
    // Three directions a third of a turn apart.
    let turns = array<vec2<f32>, 3>(vec2<f32>(1.0, 0.0), vec2<f32>(-0.5, 0.8660254), vec2<f32>(-0.5, -0.8660254));
    var shut = 0.0;
    for (var i = 0; i < 3; i++) {
        let at = centre + along_t * turns[i].x + along_b * turns[i].y;
        let uv = vec2<f32>(at.x * 0.5 + 0.5, 0.5 - at.y * 0.5);
        // The map's comparison (1 where the stored surface is no nearer the sun than the
        // reference, filtered over 2×2 texels, which softens the edges; clamped to the map's
        // edge outside it): covered past a hair.
        shut += 1.0 - textureSampleCompareLevel(shadow_map, shadow_sampler, uv, at.z - hair);
    }
    // What covers the probes farther than four reaches towards the sun is a shadow's caster,
    // not a neighbour: where the point itself lies under one, the probes say nothing.
    let uv = vec2<f32>(centre.x * 0.5 + 0.5, 0.5 - centre.y * 0.5);
    shut *= textureSampleCompareLevel(shadow_map, shadow_sampler, uv, centre.z - range);
    // The map sees only what faces the sun: a face turned away from it lies behind its own
    // block there, and would be covered by itself. Such faces get no occlusion, fading in
    // from grazing light.
    let facing = clamp(4.0 * dot(normal, frame.light_dir.xyz), 0.0, 1.0);
    return 1.0 - frame.occlusion.y * facing * shut / 3.0;
}

// A translucent mesh's vertex: `vs_main`'s, with the instance colour's alpha (its opacity).
struct TranslucentOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) @interpolate(flat) color: vec3<f32>,
    @location(2) @interpolate(flat) alpha: f32,
};

@vertex
fn vs_translucent(v: VertexIn) -> TranslucentOut {
    let mesh = mesh_vertex(v);
    return TranslucentOut(mesh.clip, mesh.world, mesh.color, v.color.a);
}

struct CubeVertexIn {
    // The corner code when the camera sits on an even number of negative sides, and when odd.
    @location(0) code_even: vec3<f32>,
    @location(1) code_odd: vec3<f32>,
    @location(2) model0: vec4<f32>,
    @location(3) model1: vec4<f32>,
    @location(4) model2: vec4<f32>,
    @location(5) model3: vec4<f32>,
    @location(6) color: vec4<f32>,
};

// The three-face cube is lit per face in the vertex stage: each triangle's provoking vertex
// (the hexagon vertex it starts from; mesh.rs orders the indices for the backend's convention)
// carries its face's colour, so the fragment stage only passes it on, and fogs it.
struct LitOut {
    @builtin(position) clip: vec4<f32>,
    // The face's colour, lit and fogged (at the provoking vertex: enemies are small).
    @location(0) @interpolate(flat) color: vec3<f32>,
};

// Which face of each pair looks at the camera, for an instance: the sign (±1 per axis) of the
// camera centre along the instance's axes (its model columns) seen from its centre, and the
// unsigned distances along them (scaled by each column's length). Columns are orthogonal
// (rotation and scale), so each column is its face's outward normal direction.
struct Sides {
    side: vec3<f32>,
    along: vec3<f32>,
    // Whether an even number of sides is negative (the outline is walked one way or the other).
    even: bool,
};

fn cube_sides(v: CubeVertexIn) -> Sides {
    let to_camera = frame.centre.xyz - frame.centre.w * v.model3.xyz;
    let along = vec3<f32>(
        dot(v.model0.xyz, to_camera),
        dot(v.model1.xyz, to_camera),
        dot(v.model2.xyz, to_camera),
    );
    let side = select(vec3<f32>(-1.0), vec3<f32>(1.0), along >= vec3<f32>(0.0));
    return Sides(side, along, side.x * side.y * side.z > 0.0);
}

// The light on each of the three faces the camera sees (ambient plus diffuse shares), and the
// columns' lengths.
fn face_shades(v: CubeVertexIn, side: vec3<f32>, lengths: vec3<f32>) -> vec3<f32> {
    // `light_dir` is normalised on the CPU.
    let diffuse = max(side * vec3<f32>(
        dot(v.model0.xyz, frame.light_dir.xyz),
        dot(v.model1.xyz, frame.light_dir.xyz),
        dot(v.model2.xyz, frame.light_dir.xyz),
    ) / max(lengths, vec3<f32>(1e-30)), vec3<f32>(0.0));
    return frame.light.x + frame.light.y * diffuse;
}

// A cube a pixel or two wide shows the mean of its faces' light, each weighted by how much of
// the picture it covers: its area times the camera's height above its plane.
fn mean_shade(shades: vec3<f32>, along: vec3<f32>, lengths: vec3<f32>, fallback: f32) -> f32 {
    let safe = max(lengths, vec3<f32>(1e-30));
    let height = max(abs(along) / safe - 0.5 * lengths * frame.centre.w, vec3<f32>(0.0));
    let weights = height * lengths.yzx * lengths.zxy;
    let total = weights.x + weights.y + weights.z;
    return select(fallback, dot(shades, weights) / max(total, 1e-30), total > 0.0);
}

// The corner with `code` on the camera's `side`, grown by `grow` about the centre, in the world.
fn cube_corner(v: CubeVertexIn, side: vec3<f32>, code: vec3<f32>, grow: f32) -> vec3<f32> {
    let corner = 0.5 * side * (1.0 - 2.0 * code) * grow;
    return v.model0.xyz * corner.x + v.model1.xyz * corner.y + v.model2.xyz * corner.z
        + v.model3.xyz;
}

// The vertex at `world` with linear colour `color`, fogged and finished (`finish`): the
// colour is flat, so the pixels need only pass it on.
fn lit_vertex(world: vec3<f32>, color: vec3<f32>) -> LitOut {
    var out: LitOut;
    out.clip = frame.view_proj * vec4<f32>(world, 1.0);
    out.color = color;
    let fog_start = frame.light.z;
    let fog_end = frame.light.w;
    if fog_end > fog_start {
        let fog = clamp((distance(frame.eye.xyz, world) - fog_start) / (fog_end - fog_start), 0.0, 1.0);
        out.color = mix(color, fog_color(), fog);
    }
    out.color = finish(out.color);
    return out;
}

// The small triangle joins every other outline corner, so it covers half the outline: grown
// by √2 about the centre, it covers as much as the cube would.
const SMALL_GROWTH: f32 = 1.41421356;

@vertex
fn vs_three_face_cube(v: CubeVertexIn) -> LitOut {
    return three_face_cube(v);
}

// Where a three-face cube's vertex lies: the corner its code names on the camera's sides,
// or, for a cube a pixel or two on screen, its corner of the one triangle across the outline.
struct ThreeFaceCorner {
    world: vec3<f32>,
    sides: Sides,
    own_code: vec3<f32>,
    lengths: vec3<f32>,
    small: bool,
};

fn three_face_corner(v: CubeVertexIn) -> ThreeFaceCorner {
    let sides = cube_sides(v);
    // Each code component packs the vertex's own code (bit 0) and its code in the small
    // cube (bit 1): a cube covering a pixel or two becomes one triangle across the three
    // faces' outline (the other five collapse to nothing).
    let packed = select(v.code_odd, v.code_even, sides.even);
    let small_code = floor(packed * 0.5);
    let own_code = packed - 2.0 * small_code;
    let centre_w = dot(
        vec4<f32>(frame.view_proj[0].w, frame.view_proj[1].w, frame.view_proj[2].w, frame.view_proj[3].w),
        vec4<f32>(v.model3.xyz, 1.0),
    );
    let lengths = vec3<f32>(length(v.model0.xyz), length(v.model1.xyz), length(v.model2.xyz));
    let half_diagonal = 0.5 * length(lengths);
    let small = centre_w > 0.0 && half_diagonal * frame.detail.x < frame.detail.y * centre_w;
    let world = cube_corner(
        v,
        sides.side,
        select(own_code, small_code, small),
        select(1.0, SMALL_GROWTH, small),
    );
    return ThreeFaceCorner(world, sides, own_code, lengths, small);
}

fn three_face_cube(v: CubeVertexIn) -> LitOut {
    let corner = three_face_corner(v);
    let sides = corner.sides;
    let own_code = corner.own_code;
    let lengths = corner.lengths;
    let small = corner.small;
    let world = corner.world;
    // The face of the triangles this vertex provokes: a corner two axes away from the nearest
    // lies on the face of the third axis; one axis away, on the face of the axis before it
    // (after it, when the outline is walked the other way round).
    var face: vec3<f32>;
    if own_code.x + own_code.y + own_code.z > 1.5 {
        face = 1.0 - own_code;
    } else {
        face = select(own_code.zxy, own_code.yzx, sides.even);
    }
    let shades = face_shades(v, sides.side, lengths);
    var shade = dot(shades, face);
    if small {
        shade = mean_shade(shades, sides.along, lengths, shade);
    } else if frame.shadow.x > 0.5 {
        // The sun's share of the face, at the vertex that colours it (cubes are small).
        shade = frame.light.x + (shade - frame.light.x) * sunlit(world, false);
    }
    return lit_vertex(world, srgb_to_linear(v.color.rgb) * shade);
}

// The shadow pass's three-face cube: the same corners seen from the light (`frame` is the
// light's block: its centre is the direction towards the sun, its detail the shadow map's
// texels a world unit), so a cube a texel or two wide in the map is one triangle there too.
@vertex
fn vs_shadow_three_face_cube(v: CubeVertexIn) -> @builtin(position) vec4<f32> {
    return frame.view_proj * vec4<f32>(three_face_corner(v).world, 1.0);
}

// The small cube mesh (batches whose every cube is small): the three-face cube's small
// triangle alone, with no size test.
@vertex
fn vs_small_cube(v: CubeVertexIn) -> LitOut {
    return small_cube(v);
}

// The small cube's corner: the one triangle across its outline.
fn small_corner(v: CubeVertexIn, sides: Sides) -> vec3<f32> {
    let code = floor(select(v.code_odd, v.code_even, sides.even) * 0.5);
    return cube_corner(v, sides.side, code, SMALL_GROWTH);
}

fn small_cube(v: CubeVertexIn) -> LitOut {
    let sides = cube_sides(v);
    let world = small_corner(v, sides);
    let lengths = vec3<f32>(length(v.model0.xyz), length(v.model1.xyz), length(v.model2.xyz));
    let shades = face_shades(v, sides.side, lengths);
    let shade = mean_shade(shades, sides.along, lengths, shades.x);
    return lit_vertex(world, srgb_to_linear(v.color.rgb) * shade);
}

// The instance buffer as storage, for the pulled cubes: per instance 16 floats of the
// column-major model matrix, then the colour's four bytes (red lowest), 17 words (68 bytes,
// the instance vertex layout's).
@group(1) @binding(0) var<storage, read> instance_words: array<f32>;

// Whether flat outputs come from a triangle's last vertex (OpenGL) rather than its first.
override provoking_last: bool = false;

// Cubes a draw instance of the pulled three-face cube covers (batch.rs, `PULL_GROUP`; the
// renderer always sets it).
override pull_group: u32 = 256u;

// Reads instance `instance` from storage into `v`'s model matrix and colour.
fn load_instance(instance: u32, v: ptr<function, CubeVertexIn>) {
    let base = instance * 17u;
    (*v).model0 = vec4<f32>(instance_words[base], instance_words[base + 1u], instance_words[base + 2u], instance_words[base + 3u]);
    (*v).model1 = vec4<f32>(instance_words[base + 4u], instance_words[base + 5u], instance_words[base + 6u], instance_words[base + 7u]);
    (*v).model2 = vec4<f32>(instance_words[base + 8u], instance_words[base + 9u], instance_words[base + 10u], instance_words[base + 11u]);
    (*v).model3 = vec4<f32>(instance_words[base + 12u], instance_words[base + 13u], instance_words[base + 14u], instance_words[base + 15u]);
    (*v).color = unpack4x8unorm(bitcast<u32>(instance_words[base + 16u]));
}

// The code of outline corner `h` (0..6) walking x, xy, y, yz, z, zx (mesh.rs, `OUTLINE`).
fn outline_code(h: u32) -> vec3<f32> {
    return vec3<f32>(
        select(0.0, 1.0, h == 0u || h == 1u || h == 5u),
        select(0.0, 1.0, h >= 1u && h <= 3u),
        select(0.0, 1.0, h >= 3u),
    );
}

// The three-face cube read from storage: 7 vertices a cube, joined by an index buffer of the
// mesh's 18 indices for each of `pull_group` cubes (mesh.rs, `pulled_three_face_cubes`) that
// every draw instance, one group of cubes, repeats: the cube is
// `group × pull_group + vertex / 7`, its mesh vertex `vertex % 7`. Past a batch's last
// instance, to the end of its last group, the instances are zeros, whose corners all fall on
// one point: nothing is drawn.
@vertex
fn vs_pulled_three_face_cube(
    @builtin(vertex_index) vertex: u32,
    @builtin(instance_index) group: u32,
) -> LitOut {
    return three_face_cube(pulled_three_face_input(vertex, group));
}

// The shadow pass's pulled three-face cube (as `vs_shadow_three_face_cube`).
@vertex
fn vs_shadow_pulled_three_face_cube(
    @builtin(vertex_index) vertex: u32,
    @builtin(instance_index) group: u32,
) -> @builtin(position) vec4<f32> {
    let corner = three_face_corner(pulled_three_face_input(vertex, group));
    return frame.view_proj * vec4<f32>(corner.world, 1.0);
}

// The pulled three-face cube's vertex `vertex` of draw instance `group`, as the instanced
// stage would have been given it.
fn pulled_three_face_input(vertex: u32, group: u32) -> CubeVertexIn {
    let corner = vertex % 7u;
    // mesh.rs `three_face_cube`: vertex 0 is the nearest corner, 1–6 the outline; each packs its
    // own code and its code in the small triangle (SMALL_SLOT: 0, 2, 2, 4, 4, 4; centre 4).
    var own = 0u;
    var small = 4u;
    if corner > 0u {
        own = corner - 1u;
        small = select(select(4u, 2u, own == 1u || own == 2u), 0u, own == 0u);
    }
    var v: CubeVertexIn;
    let own_even = select(vec3<f32>(0.0), outline_code(own), corner > 0u);
    let own_odd = select(vec3<f32>(0.0), outline_code((6u - own) % 6u), corner > 0u);
    v.code_even = own_even + 2.0 * outline_code(small);
    v.code_odd = own_odd + 2.0 * outline_code((6u - small) % 6u);
    load_instance(group * pull_group + vertex / 7u, &v);
    return v;
}

// The small cube without instancing: one draw of 3 vertices a cube, each vertex finding its
// instance (vertex / 3) and its corner by its index and reading the instance from storage.
// Software rasterisers run every instance of an instanced draw as a draw of its own; this
// way they run one long draw.
@vertex
fn vs_pulled_small_cube(@builtin(vertex_index) vertex: u32) -> LitOut {
    return small_cube(pulled_small_input(vertex));
}

// The shadow pass's pulled small cube: its triangle seen from the light.
@vertex
fn vs_shadow_pulled_small_cube(@builtin(vertex_index) vertex: u32) -> @builtin(position) vec4<f32> {
    let v = pulled_small_input(vertex);
    return frame.view_proj * vec4<f32>(small_corner(v, cube_sides(v)), 1.0);
}

// The pulled small cube's vertex `vertex`, as the instanced stage would have been given it.
fn pulled_small_input(vertex: u32) -> CubeVertexIn {
    let instance = vertex / 3u;
    var corner = vertex % 3u;
    if provoking_last {
        // The mesh's order for the last-vertex convention: corners 1, 2, 0.
        corner = (corner + 1u) % 3u;
    }
    // The small cube mesh's corners (mesh.rs, `small_cube`), packed as own + 2 × small code.
    let axis = vec3<f32>(
        select(0.0, 3.0, corner == 0u),
        select(0.0, 3.0, corner == 1u),
        select(0.0, 3.0, corner == 2u),
    );
    var v: CubeVertexIn;
    v.code_even = axis;
    v.code_odd = axis.xzy;
    load_instance(instance, &v);
    return v;
}

// The fog colour, linear, unpacked from `frame.eye.w`.
fn fog_color() -> vec3<f32> {
    let packed = frame.eye.w;
    return vec3<f32>(
        packed - 256.0 * floor(packed / 256.0),
        floor(packed / 256.0) - 256.0 * floor(packed / 65536.0),
        floor(packed / 65536.0),
    ) / 255.0;
}

// The cubes' colour is flat and finished in the vertex stage: the pixel passes it on.
@fragment
fn fs_lit(in: LitOut) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color, 1.0);
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return vec4<f32>(finish(shade_mesh(in.world, in.color, false)), 1.0);
}

// `fs_main` with the ambient occlusion (`openness`), for `high`'s own scene only: a branch
// not taken still costs a software rasteriser, so the lower levels' pixels go without it.
@fragment
fn fs_main_occluded(in: VertexOut) -> @location(0) vec4<f32> {
    return vec4<f32>(finish(shade_mesh(in.world, in.color, true)), 1.0);
}

// The colour a pixel ends with. At `high`, through a filmic curve (ACES, Narkowicz's fit) so
// that the sun's highlights roll off instead of clipping, then sRGB-encoded where high draws
// into its own plain 8-bit multisampled texture (a software rasteriser writes it far faster
// per sample than an sRGB one; high_look.rs). Else as it is (the target's sRGB format encodes).
fn finish(color: vec3<f32>) -> vec3<f32> {
    if frame.detail.z < 0.5 {
        return color;
    }
    let toned = clamp((color * (2.51 * color + 0.03)) / (color * (2.43 * color + 0.59) + 0.14), vec3<f32>(0.0), vec3<f32>(1.0));
    if frame.detail.w < 0.5 {
        return toned;
    }
    return encode_srgb(toned);
}

// Linear to sRGB without pow(): the curve's linear foot, and above it a fit in square roots
// (within a quarter of an 8-bit level of the exact curve over [0, 1]), far cheaper for a
// software rasteriser, which `high` asks for per pixel of every mesh.
fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let s1 = sqrt(c);
    let s2 = sqrt(s1);
    let s3 = sqrt(s2);
    let fit = 0.662002687 * s1 + 0.684122060 * s2 - 0.323583601 * s3 - 0.0225411470 * c;
    return clamp(select(fit, 12.92 * c, c <= vec3<f32>(0.0031308)), vec3<f32>(0.0), vec3<f32>(1.0));
}

// The sky at `high`: drawn after the opaque batches on the far plane, where the depth test
// finds nothing nearer, and only above the horizon (below it the background colour stays, as
// the fog fades to it): a quad from the horizon's line on screen to the top, none where the
// horizon is above the picture. A software rasteriser pays for every pixel a pass covers, and a
// camera looking down at a board sees no sky at all.
struct SkyOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) ndc: vec2<f32>,
};

// The world direction seen through clip point `ndc` (not normalised). Unprojecting at depths 0
// and 1 keeps it affine in `ndc`, for a perspective camera and an orthographic one alike.
fn sight(ndc: vec2<f32>) -> vec3<f32> {
    let near = frame.clip_to_world * vec4<f32>(ndc, 0.0, 1.0);
    let far = frame.clip_to_world * vec4<f32>(ndc, 1.0, 1.0);
    return far.xyz / far.w - near.xyz / near.w;
}

@vertex
fn vs_sky(@builtin(vertex_index) vertex: u32) -> SkyOut {
    // The upward part of the line of sight is affine on screen: up(x, y) = c + a x + b y.
    let c = sight(vec2<f32>(0.0)).y;
    let a = sight(vec2<f32>(1.0, 0.0)).y - c;
    let b = sight(vec2<f32>(0.0, 1.0)).y - c;
    // Corners 0..3: bottom left, bottom right, top right, top left; two triangles.
    let corner = array<u32, 6>(0u, 1u, 2u, 0u, 2u, 3u)[vertex];
    let x = select(-1.0, 1.0, corner == 1u || corner == 2u);
    var y = 1.0;
    if corner < 2u {
        // The horizon's height at this edge, or the picture's bottom where the sky reaches it
        // (or the top, where there is no sky on this edge).
        var horizon = select(-1.0, 1.0, c + a * x + b * -1.0 <= 0.0);
        if abs(b) > 1e-6 {
            horizon = -(c + a * x) / b;
            // Above the line is sky only where looking up grows upwards on screen.
            horizon = select(1.0, horizon, b > 0.0);
        }
        y = clamp(horizon, -1.0, 1.0);
    }
    return SkyOut(vec4<f32>(x, y, 1.0, 1.0), vec2<f32>(x, y));
}

// The sky's colour along the line of sight through this pixel: the background colour at the
// horizon (where the fog fades to it), deepening and turning bluer towards the zenith.
@fragment
fn fs_sky(in: SkyOut) -> @location(0) vec4<f32> {
    let dir = normalize(sight(in.ndc));
    let horizon = frame.horizon.rgb;
    let zenith = horizon * vec3<f32>(0.45, 0.6, 0.95);
    return vec4<f32>(finish(mix(horizon, zenith, smoothstep(0.0, 0.8, dir.y))), 1.0);
}

// A translucent mesh's pixel: `fs_main`'s colour with the instance's alpha, which the
// pipeline's blending takes as its opacity.
@fragment
fn fs_translucent(in: TranslucentOut) -> @location(0) vec4<f32> {
    return vec4<f32>(finish(shade_mesh(in.world, in.color, false)), in.alpha);
}

// A plain mesh's pixel at `world` of linear colour `color`: lit by the face normal from the
// derivatives of the world position (its ambient share `occluded` where asked), then fogged.
fn shade_mesh(world: vec3<f32>, color: vec3<f32>, occluded: bool) -> vec3<f32> {
    var normal = normalize(cross(dpdx(world), dpdy(world)));
    // Only front faces are drawn: the face normal points towards the camera (its centre: the
    // eye, or for an orthographic camera the direction towards the viewer).
    if dot(normal, frame.centre.xyz - frame.centre.w * world) < 0.0 {
        normal = -normal;
    }
    var diffuse = max(dot(normal, normalize(frame.light_dir.xyz)), 0.0);
    if frame.shadow.x > 0.5 && diffuse > 0.0 {
        diffuse *= sunlit(world + normal * frame.shadow.w, true);
    }
    var ambient = frame.light.x;
    if occluded && frame.occlusion.y > 0.0 && frame.shadow.x > 0.5 {
        ambient *= openness(world, normal);
    }
    var lit = color * (ambient + frame.light.y * diffuse);
    let fog_start = frame.light.z;
    let fog_end = frame.light.w;
    if fog_end > fog_start {
        let t = clamp((distance(frame.eye.xyz, world) - fog_start) / (fog_end - fog_start), 0.0, 1.0);
        lit = mix(lit, fog_color(), t);
    }
    return lit;
}
