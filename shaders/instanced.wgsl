// Instanced meshes with one directional light.
//
// Vertex buffer 0: the mesh (position; the normal attribute is not used). Vertex buffer 1: one
// instance per draw instance, a column-major model matrix and an sRGB colour in 8-bit channels.
//
// Everything is shaded flat: the fragment shader takes each face's normal from the screen-space
// derivatives of the world position, so meshes need no per-face vertices (the cube has 8, not
// 24) and the vertex shader does as little as possible. That is where software rasterisers
// spend their time with many small instances.

struct Frame {
    view_proj: mat4x4<f32>,
    // xyz: direction towards the light, in the instances' world frame.
    light_dir: vec4<f32>,
    // x: ambient share of the light, y: diffuse share, z: fog start, w: fog end (0: no fog).
    light: vec4<f32>,
    // xyz: the camera's position in the world frame; w: the fog colour, linear, 8 bits a
    // channel, packed as r + 256 g + 65536 b.
    eye: vec4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;

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
    let model = mat4x4<f32>(v.model0, v.model1, v.model2, v.model3);
    let world = model * vec4<f32>(v.position, 1.0);
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.world = world.xyz;
    out.color = srgb_to_linear(v.color.rgb);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    var normal = normalize(cross(dpdx(in.world), dpdy(in.world)));
    // Only front faces are drawn: the face normal points towards the camera.
    if dot(normal, frame.eye.xyz - in.world) < 0.0 {
        normal = -normal;
    }
    let diffuse = max(dot(normal, normalize(frame.light_dir.xyz)), 0.0);
    var color = in.color * (frame.light.x + frame.light.y * diffuse);
    let fog_start = frame.light.z;
    let fog_end = frame.light.w;
    if fog_end > fog_start {
        let packed = frame.eye.w;
        let fog = vec3<f32>(
            packed - 256.0 * floor(packed / 256.0),
            floor(packed / 256.0) - 256.0 * floor(packed / 65536.0),
            floor(packed / 65536.0),
        ) / 255.0;
        let t = clamp((distance(frame.eye.xyz, in.world) - fog_start) / (fog_end - fog_start), 0.0, 1.0);
        color = mix(color, fog, t);
    }
    return vec4<f32>(color, 1.0);
}
