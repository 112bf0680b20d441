// The frame's uniform block (frame.rs, `FrameUniform`, writes it); the renderer puts this
// file before instanced.wgsl (the scene pass) and uses the same block for the shadow pass.

struct Frame {
    view_proj: mat4x4<f32>,
    // xyz: direction towards the light, in the instances' world frame.
    light_dir: vec4<f32>,
    // x: ambient share of the light, y: diffuse share, z: fog start, w: fog end (0: no fog).
    light: vec4<f32>,
    // xyz: the camera's position in the world frame; w: the fog colour, linear, 8 bits a
    // channel, packed as r + 256 g + 65536 b.
    eye: vec4<f32>,
    // The camera centre, homogeneous: the eye with w = 1 (perspective) or the direction
    // towards the viewer with w = 0 (orthographic).
    centre: vec4<f32>,
    // x: pixels per world unit at clip w = 1 (the larger of the view-projection's x and y
    // rows, scaled to the viewport); y: below this many pixels of half diagonal a three-face
    // cube is drawn as one triangle; z: 1 at `high` (the tone curve); w: 1 where the shader
    // encodes sRGB itself (high's own scene texture is plain 8-bit).
    detail: vec4<f32>,
    // World to the light's clip space (the sun's shadow map).
    shadow_view_proj: mat4x4<f32>,
    // x: 1 where the sun casts shadows (0: the plain picture), y: a shadow map texel in
    // texture coordinates, z: the depth bias, w: how far along a face's normal a pixel looks
    // its shadow up (world units).
    shadow: vec4<f32>,
    // Clip to world (the sky's directions), and the background colour, linear (the horizon).
    clip_to_world: mat4x4<f32>,
    horizon: vec4<f32>,
    // The ambient occlusion at `high`: x its reach (world units), y its strength (0: none),
    // z world units a unit of the sun's map's depth spans.
    occlusion: vec4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;
