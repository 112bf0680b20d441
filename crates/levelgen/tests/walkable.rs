//! The city set's stair flights, walked: in every rotation the flight's two cells, its head
//! and the bridge it leads to fit together only the right way round, and a walker climbs
//! from the street to the bridge deck one step at a time.
#![allow(clippy::unwrap_used)]

use horde_levelgen::collapse::{Dir, ModuleSet, Solid};
use horde_levelgen::walk::{Body, STAND_SAMPLES, Stand, column_stands};
use std::collections::HashMap;

const BODY: Body = Body {
    radius: 0.1,
    height: 0.6,
    step: 0.15,
};

fn city() -> ModuleSet {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap()
}

fn named(set: &ModuleSet, prototype: &str, rotation: u8) -> u16 {
    set.modules
        .iter()
        .position(|m| set.prototypes[m.prototype].name == prototype && m.rotation == rotation)
        .unwrap_or_else(|| panic!("no {prototype} turned {rotation}")) as u16
}

/// Modules of prototype `prototype` that may sit next to module `a` towards `d`.
fn fitting(set: &ModuleSet, a: u16, d: Dir, prototype: &str) -> Vec<u16> {
    (0..set.modules.len())
        .filter(|&b| {
            set.prototypes[set.modules[b].prototype].name == prototype
                && set.may_neighbour(usize::from(a), b, d)
        })
        .map(|b| b as u16)
        .collect()
}

/// North turned `r` quarter turns clockwise seen from above.
fn forward(r: u8) -> Dir {
    [Dir::North, Dir::East, Dir::South, Dir::West][usize::from(r % 4)]
}

/// A point given in the flight's own frame (`u` across, `v` along the climb, from the lower
/// cell's south-west corner when unturned), in map coordinates for a flight turned `r` times
/// whose lower cell is column `(0, 0)`.
fn place(r: u8, u: f32, v: f32) -> (f32, f32) {
    // Turn about the centre of the lower cell, as module shapes are turned.
    let (mut x, mut z) = (u, v);
    for _ in 0..r {
        (x, z) = (z, 1.0 - x);
    }
    (x, z)
}

#[test]
fn stair_flights_line_up_in_every_rotation_and_lead_onto_a_bridge() {
    let set = city();
    let street = named(&set, "plaza", 0);
    for r in 0..4u8 {
        let ahead = forward(r);
        let (dx, _, dz) = ahead.step();
        let lower = named(&set, "stairs_lower", r);
        // Only the upper cell turned the same way continues the flight…
        let upper = fitting(&set, lower, ahead, "stairs_upper");
        assert_eq!(upper, vec![named(&set, "stairs_upper", r)], "rotation {r}");
        let upper = upper[0];
        // …only the head turned the same way sits on it (vertical rotation index)…
        let head = fitting(&set, upper, Dir::Up, "stair_head");
        assert_eq!(head, vec![named(&set, "stair_head", r)], "rotation {r}");
        let head = head[0];
        // …and a bridge running the flight's way leads on from the head.
        let bridges = fitting(&set, head, ahead, "bridge");
        assert_eq!(bridges.len(), 1, "rotation {r}: {bridges:?}");
        let mut columns: HashMap<(i32, i32), Vec<Solid>> = HashMap::new();
        let mut put = |(x, z): (i32, i32), column: &[u16]| {
            let solids = columns.entry((x, z)).or_default();
            set.column_solids((x, z), column, solids);
        };
        put((-dx, -dz), &[street]);
        put((0, 0), &[lower]);
        put((dx, dz), &[upper, head]);
        put((2 * dx, 2 * dz), &[street, bridges[0]]);
        put((3 * dx, 3 * dz), &[street, bridges[0]]);
        let empty: Vec<Solid> = Vec::new();
        let at = |c: (i32, i32)| -> &[Solid] { columns.get(&c).map_or(&empty, |s| s.as_slice()) };

        // Walk up the flight's centre line (u = 0.5) in small steps, from the street.
        let (x, z) = place(r, 0.5, -0.5);
        let mut feet = BODY.settle(at, (x, z), 0.12).unwrap();
        assert!((feet - 0.12).abs() < 1e-4, "rotation {r}: starts at {feet}");
        let mut climbed = Vec::new();
        for k in 1..=140 {
            let v = -0.5 + k as f32 * 0.025;
            let (x, z) = place(r, 0.5, v);
            let next = BODY
                .settle(at, (x, z), feet)
                .unwrap_or_else(|| panic!("rotation {r}: stopped at v = {v}, feet {feet}"));
            assert!(next >= feet - 1e-4, "rotation {r}: went down at v = {v}");
            assert!(
                next - feet <= BODY.step + 1e-4,
                "rotation {r}: a leap at {v}"
            );
            climbed.push(next);
            feet = next;
        }
        // Two cells of stairs and a cell of bridge later: on the deck, one storey up.
        assert!((feet - 1.1).abs() < 1e-3, "rotation {r}: ends at {feet}");
        // Eight steps of equal rise on the way: nine heights, the street's first.
        climbed.insert(0, 0.12);
        climbed.dedup_by(|a, b| (*a - *b).abs() < 1e-4);
        assert_eq!(climbed.len(), 9, "rotation {r}: {climbed:?}");
        let rises: Vec<f32> = climbed.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            rises.iter().all(|rise| (rise - rises[0]).abs() < 1e-3),
            "rotation {r}: {rises:?}"
        );

        // The same flight seen by path search: along the centre line, each sample's lowest
        // surface is a step or less from the last.
        let mut stands: Vec<Stand> = Vec::new();
        let mut line = Vec::new();
        for cell in 0..3 {
            let c = (cell * dx, cell * dz);
            stands.clear();
            column_stands(at(c), c, &BODY, &mut stands);
            for j in 0..STAND_SAMPLES {
                let v = cell as f32 + (j as f32 + 0.5) / STAND_SAMPLES as f32;
                let (x, z) = place(r, 0.5, v);
                let sample = |s: &Stand| {
                    let (i, j) = s.offset();
                    let sx = c.0 as f32 + (i as f32 + 0.5) / STAND_SAMPLES as f32;
                    let sz = c.1 as f32 + (j as f32 + 0.5) / STAND_SAMPLES as f32;
                    (sx - x).abs() < 1e-3 && (sz - z).abs() < 1e-3
                };
                let here: Vec<f32> = stands
                    .iter()
                    .filter(|s| sample(s))
                    .map(|s| s.height)
                    .collect();
                // On the bridge the street below is a surface too; the walker's is the highest.
                let height = *here
                    .iter()
                    .rfind(|&&h| line.last().is_none_or(|&last: &f32| BODY.connects(last, h)))
                    .unwrap_or_else(|| panic!("rotation {r}: no surface at {v}: {here:?}"));
                line.push(height);
            }
        }
        assert!(
            line.windows(2).all(|w| w[1] >= w[0]),
            "rotation {r}: {line:?}"
        );
        assert!((line.last().unwrap() - 1.1).abs() < 1e-3, "{line:?}");
    }
}

/// Ahead of a flight's lower cell, the upper cell of a flight turned any other way never fits
/// (its back and sides are plain ground edges, which may touch the lower cell's sides).
#[test]
fn a_flight_turned_differently_does_not_fit() {
    let set = city();
    for r in 0..4u8 {
        let lower = named(&set, "stairs_lower", r);
        for other in (0..4u8).filter(|&o| o != r) {
            let upper = named(&set, "stairs_upper", other);
            assert!(
                !set.may_neighbour(usize::from(lower), usize::from(upper), forward(r)),
                "stairs_lower turned {r} continues into stairs_upper turned {other}"
            );
            let head = named(&set, "stair_head", other);
            assert!(!set.may_neighbour(
                usize::from(named(&set, "stairs_upper", r)),
                usize::from(head),
                Dir::Up
            ));
        }
    }
}
