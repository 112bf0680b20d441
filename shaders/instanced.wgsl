// Instanced meshes with one directional light.
//
// Vertex buffer 0: the mesh (position, normal). Vertex buffer 1: one instance per draw
// instance, a column-major model matrix and an sRGB colour in 8-bit channels. Colours are
// converted to linear light here, lit, and written to an sRGB target, which encodes them again.

struct Frame {
    view_proj: mat4x4<f32>,
    // xyz: direction towards the light, in the instances' world frame.
    light_dir: vec4<f32>,
    // x: ambient share of the light, y: diffuse share.
    light: vec4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) model0: vec4<f32>,
    @location(3) model1: vec4<f32>,
    @location(4) model2: vec4<f32>,
    @location(5) model3: vec4<f32>,
    @location(6) color: vec4<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
};

fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    let low = c / 12.92;
    let high = pow((c + 0.055) / 1.055, vec3<f32>(2.4));
    return select(high, low, c <= vec3<f32>(0.04045));
}

@vertex
fn vs_main(v: VertexIn) -> VertexOut {
    let model = mat4x4<f32>(v.model0, v.model1, v.model2, v.model3);
    let world = model * vec4<f32>(v.position, 1.0);
    let normal = normalize((model * vec4<f32>(v.normal, 0.0)).xyz);
    let diffuse = max(dot(normal, normalize(frame.light_dir.xyz)), 0.0);
    let shade = frame.light.x + frame.light.y * diffuse;
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.color = vec4<f32>(srgb_to_linear(v.color.rgb) * shade, v.color.a);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return in.color;
}
