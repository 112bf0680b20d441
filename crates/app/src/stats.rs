//! Percentiles of per-frame figures: [`Stat`] (median, 95th percentile, largest) from a list of
//! samples, and [`Histogram`], which gives the same from a fixed number of buckets so a scene
//! can record every frame of an endless run without allocating.

use serde::Serialize;

/// Percentiles of one figure, in milliseconds.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Stat {
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// Largest.
    pub max: f64,
}

impl Stat {
    /// The percentiles of `samples` (sorted in place): the sample at rank
    /// `round((n − 1)·q)`; all zeros when there are none.
    pub fn of(samples: &mut [f64]) -> Stat {
        if samples.is_empty() {
            return Stat::default();
        }
        samples.sort_by(f64::total_cmp);
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        Stat {
            p50: at(0.5),
            p95: at(0.95),
            max: at(1.0),
        }
    }
}

/// Width of a histogram bucket, milliseconds.
const BUCKET_MS: f64 = 0.01;
/// Buckets: 0–50 ms in steps of 0.01 ms; larger samples share the last one (the largest is
/// kept exactly).
const BUCKETS: usize = 5000;

/// Millisecond samples counted in 0.01 ms buckets: percentiles to within a bucket, the
/// largest exactly, in constant memory.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Box<[u32]>,
    samples: u64,
    max: f64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            counts: vec![0; BUCKETS].into_boxed_slice(),
            samples: 0,
            max: 0.0,
        }
    }
}

impl Histogram {
    /// Counts one sample (negative or NaN counts as 0).
    pub fn record(&mut self, ms: f64) {
        let ms = if ms.is_nan() { 0.0 } else { ms.max(0.0) };
        let bucket = ((ms / BUCKET_MS) as usize).min(BUCKETS - 1);
        self.counts[bucket] = self.counts[bucket].saturating_add(1);
        self.samples += 1;
        self.max = self.max.max(ms);
    }

    /// Samples counted.
    pub fn len(&self) -> u64 {
        self.samples
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.samples == 0
    }

    /// Median, 95th percentile (each the middle of its bucket, at most the largest sample) and
    /// the largest sample; zeros when empty.
    pub fn stat(&self) -> Stat {
        if self.samples == 0 {
            return Stat::default();
        }
        let at = |q: f64| {
            let rank = ((self.samples - 1) as f64 * q).round() as u64;
            let mut seen = 0u64;
            for (bucket, &count) in self.counts.iter().enumerate() {
                seen += u64::from(count);
                if seen > rank {
                    return ((bucket as f64 + 0.5) * BUCKET_MS).min(self.max);
                }
            }
            self.max
        };
        Stat {
            p50: at(0.5),
            p95: at(0.95),
            max: self.max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_list() {
        let mut samples: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        let stat = Stat::of(&mut samples);
        assert_eq!((stat.p50, stat.p95, stat.max), (51.0, 95.0, 100.0));
        assert_eq!(Stat::of(&mut []), Stat::default());
    }

    #[test]
    fn the_histogram_agrees_with_the_list_to_within_a_bucket() {
        let mut samples: Vec<f64> = (0..1000).map(|i| (i * 37 % 1000) as f64 * 0.013).collect();
        let mut histogram = Histogram::default();
        for &s in &samples {
            histogram.record(s);
        }
        let exact = Stat::of(&mut samples);
        let binned = histogram.stat();
        assert!(
            (exact.p50 - binned.p50).abs() <= BUCKET_MS,
            "{exact:?} {binned:?}"
        );
        assert!(
            (exact.p95 - binned.p95).abs() <= BUCKET_MS,
            "{exact:?} {binned:?}"
        );
        assert_eq!(exact.max, binned.max);
        assert_eq!(histogram.len(), 1000);
    }

    #[test]
    fn huge_and_odd_samples_are_counted_safely() {
        let mut histogram = Histogram::default();
        histogram.record(1e9);
        histogram.record(f64::NAN);
        histogram.record(-3.0);
        let stat = histogram.stat();
        assert_eq!(stat.max, 1e9);
        assert_eq!(stat.p50, 0.005);
        assert!(Histogram::default().is_empty());
    }
}
