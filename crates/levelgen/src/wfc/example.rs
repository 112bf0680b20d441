//! The example module set of the docs and tests: air, ground and a pillar, small enough to read.

/// A tiny module set (air, ground, a pillar) used in examples and tests.
pub const EXAMPLE_SET: &str = r#"(
    boundary: (up: 0, down: 1),
    prototypes: [
        (
            name: "air",
            weight: 4.0,
            faces: (
                west: (connector: 0, symmetry: Symmetric),
                east: (connector: 0, symmetry: Symmetric),
                south: (connector: 0, symmetry: Symmetric),
                north: (connector: 0, symmetry: Symmetric),
                down: (connector: 0, rotation: Invariant),
                up: (connector: 0, rotation: Invariant),
            ),
        ),
        (
            name: "ground",
            weight: 1.0,
            faces: (
                west: (connector: 2, symmetry: Symmetric),
                east: (connector: 2, symmetry: Symmetric),
                south: (connector: 2, symmetry: Symmetric),
                north: (connector: 2, symmetry: Symmetric),
                down: (connector: 1, rotation: Invariant),
                up: (connector: 0, rotation: Invariant),
            ),
            shape: [(min: (0.0, 0.0, 0.0), max: (1.0, 0.2, 1.0), color: (90, 140, 70))],
        ),
        (
            name: "pillar",
            weight: 0.5,
            faces: (
                west: (connector: 0, symmetry: Symmetric),
                east: (connector: 0, symmetry: Symmetric),
                south: (connector: 0, symmetry: Symmetric),
                north: (connector: 0, symmetry: Symmetric),
                down: (connector: 0, rotation: Invariant),
                up: (connector: 0, rotation: Invariant),
            ),
            exclusions: (down: ["pillar"]),
            shape: [(min: (0.4, 0.0, 0.4), max: (0.6, 1.0, 0.6), color: (200, 200, 200))],
        ),
    ],
)"#;
