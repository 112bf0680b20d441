//! What generation and roads share about noise and spacing: the smallest gap kept between
//! footprints, and fractal noise sampled only where its lattice is defined.

use noise::{Fbm, NoiseFn, Perlin};

/// The smallest gap, in world units, left between two footprints, between a footprint and a
/// chunk border (half of it on each side), so that rounding never turns touching into
/// overlapping.
pub(crate) const GAP: f64 = 1e-3;

/// The largest coordinate, in noise space (world units times the frequency of the finest
/// octave), at which noise is sampled: beyond it an `f64` has no fraction left, and beyond
/// `isize::MAX` the noise crate's lattice lookup panics. Farther samples read 0.
const NOISE_REACH: f64 = (1u64 << 50) as f64;

/// Fractal noise `noise` at `p`, or 0 where `p` lies farther than [`NOISE_REACH`] in noise
/// space (`limit` is that distance in world units, from [`noise_limit`]).
pub(crate) fn sample_noise(noise: &Fbm<Perlin>, limit: f64, p: [f64; 2]) -> f64 {
    if p[0].abs() <= limit && p[1].abs() <= limit {
        noise.get(p)
    } else {
        0.0
    }
}

/// The farthest world coordinate [`sample_noise`] samples for fBm of `frequency` and
/// `octaves` (each octave doubles the frequency).
pub(crate) fn noise_limit(frequency: f64, octaves: usize) -> f64 {
    let finest = frequency * (1u64 << octaves.min(63)) as f64;
    if finest.is_finite() && finest > 0.0 {
        NOISE_REACH / finest
    } else if finest == 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}
