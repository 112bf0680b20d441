//! Endless games as a user plays them headless: heavy mode (the game saved and loaded after
//! every tick, its checksum compared with the uninterrupted game's) holds over three endless
//! cycles, and `horde sim`'s summary counts the waves cleared.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;
use std::process::Command;

/// One small wave a cycle, then endless cycles growing by half; no defeat.
const SCENARIO: &str = "(
    lives: 0,
    cycles: 1,
    cycle_speed_up: 0.0,
    enemies: (
        small: (scale: (0.5, 0.6), speed: (0.8, 3.0), path_offset: (-0.3, 0.3), health: (40.0, 50.0)),
        medium: (scale: (0.9, 1.0), speed: (0.8, 1.2), path_offset: (-0.2, 0.2), health: (90.0, 120.0)),
        large: (scale: (1.2, 1.4), speed: (0.5, 0.6), path_offset: (-0.1, 0.1), health: (500.0, 600.0)),
    ),
    waves: [(sequences: [(enemy: Small, amount: 4, cooldown: 0.1)])],
    endless: (count: 1.5, health: 1.2, speed: 1.05),
)
";

#[test]
fn heavy_mode_holds_over_three_endless_cycles() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("short.ron"), SCENARIO).unwrap();
    std::fs::write(
        dir.path().join("corridor.txt"),
        "S..............D\n#######L########\n",
    )
    .unwrap();
    let run = |heavy: bool| {
        let mut args = vec![
            "sim",
            "--level",
            "corridor.txt",
            "--scenario",
            "short.ron",
            "--ticks",
            "3000",
            "--seed",
            "4",
            "--checksums",
            "sums.csv",
        ];
        if heavy {
            args.push("--heavy");
        }
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let summary: serde_json::Value =
            serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
        let sums = std::fs::read_to_string(dir.path().join("sums.csv")).unwrap();
        (summary, sums)
    };
    let (plain, plain_sums) = run(false);
    let (heavy, heavy_sums) = run(true);
    assert_eq!(plain, heavy);
    assert_eq!(plain_sums, heavy_sums);
    // One listed cycle and three endless ones (a wave each) cleared at least.
    let cleared = heavy["waves_cleared"].as_u64().unwrap();
    assert!(cleared >= 4, "{heavy}");
    assert_eq!(heavy["outcome"], "running", "no victory in an endless game");
    assert!(Path::new(&dir.path().join("sums.csv")).exists());
}
