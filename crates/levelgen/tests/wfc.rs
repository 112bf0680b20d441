//! Module sets: rotations, fit rules, errors with their location.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_levelgen::collapse::ModuleSet;
use std::path::Path;

fn city() -> ModuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rotations_are_derived_and_duplicates_dropped() {
    let set = city();
    let count = |prototype: &str| {
        set.modules
            .iter()
            .filter(|m| set.prototypes[m.prototype].name == prototype)
            .count()
    };
    assert_eq!(count("air"), 1);
    assert_eq!(count("street"), 2);
    assert_eq!(count("street_corner"), 4);
    assert_eq!(count("street_cross"), 1);
    // A quarter turn clockwise takes the west face north.
    let corner = set
        .modules
        .iter()
        .find(|m| m.name == "street_corner_r1")
        .unwrap();
    let base = set
        .modules
        .iter()
        .find(|m| m.name == "street_corner")
        .unwrap();
    assert_eq!(corner.faces[3].connector, base.faces[0].connector); // north ← west
    assert_eq!(corner.faces[1].connector, base.faces[3].connector); // east ← north
}

#[test]
fn fit_rules_for_flips_and_vertical_rotations() {
    let text = r#"(
        boundary: (up: 0, down: 0),
        prototypes: [
            (name: "p", faces: (
                west: (connector: 5, symmetry: Flipped), east: (connector: 5, symmetry: Unflipped),
                south: (connector: 5, symmetry: Flipped), north: (connector: 5, symmetry: Flipped),
                down: (connector: 7, rotation: Rotation(1)), up: (connector: 7, rotation: Rotation(1)))),
        ],
    )"#;
    let set = ModuleSet::parse(text, Path::new("fit.ron")).unwrap();
    use horde_levelgen::collapse::Dir;
    let p0 = set.modules.iter().position(|m| m.rotation == 0).unwrap();
    // East (unflipped) meets west (flipped): fits. North (flipped) meets south (flipped): not.
    assert!(set.may_neighbour(p0, p0, Dir::East));
    assert!(!set.may_neighbour(p0, p0, Dir::North));
    // Up (rotation 1) on down (rotation 1) of the same turn fits; of another turn it does not.
    assert!(set.may_neighbour(p0, p0, Dir::Up));
    let p1 = set.modules.iter().position(|m| m.rotation == 1).unwrap();
    assert!(!set.may_neighbour(p0, p1, Dir::Up));
}

#[test]
fn module_set_errors_name_file_line_and_column() {
    let err = |text: &str| {
        ModuleSet::parse(text, Path::new("bad.ron"))
            .unwrap_err()
            .to_string()
    };
    // A connector of the wrong kind: a rotation on a horizontal face.
    let wrong_kind = horde_levelgen::collapse::EXAMPLE_SET.replacen(
        "west: (connector: 0, symmetry: Symmetric)",
        "west: (connector: 0, rotation: Invariant)",
        1,
    );
    let e = err(&wrong_kind);
    let line = wrong_kind
        .lines()
        .position(|l| l.contains("west: (connector: 0, rotation"))
        .unwrap()
        + 1;
    assert!(
        e.starts_with(&format!("bad.ron:{line}:")) && e.contains("rotation"),
        "{e}"
    );
    // An unknown prototype in an exclusion, located where it is named.
    let unknown =
        horde_levelgen::collapse::EXAMPLE_SET.replace("down: [\"pillar\"]", "down: [\"tower\"]");
    let e = err(&unknown);
    let line = unknown
        .lines()
        .position(|l| l.contains("\"tower\""))
        .unwrap()
        + 1;
    assert!(
        e.starts_with(&format!("bad.ron:{line}:")) && e.contains("unknown prototype `tower`"),
        "{e}"
    );
    // Syntax, duplicate names, bad weights and rotation indices.
    assert!(err("(boundary: (up: 0, down: 0), prototypes: [").starts_with("bad.ron:1:"));
    let dup = horde_levelgen::collapse::EXAMPLE_SET.replace("name: \"pillar\"", "name: \"air\"");
    assert!(err(&dup).contains("duplicate prototype name `air`"));
    let weight = horde_levelgen::collapse::EXAMPLE_SET.replace("weight: 0.5", "weight: -1.0");
    assert!(err(&weight).contains("must be positive"));
    let rot = horde_levelgen::collapse::EXAMPLE_SET.replacen(
        "up: (connector: 0, rotation: Invariant)",
        "up: (connector: 0, rotation: Rotation(4))",
        1,
    );
    assert!(err(&rot).contains("not 0–3"));
    let unknown_field = horde_levelgen::collapse::EXAMPLE_SET.replacen(
        "weight: 4.0,",
        "weight: 4.0, colour: 3,",
        1,
    );
    assert!(err(&unknown_field).contains("bad.ron:"));
}

#[test]
fn hostile_module_sets_are_refused_before_they_are_expanded() {
    use horde_levelgen::collapse::{MAX_BOXES, MAX_MODULES};
    let one = |i: usize| {
        format!(
            r#"(name: "p{i}", faces: (west: (connector: 0, symmetry: Symmetric), east: (connector: 0, symmetry: Symmetric), south: (connector: 0, symmetry: Symmetric), north: (connector: 0, symmetry: Symmetric), down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant))),"#
        )
    };
    let many: String = (0..=MAX_MODULES).map(one).collect();
    let text = format!("(boundary: (up: 0, down: 0), prototypes: [{many}])");
    let e = ModuleSet::parse(&text, "many.ron".as_ref()).unwrap_err();
    // Reported at the first prototype too many, the rest never read.
    assert!(
        e.to_string().starts_with("many.ron:1:")
            && e.to_string().ends_with(&format!(
                "{} prototypes: more than the {MAX_MODULES} allowed",
                MAX_MODULES + 1
            )),
        "{e}"
    );

    // Boxes: too many, not finite, or inside out.
    let shaped = |shape: &str| {
        horde_levelgen::collapse::EXAMPLE_SET.replacen(
            "shape: [(min: (0.0, 0.0, 0.0), max: (1.0, 0.2, 1.0), color: (90, 140, 70))]",
            &format!("shape: [{shape}]"),
            1,
        )
    };
    let unit = "(min: (0.0, 0.0, 0.0), max: (1.0, 1.0, 1.0)),";
    for (shape, says) in [
        (
            unit.repeat(MAX_BOXES + 1),
            "257 boxes: more than the 256 allowed",
        ),
        (
            "(min: (0.0, NaN, 0.0), max: (1.0, 1.0, 1.0))".to_string(),
            "finite corners",
        ),
        (
            "(min: (0.0, 0.0, 0.0), max: (1.0, inf, 1.0))".to_string(),
            "finite corners",
        ),
        (
            "(min: (0.0, 0.9, 0.0), max: (1.0, 0.1, 1.0))".to_string(),
            "min <= max",
        ),
        (
            "(min: (0.0, 0.0, 0.0), max: (1e30, 1.0, 1.0))".to_string(),
            "in -1..2",
        ),
    ] {
        let text = shaped(&shape);
        assert_ne!(text, horde_levelgen::collapse::EXAMPLE_SET);
        let e = ModuleSet::parse(&text, "shape.ron".as_ref()).unwrap_err();
        let message = e.to_string();
        assert!(message.starts_with("shape.ron:"), "{message}");
        assert!(message.contains(says), "{says}: {message}");
        assert!(
            !message.starts_with("shape.ron:1:1:"),
            "no place: {message}"
        );
    }
}

/// The city set's text with the `nth` occurrence (0-based) of `from` replaced by `to`, and the
/// 1-based line of that occurrence.
fn city_with(from: &str, nth: usize, to: &str) -> (String, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let (at, _) = text.match_indices(from).nth(nth).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let mut changed = text.clone();
    changed.replace_range(at..at + from.len(), to);
    (changed, line)
}

#[test]
fn a_bad_box_of_a_late_prototype_is_reported_at_its_own_line() {
    // The last box of the file, its lowest corner moved out of the cell.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let at = text.rfind("(min: (").unwrap();
    let corner = &text[at..at + text[at..].find(')').unwrap() + 1];
    let last = text.matches(corner).count() - 1;
    let (changed, line) = city_with(corner, last, "(min: (5.0, 0.0, 0.0)");
    let e = ModuleSet::parse(&changed, "city.ron".as_ref()).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("city.ron:{line}:")),
        "{e} (wanted line {line})"
    );
    assert!(e.to_string().contains("in -1..2 with min <= max"), "{e}");
}

#[test]
fn walking_costs_are_data_of_the_set() {
    let set = city();
    let cost = |name: &str| {
        set.prototypes
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.walk_cost)
            .unwrap()
    };
    assert!(cost("street") < cost("stairs_lower"));
    assert!(cost("stairs_lower") < cost("grass"));
    assert!(cost("grass") < cost("roof_full"));
    // Left out, a prototype costs 1.
    let example =
        ModuleSet::parse(horde_levelgen::collapse::EXAMPLE_SET, "x.ron".as_ref()).unwrap();
    assert!(example.prototypes.iter().all(|p| p.walk_cost == 1.0));
    // A bad cost is reported at itself, however late.
    let last = set.prototypes.len() - 1;
    let (changed, line) = city_with("walk_cost: ", last, "walk_cost: -");
    let e = ModuleSet::parse(&changed, "city.ron".as_ref()).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("city.ron:{line}:"))
            && e.to_string()
                .contains("`walk_cost` must be a positive number"),
        "{e} (wanted line {line})"
    );
}

#[test]
fn a_set_whose_turns_make_too_many_modules_is_refused_at_the_prototype_that_passes() {
    use horde_levelgen::collapse::MAX_MODULES;
    // Stairs-like prototypes: faces all alike, a shape that differs in every turn (4 modules).
    let one = |i: usize| {
        format!(
            "(name: \"p{i}\", faces: (west: (connector: 0, symmetry: Symmetric), east: (connector: 0, symmetry: Symmetric), south: (connector: 0, symmetry: Symmetric), north: (connector: 0, symmetry: Symmetric), down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)), shape: [(min: (0.0, 0.0, 0.0), max: (0.5, 1.0, 0.5))]),\n"
        )
    };
    let prototypes = MAX_MODULES / 4 + 1;
    let many: String = (0..prototypes).map(one).collect();
    let text = format!("(boundary: (up: 0, down: 0), prototypes: [\n{many}])");
    let e = ModuleSet::parse(&text, "turns.ron".as_ref()).unwrap_err();
    // Line 1 holds the opening; prototype k is on line k + 2.
    assert!(
        e.to_string()
            .starts_with(&format!("turns.ron:{}:", prototypes + 1)),
        "{e}"
    );
    assert!(
        e.to_string().contains(&format!(
            "makes {} modules; at most {MAX_MODULES}",
            MAX_MODULES + 4
        )),
        "{e}"
    );
    // One fewer fits exactly.
    let fits: String = (0..prototypes - 1).map(one).collect();
    let text = format!("(boundary: (up: 0, down: 0), prototypes: [\n{fits}])");
    let set = ModuleSet::parse(&text, "turns.ron".as_ref()).unwrap();
    assert_eq!(set.modules.len(), MAX_MODULES);
}
