//! What the solver derives from a module set once, before solving: per-module weights and
//! entropy terms, the compatibility masks grouped into classes, and the masks the boundary
//! conditions apply.
//!
//! `compat[d][m]` is the bit set of modules allowed in the neighbour towards `d` of a cell that
//! holds module `m` (the set's `allowed[d][m]` as bits). A neighbour towards `d` of a cell whose
//! domain is `D` may then only hold modules in the union of `compat[d][m]` over `m ∈ D`.
//!
//! Many modules have the same mask towards a direction (it depends only on the face they turn
//! that way), so the masks are also grouped into *classes* per direction: the modules sharing a
//! mask, and that mask. The union above is then the union of the masks of the classes that meet
//! `D`: the city set has 108 modules but at most a dozen classes per direction. Classes with
//! larger masks come first, so a union that covers a neighbour's domain is found sooner.

use super::entropy::{entropy, ln};
use crate::wfc::module_set::{Dir, ModuleSet};

/// Per-set tables, all bit sets `words` words long.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    /// Number of modules.
    pub(super) modules: usize,
    /// `u64` words per domain.
    pub(super) words: usize,
    /// Each module's weight.
    pub(super) weight: Vec<f64>,
    /// Each module's `w ln w`.
    pub(super) wlogw: Vec<f64>,
    /// `class_start[d]..class_start[d + 1]`: the classes of direction `d`.
    pub(super) class_start: [usize; 7],
    /// Class `k`'s modules: `class_members[k·words..][..words]`.
    pub(super) class_members: Vec<u64>,
    /// Class `k`'s mask: `class_masks[k·words..][..words]`.
    pub(super) class_masks: Vec<u64>,
    /// Every module.
    pub(super) full: Vec<u64>,
    /// Modules whose up face shows the boundary's air connector (allowed in the top layer).
    pub(super) top: Vec<u64>,
    /// Modules whose down face shows the boundary's ground connector (allowed in the bottom
    /// layer).
    pub(super) bottom: Vec<u64>,
    /// Modules of prototypes that are not built (what zoning leaves above a column's limit).
    pub(super) unbuilt: Vec<u64>,
    /// Modules of street prototypes (what zoning leaves on an avenue's ground).
    pub(super) streets: Vec<u64>,
    /// `Σw` and `Σ w ln w` over every module.
    pub(super) full_sums: [f64; 2],
    /// Whether `m` allows `n` towards `d` exactly when `n` allows `m` towards the opposite
    /// side (always so for parsed sets). Propagation relies on it to skip the side a change
    /// came from.
    pub(super) symmetric: bool,
}

impl Rules {
    /// The tables of `set`. Entries of `allowed` that name no module are ignored.
    pub(super) fn new(set: &ModuleSet) -> Rules {
        let modules = set.modules.len();
        let words = modules.div_ceil(64);
        let weight: Vec<f64> = set.modules.iter().map(|m| m.weight).collect();
        // The same logarithm as the entropies, so every key is reproducible.
        let wlogw: Vec<f64> = weight.iter().map(|&w| w * ln(w)).collect();
        let mask = |keep: &dyn Fn(usize) -> bool| {
            let mut bits = vec![0u64; words];
            for m in (0..modules).filter(|&m| keep(m)) {
                bits[m / 64] |= 1 << (m % 64);
            }
            bits
        };
        let allowed = |d: usize, m: usize| {
            let list = set.allowed[d].get(m).map_or(&[][..], Vec::as_slice);
            list.iter()
                .map(|&n| usize::from(n))
                .filter(move |&n| n < modules)
        };
        let mut compat = vec![0u64; 6 * modules * words];
        for d in 0..6 {
            for m in 0..modules {
                for n in allowed(d, m) {
                    compat[(d * modules + m) * words + n / 64] |= 1 << (n % 64);
                }
            }
        }
        let has = |d: usize, m: usize, n: usize| {
            compat[(d * modules + m) * words + n / 64] & (1 << (n % 64)) != 0
        };
        // Each relation contained in the other's transpose, both ways round: they are equal.
        let symmetric =
            (0..6).all(|d| (0..modules).all(|m| allowed(d, m).all(|n| has(d ^ 1, n, m))));
        let mut class_start = [0; 7];
        let mut class_members = Vec::new();
        let mut class_masks = Vec::new();
        for d in 0..6 {
            let row = |m: usize| &compat[(d * modules + m) * words..][..words];
            // Modules grouped by mask; groups ordered largest mask first, then by first module.
            let mut by_mask: Vec<usize> = (0..modules).collect();
            by_mask.sort_by(|&a, &b| row(a).cmp(row(b)).then(a.cmp(&b)));
            let mut groups: Vec<&[usize]> = by_mask.chunk_by(|&a, &b| row(a) == row(b)).collect();
            groups.sort_by_key(|g| (std::cmp::Reverse(count(row(g[0]))), g[0]));
            for group in groups {
                let mut members = vec![0u64; words];
                for &m in group {
                    members[m / 64] |= 1 << (m % 64);
                }
                class_members.extend_from_slice(&members);
                class_masks.extend_from_slice(row(group[0]));
            }
            class_start[d + 1] =
                class_start[d] + by_mask.chunk_by(|&a, &b| row(a) == row(b)).count();
        }
        let b = set.boundary;
        let face = |m: usize, d: Dir| set.modules[m].faces[d as usize].connector;
        Rules {
            modules,
            words,
            class_start,
            class_members,
            class_masks,
            full: mask(&|_| true),
            top: mask(&|m| face(m, Dir::Up) == b.up),
            bottom: mask(&|m| face(m, Dir::Down) == b.down),
            unbuilt: mask(&|m| !set.is_built(m)),
            streets: mask(&|m| set.is_street(m)),
            full_sums: [weight.iter().sum(), wlogw.iter().sum()],
            weight,
            wlogw,
            symmetric,
        }
    }

    /// Entropy of a domain with these sums.
    pub(super) fn entropy(sums: [f64; 2]) -> f64 {
        entropy(sums[0], sums[1])
    }

    /// Writes to `union` the union of the masks of the classes towards `d` that meet
    /// `domain`: what the neighbour towards `d` of a cell with that domain may hold.
    pub(super) fn union_into(&self, d: usize, domain: &[u64], union: &mut [u64]) {
        let w = self.words;
        union.fill(0);
        for k in self.class_start[d]..self.class_start[d + 1] {
            let members = &self.class_members[k * w..][..w];
            if members.iter().zip(domain).any(|(a, b)| a & b != 0) {
                for (u, m) in union.iter_mut().zip(&self.class_masks[k * w..][..w]) {
                    *u |= m;
                }
            }
        }
    }

    /// `Σw` and `Σ w ln w` over the modules in `domain`.
    pub(super) fn sums(&self, domain: &[u64]) -> [f64; 2] {
        let mut sums = [0.0; 2];
        for m in ones(domain) {
            sums[0] += self.weight[m];
            sums[1] += self.wlogw[m];
        }
        sums
    }

    /// [`Rules::union_into`] into a new bit set.
    #[cfg(test)]
    pub(super) fn union(&self, d: usize, domain: &[u64]) -> Vec<u64> {
        let mut union = vec![0u64; self.words];
        self.union_into(d, domain, &mut union);
        union
    }
}

/// The modules (set bits) of a bit set, lowest first.
pub(super) fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + bit
            })
        })
    })
}

/// Number of set bits.
pub(super) fn count(bits: &[u64]) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::{Rules, count, ones};
    use crate::wfc::module_set::Dir;
    use crate::wfc::{EXAMPLE_SET, ModuleSet};

    fn city() -> ModuleSet {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
        ModuleSet::load(&path).expect("city set")
    }

    /// The bit set of a list of modules.
    fn bits(words: usize, modules: impl IntoIterator<Item = usize>) -> Vec<u64> {
        let mut bits = vec![0u64; words];
        for m in modules {
            bits[m / 64] |= 1 << (m % 64);
        }
        bits
    }

    #[test]
    fn class_unions_match_the_allowed_lists() {
        for set in [
            ModuleSet::parse(EXAMPLE_SET, "example.ron".as_ref()).expect("example set"),
            city(),
        ] {
            let rules = Rules::new(&set);
            let (n, w) = (set.modules.len(), rules.words);
            assert!(rules.symmetric);
            assert_eq!(count(&rules.full) as usize, n);
            for d in Dir::ALL {
                let d = d as usize;
                let classes = rules.class_start[d]..rules.class_start[d + 1];
                assert!(classes.len() <= 16, "{} classes towards {d}", classes.len());
                // Every module is in exactly one class of each direction.
                let mut seen = vec![0u64; w];
                for k in classes {
                    let members = &rules.class_members[k * w..][..w];
                    assert!(members.iter().zip(&seen).all(|(a, b)| a & b == 0));
                    for (s, m) in seen.iter_mut().zip(members) {
                        *s |= m;
                    }
                }
                assert_eq!(seen, rules.full);
                // One module, and a few modules: the union is the allowed lists' union.
                for m in 0..n {
                    let listed = |m: usize| set.allowed[d][m].iter().map(|&x| usize::from(x));
                    assert_eq!(rules.union(d, &bits(w, [m])), bits(w, listed(m)));
                    let few: Vec<usize> = (m..n).step_by(7).take(3).collect();
                    let want = bits(w, few.iter().flat_map(|&m| listed(m)));
                    assert_eq!(rules.union(d, &bits(w, few.iter().copied())), want);
                }
            }
            for m in ones(&rules.bottom) {
                assert_eq!(
                    set.modules[m].faces[Dir::Down as usize].connector,
                    set.boundary.down
                );
            }
        }
    }

    #[test]
    fn ones_lists_bits_across_words() {
        let bits = [1u64 << 63 | 1, 0, 1 << 5];
        assert_eq!(ones(&bits).collect::<Vec<_>>(), [0, 63, 133]);
        assert_eq!(count(&bits), 3);
    }
}
