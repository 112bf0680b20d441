//! Saved games: a game saved after any tick and loaded goes on exactly as the uninterrupted
//! game — the trace of the rest is the same, byte for byte, on 1 and 2 threads — and a
//! damaged, truncated, empty, foreign or future save is refused naming the file.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::maths::Maths;
use horde_core_sim::td::files::SAVE_FORMAT;
use horde_core_sim::td::files::TraceWriter;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::files::{game_from_bytes, game_to_bytes, load_game, save_game};
use horde_core_sim::td::game::{Outcome, Scenario, Simulation};
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::EditKind;
use std::path::Path;

use horde_core_sim::DT;
const BATTLE: &str = include_str!("../../../assets/levels/battle.txt");
const SIEGE: &str = include_str!("../../../assets/scenarios/siege.ron");

/// The battle level under the siege scenario: lasers, mortars, shells in flight, lives.
fn siege(seed: u64) -> Simulation {
    let board = parse_level(BATTLE, Path::new("battle.txt")).unwrap();
    let mut sim = Simulation::new(board, SpawnSettings::default(), seed);
    sim.set_scenario(Some(
        Scenario::parse(SIEGE, Path::new("siege.ron")).unwrap(),
    ));
    sim
}

/// The spawner with random characteristics on the battle level, and a player's edits.
fn spawner(seed: u64) -> Simulation {
    let board = parse_level(BATTLE, Path::new("battle.txt")).unwrap();
    let range = |a, b| FloatRange::new(a, b).unwrap();
    let settings =
        SpawnSettings::new(6.0, range(0.5, 1.5), range(0.5, 2.0), range(-0.4, 0.4)).unwrap();
    Simulation::new(board, settings, seed)
}

/// Runs `ticks` ticks of `sim`, applying a few edits on the way (a wall, a tower, a spawn
/// point: the order of spawn points matters to spawning), and returns the trace of them.
fn run(sim: &mut Simulation, ticks: u64) -> String {
    let mut trace = TraceWriter::new(Vec::new()).unwrap();
    for _ in 0..ticks {
        let next = sim.counts().ticks + 1;
        match next {
            100 => drop(sim.edit(EditKind::Wall, 5, 2)),
            250 => drop(sim.edit(EditKind::SpawnPoint, 11, 0)),
            400 => drop(sim.edit(
                EditKind::Tower(horde_core_sim::td::defence::TowerKind::Mortar),
                9,
                4,
            )),
            _ => {}
        }
        sim.step(DT);
        trace.write_tick(sim).unwrap();
    }
    String::from_utf8(trace.finish().unwrap()).unwrap()
}

/// The trace rows of ticks after `after` (the header dropped).
fn tail(trace: &str, after: u64) -> String {
    trace
        .lines()
        .skip(1)
        .filter(|line| line.split(',').next().unwrap().parse::<u64>().unwrap() > after)
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Plays `make()` for `total` ticks straight, and again saved and loaded after each of
/// `stops`; every resumed trace must equal the straight one's tail, and the final counts too.
fn resumes_exactly(make: fn(u64) -> Simulation, stops: &[u64], total: u64) {
    let mut straight = make(7);
    let whole = run(&mut straight, total);
    for &stop in stops {
        let mut first = make(7);
        run(&mut first, stop);
        let bytes = game_to_bytes(&first, DT).unwrap();
        let mut loaded = game_from_bytes(&bytes, Path::new("mid.horde")).unwrap();
        assert_eq!(loaded.dt, DT);
        assert_eq!(loaded.sim.counts(), first.counts(), "stop {stop}");
        let rest = run(&mut loaded.sim, total - stop);
        assert_eq!(rest.lines().next(), whole.lines().next());
        assert!(
            tail(&rest, 0) == tail(&whole, stop),
            "the game resumed after tick {stop} differs from the straight one"
        );
        assert_eq!(loaded.sim.counts(), straight.counts(), "stop {stop}");
        assert_eq!(loaded.sim.shells(), straight.shells(), "stop {stop}");
        assert_eq!(loaded.sim.towers().all(), straight.towers().all());
    }
}

/// Runs `test` on a pool of `threads` threads.
fn on_threads(threads: usize, test: impl FnOnce() + Send) {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(test);
}

#[test]
fn a_scenario_game_resumes_exactly_on_one_and_two_threads() {
    for threads in [1, 2] {
        on_threads(threads, || {
            // The first tick, mid-scenario with shells in flight, and late.
            resumes_exactly(siege, &[1, 330, 901], 1200);
        });
    }
    // The stops do see shells in flight and a scenario under way.
    let mut sim = siege(7);
    run(&mut sim, 330);
    assert!(!sim.shells().is_empty(), "no shell in flight at tick 330");
    run(&mut sim, 901 - 330);
    assert!(sim.counts().killed > 0 && sim.counts().alive > 0);
    assert_eq!(sim.outcome(), Outcome::Running);
}

#[test]
fn a_spawner_game_with_edits_resumes_exactly() {
    on_threads(2, || resumes_exactly(spawner, &[99, 250, 600], 800));
}

#[test]
fn a_decided_game_stays_decided() {
    let mut sim = siege(3);
    let mut ticks = 0;
    while sim.outcome() == Outcome::Running && ticks < 60 * 600 {
        sim.step(DT);
        ticks += 1;
    }
    assert_ne!(sim.outcome(), Outcome::Running, "the siege never ended");
    let loaded =
        game_from_bytes(&game_to_bytes(&sim, DT).unwrap(), Path::new("end.horde")).unwrap();
    assert_eq!(loaded.sim.outcome(), sim.outcome());
    assert_eq!(loaded.sim.counts(), sim.counts());
}

#[test]
fn saves_round_trip_through_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.horde");
    let mut sim = siege(5);
    run(&mut sim, 200);
    save_game(&path, &sim, DT).unwrap();
    let loaded = load_game(&path).unwrap();
    assert_eq!(loaded.sim.counts(), sim.counts());
    assert_eq!(loaded.sim.board().contents(), sim.board().contents());
    assert_eq!(loaded.sim.scenario(), sim.scenario());
    assert_eq!(loaded.sim.scenario_state(), sim.scenario_state());
}

/// The error of loading `bytes` as `bad.horde`.
fn refusal(bytes: &[u8]) -> String {
    game_from_bytes(bytes, Path::new("bad.horde"))
        .map(|_| ())
        .expect_err("a damaged save was accepted")
        .to_string()
}

#[test]
fn every_kind_of_damage_is_refused_naming_the_file() {
    let mut sim = siege(9);
    run(&mut sim, 400);
    let good = game_to_bytes(&sim, DT).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", vec![], "empty file"),
        ("text", b"S..D\n".to_vec(), "not a Horde save"),
        ("header only", good[..20].to_vec(), "truncated"),
        ("cut short", good[..good.len() / 2].to_vec(), "truncated"),
        (
            "one byte short",
            good[..good.len() - 1].to_vec(),
            "truncated",
        ),
        ("longer", [&good[..], b"x"].concat(), "after the end"),
    ];
    for (what, bytes, expected) in cases {
        let error = refusal(&bytes);
        assert!(error.starts_with("bad.horde: "), "{what}: {error}");
        assert!(error.contains(expected), "{what}: {error}");
    }
    // A flipped bit anywhere after the magic and version: the checksum or a length says so.
    for at in (12..good.len()).step_by(good.len() / 97 + 1) {
        for bit in [0, 5] {
            let mut bytes = good.clone();
            bytes[at] ^= 1 << bit;
            let error = refusal(&bytes);
            assert!(error.starts_with("bad.horde: "), "byte {at}: {error}");
        }
    }
    let mut future = good.clone();
    future[8..12].copy_from_slice(&(SAVE_FORMAT.version + 1).to_le_bytes());
    assert_eq!(
        refusal(&future),
        format!(
            "bad.horde: a Horde save of format version {}, from a newer Horde; this one reads version {}",
            SAVE_FORMAT.version + 1,
            SAVE_FORMAT.version
        )
    );
}

#[test]
fn saves_of_versions_1_to_3_are_refused_by_their_version() {
    assert_eq!(SAVE_FORMAT.version, 6);
    // Version 1: written before each tower kind kept its own state (towers had fields of all
    // kinds); version 2: before the enemies' animation clips; version 3: before the towers'
    // targeting priorities.
    for (version, old) in [
        (1, &include_bytes!("data/version-1.horde")[..]),
        (2, &include_bytes!("data/version-2.horde")[..]),
        (3, &include_bytes!("data/version-3.horde")[..]),
    ] {
        assert_eq!(
            refusal(old),
            format!(
                "bad.horde: a Horde save of format version {version}, from an older Horde; this one reads version 6"
            )
        );
    }
}

/// Loads a format-4 save made by the build before format 5, checks its checksum where the
/// old build printed one for the saved tick, plays `ticks` more and checks every checksum that
/// build printed for them (`tick,checksum` lines, every 60 ticks and the last).
fn plays_on_as_format_4_did(save: &[u8], expected: &str, ticks: u64) {
    let loaded = game_from_bytes(save, Path::new("version-4.horde")).unwrap();
    let mut sim = loaded.sim;
    let start = sim.counts().ticks;
    let mut expected: Vec<(u64, String)> = expected
        .lines()
        .map(|line| {
            let (tick, sum) = line.split_once(',').unwrap();
            (tick.parse().unwrap(), sum.to_string())
        })
        .collect();
    if expected[0].0 == start {
        let (_, sum) = expected.remove(0);
        assert_eq!(format!("{:016x}", sim.checksum()), sum, "as saved");
    }
    let mut checked = 0;
    for _ in 0..ticks {
        sim.step(loaded.dt);
        let tick = sim.counts().ticks;
        if let Some((_, sum)) = expected.iter().find(|(t, _)| *t == tick) {
            assert_eq!(format!("{:016x}", sim.checksum()), *sum, "tick {tick}");
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        expected.len(),
        "every checksum of the old build checked"
    );
}

#[test]
fn a_format_4_save_loads_in_this_build_and_plays_on_as_it_would_have() {
    // Made by the build before format 5 (tests/data/README.md): a siege with a budget,
    // towers of both kinds and shells; the spawner with animation clips and towers.
    plays_on_as_format_4_did(
        include_bytes!("data/version-4-siege.horde"),
        include_str!("data/version-4-siege.csv"),
        1200,
    );
    plays_on_as_format_4_did(
        include_bytes!("data/version-4-spawner.horde"),
        include_str!("data/version-4-spawner.csv"),
        600,
    );
}

#[test]
fn a_migrated_save_saves_again_in_todays_format_as_the_same_game() {
    let loaded = game_from_bytes(
        include_bytes!("data/version-4-siege.horde"),
        Path::new("version-4.horde"),
    )
    .unwrap();
    let bytes = game_to_bytes(&loaded.sim, loaded.dt).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 6);
    let again = game_from_bytes(&bytes, Path::new("again.horde")).unwrap();
    assert_eq!(again.sim.checksum(), loaded.sim.checksum());
}

#[test]
fn a_save_keeps_the_maths_its_game_is_played_with() {
    // Saves made before games said which maths they use were played with the platform's:
    // they load to go on with it, and say so again when saved.
    let old = game_from_bytes(
        include_bytes!("data/version-4-siege.horde"),
        Path::new("version-4.horde"),
    )
    .unwrap();
    assert_eq!(old.sim.maths(), Maths::Platform);
    let again = game_to_bytes(&old.sim, old.dt).unwrap();
    let again = game_from_bytes(&again, Path::new("again.horde")).unwrap();
    assert_eq!(again.sim.maths(), Maths::Platform);
    // A new game is played with the same maths everywhere, and its save says so.
    let mut new = siege(3);
    assert_eq!(new.maths(), Maths::Portable);
    run(&mut new, 120);
    let loaded = game_from_bytes(&game_to_bytes(&new, DT).unwrap(), Path::new("new.horde"));
    let loaded = loaded.unwrap();
    assert_eq!(loaded.sim.maths(), Maths::Portable);
    assert_eq!(loaded.sim.checksum(), new.checksum());
}

#[test]
fn a_sealed_payload_that_is_no_game_is_refused() {
    for payload in [&b""[..], b"\x01\x02\x03", &[0xff; 200]] {
        let bytes = horde_files::seal(&SAVE_FORMAT, &[payload]).unwrap();
        let error = refusal(&bytes);
        assert!(error.contains("not a valid save"), "{error}");
    }
}

#[test]
fn many_enemies_take_at_most_64_bytes_each() {
    let board = horde_core_sim::td::tiles::winding_board(256, 256, 16, 8).unwrap();
    let range = |a, b| FloatRange::new(a, b).unwrap();
    let settings =
        SpawnSettings::new(1.0, range(0.5, 1.5), range(0.5, 2.0), range(-0.4, 0.4)).unwrap();
    let mut sim = Simulation::new(board, settings, 4);
    sim.populate(200_000);
    for _ in 0..30 {
        sim.step(DT);
    }
    let bytes = game_to_bytes(&sim, DT).unwrap();
    let per_enemy = bytes.len() as f64 / sim.enemies().len() as f64;
    assert!(per_enemy <= 64.0, "{per_enemy:.1} bytes an enemy");
    let loaded = game_from_bytes(&bytes, Path::new("big.horde")).unwrap();
    assert_eq!(loaded.sim.counts(), sim.counts());
}
