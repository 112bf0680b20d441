//! The maths the simulation does beyond IEEE's basic operations, one implementation for every
//! platform: `+`, `−`, `×`, `÷` and `sqrt` round the same everywhere, but `sin`, `cos` and
//! `atan2` come from the platform's library (glibc, macOS, the MSVC runtime, wasm's), which may
//! differ in the last bit. A game played with [`Maths::Portable`] takes them from one pure-Rust
//! library (`libm`) on every platform, so the same game gives the same checksums anywhere.
//! [`Maths::Platform`] is what games recorded and saved before that played with: it replays
//! where they were made (the board's server is x86_64 Linux). A recording's or save's version
//! says which ([`Maths::of_recording_version`]).
//!
//! The simulation never calls a transcendental function but through this module; the test
//! `one_maths` in `tests/` reads the sources to keep it so.

/// Which implementation of the transcendental functions a game is played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Maths {
    /// One pure-Rust implementation on every platform: games played this way are the same
    /// everywhere. Every new game's.
    #[default]
    Portable,
    /// The platform's own library, as every game was played before [`Maths::Portable`]: kept
    /// so that those games replay where they were made.
    Platform,
}

impl Maths {
    /// `(sin x, cos x)` of `x` in radians.
    #[inline]
    pub fn sin_cos(self, x: f32) -> (f32, f32) {
        match self {
            Maths::Portable => libm::sincosf(x),
            Maths::Platform => x.sin_cos(),
        }
    }

    /// The angle of `(x, y)` from the +x axis towards +y, in radians in `[−π, π]`.
    #[inline]
    pub fn atan2(self, y: f32, x: f32) -> f32 {
        match self {
            Maths::Portable => libm::atan2f(y, x),
            Maths::Platform => y.atan2(x),
        }
    }

    /// The natural logarithm of `x` (`f64`).
    #[inline]
    pub fn ln(self, x: f64) -> f64 {
        match self {
            Maths::Portable => libm::log(x),
            Maths::Platform => x.ln(),
        }
    }

    /// The maths of a game whose recording (or save) is of format `version`: those before
    /// [`PORTABLE_SINCE_RECORDING`] were played with the platform's.
    pub fn of_recording_version(version: u32) -> Maths {
        if version >= PORTABLE_SINCE_RECORDING {
            Maths::Portable
        } else {
            Maths::Platform
        }
    }

    /// The name the files and summaries use: `portable` or `platform`.
    pub fn name(self) -> &'static str {
        match self {
            Maths::Portable => "portable",
            Maths::Platform => "platform",
        }
    }
}

/// The first recording format version played with [`Maths::Portable`].
pub const PORTABLE_SINCE_RECORDING: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_maths_agree_to_within_a_unit_in_the_last_place() {
        for i in -2000..2000 {
            let x = i as f32 * 0.0137;
            let (ps, pc) = Maths::Portable.sin_cos(x);
            let (ns, nc) = Maths::Platform.sin_cos(x);
            assert!((ps - ns).abs() <= f32::EPSILON, "{x}: {ps} {ns}");
            assert!((pc - nc).abs() <= f32::EPSILON, "{x}: {pc} {nc}");
            let (a, b) = (Maths::Portable.atan2(x, 1.5), Maths::Platform.atan2(x, 1.5));
            assert!((a - b).abs() <= 4.0 * f32::EPSILON, "{x}: {a} {b}");
        }
    }

    #[test]
    fn portable_sines_are_libms_bits() {
        // Values libm gives on every platform (checked under WASI too): the bits, not a
        // tolerance.
        let (s, c) = Maths::Portable.sin_cos(1.0);
        assert_eq!(s.to_bits(), 0.841_470_96_f32.to_bits());
        assert_eq!(c.to_bits(), 0.540_302_3_f32.to_bits());
    }

    #[test]
    fn the_recording_version_says_which() {
        assert_eq!(Maths::of_recording_version(1), Maths::Platform);
        assert_eq!(Maths::of_recording_version(2), Maths::Portable);
        assert_eq!(Maths::default(), Maths::Portable);
    }
}
