//! The colour maths the pictures at `high` are checked against: sRGB decoding and encoding,
//! and ACES's filmic curve (Narkowicz's fit), as the shader applies it.

/// An sRGB-encoded byte as a linear channel.
pub fn to_linear(byte: u8) -> f32 {
    let c = f32::from(byte) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// A linear channel sRGB-encoded, in 8-bit levels, unrounded.
pub fn srgb_level(linear: f32) -> f32 {
    let c = linear.clamp(0.0, 1.0);
    let s = if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    s * 255.0
}

/// A linear channel sRGB-encoded as a byte.
pub fn to_srgb(linear: f32) -> u8 {
    srgb_level(linear).round() as u8
}

/// The filmic curve.
pub fn aces(x: f32) -> f32 {
    ((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)).clamp(0.0, 1.0)
}
