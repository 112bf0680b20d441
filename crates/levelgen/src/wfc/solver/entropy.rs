//! The selection key of a cell: the Shannon entropy of a weighted choice among its modules,
//! plus a tiny seeded tie-break per cell.
//!
//! The natural logarithm here uses only IEEE-754 additions, subtractions, multiplications and
//! divisions in a fixed order (Rust never fuses them), so the keys, and therefore the order in
//! which cells are collapsed, are the same on every machine, whatever its maths library does.

use crate::hash::mix64;

/// `ln 2`, correctly rounded.
const LN_2: f64 = std::f64::consts::LN_2;

/// `1/(2k + 1)` for `k = 0..13`: the coefficients of the `atanh` series.
const ODD_RECIPROCALS: [f64; 13] = {
    let mut c = [0.0; 13];
    let mut k = 0;
    while k < 13 {
        c[k] = 1.0 / (2 * k + 1) as f64;
        k += 1;
    }
    c
};

/// The natural logarithm of `x`, reproducible bit for bit on every platform (within a few
/// units in the last place of the true value). `x ≤ 0` or NaN gives negative infinity, `+∞`
/// gives `+∞`.
pub(super) fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return f64::INFINITY;
    }
    // Subnormals: scale into the normal range first (2^54 is exact).
    let (x, mut exponent) = if x < f64::MIN_POSITIVE {
        (x * 18_014_398_509_481_984.0, -54i64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    exponent += ((bits >> 52) & 0x7ff) as i64 - 1023;
    // The mantissa as a number in [1, 2), then moved to [√½, √2) so the series below is short.
    let mut m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        exponent += 1;
    }
    // ln m = 2·atanh(s) = 2·(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.172: thirteen
    // terms leave an error below 2⁻⁶⁰.
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let series = ODD_RECIPROCALS
        .iter()
        .rev()
        .fold(0.0, |series, &c| series * s2 + c);
    exponent as f64 * LN_2 + 2.0 * s * series
}

/// Shannon entropy of a weighted choice from its sums: `ln Σw − Σ(w ln w) / Σw`; `0` for an
/// empty choice.
pub(super) fn entropy(sum_w: f64, sum_wlogw: f64) -> f64 {
    if sum_w > 0.0 {
        ln(sum_w) - sum_wlogw / sum_w
    } else {
        0.0
    }
}

/// The seeded tie-break of `cell`, in `[0, 1e-7)`: far below any difference in entropy between
/// two different choices, so it only orders cells of equal entropy.
pub(super) fn tie_break(salt: u64, cell: usize) -> f64 {
    (mix64(salt ^ cell as u64) >> 11) as f64 * (1e-7 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::{entropy, ln, tie_break};

    #[test]
    fn ln_agrees_with_the_standard_library() {
        let mut x: f64 = 1e-310;
        while x < 1e300 {
            let want = x.ln();
            let got = ln(x);
            assert!(
                (got - want).abs() <= 4.0 * f64::EPSILON * want.abs().max(1.0),
                "ln({x}) = {got}, want {want}"
            );
            x *= 1.37;
        }
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert_eq!(ln(-1.0), f64::NEG_INFINITY);
        assert_eq!(ln(f64::INFINITY), f64::INFINITY);
    }

    #[test]
    fn entropy_of_equal_weights_is_ln_of_their_count() {
        // Four modules of weight 2: Σw = 8, Σw ln w = 8 ln 2, entropy ln 8 − ln 2 = ln 4.
        let e = entropy(8.0, 8.0 * 2f64.ln());
        assert!((e - 4f64.ln()).abs() < 1e-12);
        assert_eq!(entropy(0.0, 0.0), 0.0);
    }

    #[test]
    fn tie_breaks_are_small_and_seeded() {
        for cell in 0..1000 {
            let t = tie_break(7, cell);
            assert!((0.0..1e-7).contains(&t));
        }
        assert_ne!(tie_break(7, 3), tie_break(8, 3));
        assert_eq!(tie_break(7, 3), tie_break(7, 3));
    }
}
