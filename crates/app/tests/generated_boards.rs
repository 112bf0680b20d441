//! Generated boards (`horde generate`, `--generate N`) as a player meets them: over a thousand
//! seeds of three specs every board loads as a level (every tile with a path, by the game's own
//! check), every spawn's shortest path (by the game's flow field) is at least `min_path`, the
//! room for towers is met, and the bytes are the same on one thread and two; a generated board
//! plays to an outcome and its recording replays; hostile specs are refused naming their flag,
//! in bounded time.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::files::parse_level;
use horde_levelgen::boards::{BoardSpec, generate_board, generate_board_version};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The three specs the properties are checked on.
fn specs() -> [BoardSpec; 3] {
    let default = BoardSpec::default();
    [
        default,
        BoardSpec {
            width: 64,
            height: 64,
            ..default
        },
        BoardSpec {
            width: 40,
            height: 20,
            spawns: 4,
            destinations: 3,
            walls: 0.35,
            tower_room: 2,
            min_path: Some(50),
        },
    ]
}

/// Generates seeds `seeds` of every spec on a rayon pool of `threads` (the generator is
/// single-threaded: the pool must not matter) and returns their texts.
fn texts_on(threads: usize, seeds: std::ops::Range<u64>) -> Vec<String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        specs()
            .iter()
            .flat_map(|spec| seeds.clone().map(move |seed| (spec, seed)))
            .map(|(spec, seed)| generate_board(spec, seed).unwrap().level_text())
            .collect()
    })
}

#[test]
fn a_thousand_seeds_of_three_specs_make_playable_boards() {
    for spec in specs() {
        let mut first_try = 0;
        for seed in 0..1000 {
            let board = generate_board(&spec, seed).unwrap();
            let text = board.level_text();
            let version = horde_levelgen::boards::GENERATOR_VERSION;
            let header = format!("// horde generate v{version} seed {seed} spec {spec}\n");
            assert!(text.starts_with(&header), "{text}");
            first_try += u32::from(board.retries == 0);
            // The game's own check: every tile, walls included, has a path.
            let level = parse_level(&text, Path::new("generated.txt"))
                .unwrap_or_else(|e| panic!("{spec} seed {seed}: {e}\n{text}"));
            assert_eq!(level.spawn_points().len(), spec.spawns as usize);
            assert_eq!(level.destination_count(), spec.destinations as usize);
            for &spawn in level.spawn_points() {
                let steps = level.distance(spawn as usize);
                assert!(
                    steps >= spec.min_path(),
                    "{spec} seed {seed}: a spawn's path is {steps}"
                );
            }
            assert!(
                board.measures.tower_room >= spec.tower_room,
                "{spec} seed {seed}"
            );
        }
        // The goal: at least 99 % of seeds make their board at the first try.
        assert!(
            first_try >= 990,
            "{spec}: {first_try} of 1000 at the first try"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_one_thread_and_two() {
    assert_eq!(texts_on(1, 0..40), texts_on(2, 0..40));
}

/// `horde ARGS` from the repository's root, waited for with a deadline (it must not hang).
fn horde(args: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("horde {args:?} did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn hostile_specs_are_refused_naming_their_flag() {
    for (args, flag) in [
        (&["--size", "4x11"][..], "--size"),
        (&["--size", "300x20"], "--size"),
        (&["--size", "twenty"], "--size"),
        (&["--spawns", "0"], "--spawns"),
        (&["--spawns", "9"], "--spawns"),
        (&["--size", "23x5", "--spawns", "4"], "--spawns"),
        (&["--destinations", "12"], "--destinations"),
        (&["--walls", "0.95"], "--walls"),
        (&["--min-path", "400"], "--min-path"),
        (&["--tower-room", "1000"], "--tower-room"),
        // Not provably impossible: given up after the bounded retries.
        (&["--size", "5x5", "--min-path", "17"], "--min-path"),
    ] {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let out = horde(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
}

#[test]
fn a_generated_board_plays_to_an_outcome_and_its_recording_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("generated.rec");
    let out = horde(&[
        "sim",
        "--generate",
        "7",
        "--scenario",
        "assets/scenarios/siege.ron",
        "--ticks",
        "100000",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_ne!(summary["outcome"], "running", "{summary}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("#! level generated v2 seed 7 spec 23x11"),
        "{text}"
    );
    let out = horde(&["replay", record.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(replay["desync"].is_null(), "{replay}");
    assert!(replay["checked"].as_u64().unwrap() > 0);
}

#[test]
fn horde_generate_writes_levels_and_their_figures() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("boards");
    let out = horde(&[
        "generate",
        "--seed",
        "5",
        "--count",
        "3",
        "--out",
        folder.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for (line, seed) in lines.iter().zip(5..) {
        for key in [
            "width",
            "height",
            "path_min",
            "path_max",
            "tower_room",
            "walls",
            "ms",
            "retries",
        ] {
            assert!(line.get(key).is_some(), "{key}: {line}");
        }
        assert_eq!(line["seed"], seed);
        assert!(line["path_min"].as_u64().unwrap() >= 34);
        let file = std::fs::read_to_string(folder.join(format!("board-{seed}.txt"))).unwrap();
        let expected = generate_board(&BoardSpec::default(), seed)
            .unwrap()
            .level_text();
        assert_eq!(file, expected);
    }
    // One board to standard output: the level, the same bytes.
    let out = horde(&["generate", "--seed", "5"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), lines_text(5));
}

/// The default spec's board of `seed`.
fn lines_text(seed: u64) -> String {
    generate_board(&BoardSpec::default(), seed)
        .unwrap()
        .level_text()
}

/// The board of seed 7 at the default spec, as each generator version makes it: a change to
/// the generator that changes its boards must bump `GENERATOR_VERSION` (and add a pin), and
/// every older version must still make its boards, or boards shared by their seed (and the
/// recordings made on them) would change under their players.
#[test]
fn the_generators_boards_are_pinned_to_their_versions() {
    let pins = [
        include_str!("data/generated-v1-seed-7.txt"),
        include_str!("data/generated-v2-seed-7.txt"),
    ];
    assert_eq!(
        horde_levelgen::boards::GENERATOR_VERSIONS,
        1..=pins.len() as u32,
        "pin every version's board"
    );
    for (version, pinned) in (1..).zip(pins) {
        let board = generate_board_version(version, &BoardSpec::default(), 7).unwrap();
        assert_eq!(
            board.level_text(),
            pinned,
            "generator v{version} changed its boards: bump GENERATOR_VERSION and pin the new one"
        );
    }
    let current = generate_board(&BoardSpec::default(), 7).unwrap();
    assert_eq!(current.level_text(), pins[pins.len() - 1]);
    assert!(matches!(
        generate_board_version(0, &BoardSpec::default(), 7),
        Err(horde_levelgen::boards::BoardError::Version(0))
    ));
}

#[test]
fn a_generated_board_is_pictured_by_horde_screenshot() {
    let vulkan = horde_renderer::BackendChoice::Vulkan;
    let probe = horde_renderer::GpuContext::headless(horde_renderer::GpuRequest {
        backend: vulkan,
        ..horde_renderer::GpuRequest::default()
    });
    if probe.is_err() && std::env::var_os("HORDE_REQUIRE_GPU").is_none() {
        eprintln!("SKIPPED (HORDE_REQUIRE_GPU unset): no Vulkan adapter");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("generated.png");
    let result = horde(&[
        "screenshot",
        "--generate",
        "3",
        "--board-size",
        "30x15",
        "--size",
        "320x180",
        "--backend",
        "vulkan",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let image = image::open(&out).unwrap().to_rgba8();
    assert_eq!(image.dimensions(), (320, 180));
    let colours: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 10,
        "a flat picture: {} colours",
        colours.len()
    );
}
